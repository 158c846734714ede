// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ApplicationDocument } from '../../machines/form/application-document.ts';
import type { AnswerDocument } from '../../machines/form/answers.ts';
import { qualificationFlags, type QualificationFlagId } from '../../server/recruiter/qualification-flags.ts';

/**
 * Each criterion of the requirements page on both sides of its boundary, with the submission fixed
 * at 15 July 2024 (UTC).
 */

const submittedAt = new Date('2024-07-15T15:00:00.000Z');

/** An applicant who meets every criterion, with `changes` merged into its steps. */
function application(changes: Partial<Record<'personal' | 'record' | 'accidents' | 'violations', AnswerDocument>> = {}): ApplicationDocument {
  return {
    version: 1,
    answers: {
      personal: { 'first-name': 'Maria', 'last-name': 'Alvarez', 'date-of-birth': '1985-04-12', ...changes.personal },
      record: { 'alcohol-offense': 'no', 'failed-drug-test': 'no', ...changes.record },
      accidents: { 'had-accidents': 'no', ...changes.accidents },
      violations: { 'had-violations': 'no', ...changes.violations },
    },
    acknowledgements: {},
    signature: { method: 'typed', name: 'Maria Alvarez', signedAt: submittedAt.toISOString() },
  };
}

function flagIds(document: ApplicationDocument, at = submittedAt): QualificationFlagId[] {
  return qualificationFlags(document, at).map((flag) => flag.id);
}

const accident = (date: string, type: string, atFault: 'yes' | 'no') => ({ 'accident-date': date, type, 'at-fault': atFault });
const violation = (date: string, charge = 'Speeding') => ({ 'violation-date': date, charge });
const accidents = (...entries: ReturnType<typeof accident>[]) => ({ accidents: { 'had-accidents': 'yes', accidents: entries } });
const violations = (...entries: ReturnType<typeof violation>[]) => ({ violations: { 'had-violations': 'yes', violations: entries } });

describe('qualification flags', () => {
  it('raises none for an applicant who meets every criterion', () => {
    expect(qualificationFlags(application(), submittedAt)).toEqual([]);
  });

  it('under 21: 21 on the day of application is old enough, a day younger is not', () => {
    expect(flagIds(application({ personal: { 'date-of-birth': '2003-07-15' } }))).toEqual([]);
    expect(flagIds(application({ personal: { 'date-of-birth': '2003-07-16' } }))).toEqual(['under-21']);
    const [flag] = qualificationFlags(application({ personal: { 'date-of-birth': '2003-07-16' } }), submittedAt);
    expect(flag?.reasons).toEqual(['Born 16 July 2003: under 21 on the day of application']);
  });

  it('under 21: born on 29 February, the 21st birthday is 1 March in a year without one', () => {
    const leapling = application({ personal: { 'date-of-birth': '2004-02-29' } });
    expect(flagIds(leapling, new Date('2025-02-28T23:59:00.000Z'))).toEqual(['under-21']);
    expect(flagIds(leapling, new Date('2025-03-01T00:00:00.000Z'))).toEqual([]);
  });

  it('DUI/OWI: a DUI violation exactly 10 years before the day of application counts, one day earlier does not', () => {
    expect(flagIds(application(violations(violation('2014-07-15', 'DUI/OWI'))))).toEqual(['dui']);
    expect(flagIds(application(violations(violation('2014-07-14', 'DUI/OWI'))))).toEqual([]);
    expect(flagIds(application(violations(violation('2024-07-01', 'Speeding'))))).toEqual([]);
  });

  it('DUI/OWI: an alcohol or controlled-substance conviction counts when its month reaches into the 10 years', () => {
    const conviction = (month: string) => application({ record: { 'alcohol-offense': 'yes', 'alcohol-offense-date': month, 'alcohol-offense-explanation': 'x' } });
    expect(flagIds(conviction('2014-07'))).toEqual(['dui']);
    expect(flagIds(conviction('2014-06'))).toEqual([]);
  });

  it('accidents: two at-fault accidents in 2 years raise the flag, one does not, nor two when the older is a day outside', () => {
    expect(flagIds(application(accidents(accident('2022-07-15', 'Non-Injury', 'yes'), accident('2024-01-10', 'Non-Injury', 'yes')))))
      .toEqual(['accidents']);
    expect(flagIds(application(accidents(accident('2022-07-14', 'Non-Injury', 'yes'), accident('2024-01-10', 'Non-Injury', 'yes'))))).toEqual([]);
    expect(flagIds(application(accidents(accident('2024-01-10', 'Non-Injury', 'yes'))))).toEqual([]);
    expect(flagIds(application(accidents(accident('2023-07-15', 'Non-Injury', 'no'), accident('2024-01-10', 'Non-Injury', 'no'))))).toEqual([]);
  });

  it('accidents: any injury or fatality accident in 5 years raises the flag, at fault or not', () => {
    expect(flagIds(application(accidents(accident('2019-07-15', 'Injury', 'no'))))).toEqual(['accidents']);
    expect(flagIds(application(accidents(accident('2019-07-14', 'Injury', 'no'))))).toEqual([]);
    expect(flagIds(application(accidents(accident('2019-07-15', 'Fatality', 'no'))))).toEqual(['accidents']);
    expect(flagIds(application(accidents(accident('2019-07-14', 'Fatality', 'yes'))))).toEqual([]);
    expect(flagIds(application(accidents(accident('2024-07-01', 'Non-Injury', 'no'))))).toEqual([]);
    expect(qualificationFlags(application(accidents(accident('2020-03-02', 'Fatality', 'no'))), submittedAt)[0]?.reasons).toEqual([
      'Fatality accident on 2 March 2020',
    ]);
  });

  it('moving violations: three in 2 years raise the flag, two do not', () => {
    const recent = [violation('2023-05-01'), violation('2024-02-01')];
    expect(flagIds(application(violations(violation('2022-07-15'), ...recent)))).toEqual(['violations']);
    expect(flagIds(application(violations(violation('2022-07-14'), ...recent)))).toEqual([]);
    expect(flagIds(application(violations(...recent)))).toEqual([]);
  });

  it('drug or alcohol test: a positive or refused test raises the flag whenever it was', () => {
    expect(flagIds(application({ record: { 'failed-drug-test': 'yes', 'failed-drug-test-date': '2001-03', 'failed-drug-test-explanation': 'x' } }))).toEqual([
      'drug-test',
    ]);
    expect(flagIds(application({ record: { 'failed-drug-test': 'no' } }))).toEqual([]);
  });

  it('lists every flag raised, in the requirements page’s order', () => {
    const everything = application({
      personal: { 'date-of-birth': '2005-01-01' },
      record: { 'failed-drug-test': 'yes', 'failed-drug-test-date': '2024-01' },
      ...accidents(accident('2024-01-01', 'Injury', 'yes')),
      ...violations(violation('2024-01-01', 'DUI/OWI'), violation('2024-02-01'), violation('2024-03-01')),
    });
    expect(flagIds(everything)).toEqual(['under-21', 'dui', 'accidents', 'violations', 'drug-test']);
  });
});
