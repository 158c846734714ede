import { describe, expect, it } from 'vitest';
import { applicationDocumentOf, validateApplicationDocument, type ApplicationDocument } from '../../machines/form/application-document.ts';
import { completeApplication } from '../support/sample-answers.ts';

function completeDocument(): ApplicationDocument {
  return applicationDocumentOf(completeApplication().actor.getSnapshot().context);
}

describe('the submitted application document', () => {
  it('of a complete application has no problems', () => {
    expect(validateApplicationDocument(completeDocument())).toEqual([]);
  });

  it('keeps the spec’s field names as keys (decision 14)', () => {
    const document = completeDocument();
    expect(document.answers.general).toHaveProperty('current-commercial-driving-experience');
    expect(document.answers.military?.['military-service']).toEqual(
      expect.arrayContaining([expect.objectContaining({ 'pi[service-number]': expect.any(String), 'pi[is-honorable-discharge]': 'yes' })]),
    );
  });

  it('names every missing required field, one at a time', () => {
    const document = completeDocument();
    for (const [step, answers] of Object.entries(document.answers)) {
      for (const [name, value] of Object.entries(answers ?? {})) {
        if (Array.isArray(value) && value.length > 0 && typeof value[0] === 'object') continue;
        const broken = { ...document, answers: { ...document.answers, [step]: { ...answers, [name]: undefined } } };
        const problems = validateApplicationDocument(JSON.parse(JSON.stringify(broken)));
        // Either the field is optional, or the problems name it (or a field of the same step that depends on it).
        const named = problems.some((problem) => problem.field === `${step}.${name}`);
        const sameStep = problems.every((problem) => problem.field.startsWith(`${step}.`));
        expect(problems.length === 0 || (sameStep && (named || problems.length === 1)), `${step}.${name}: ${JSON.stringify(problems)}`).toBe(true);
      }
    }
    const withoutFirstName = { ...document, answers: { ...document.answers, personal: { ...document.answers.personal, 'first-name': undefined } } };
    expect(validateApplicationDocument(JSON.parse(JSON.stringify(withoutFirstName)))).toEqual([
      { field: 'personal.first-name', message: 'Enter first name' },
    ]);
  });

  it('refuses wrong types, unknown steps and keys, missing acknowledgements and a bad signature', () => {
    const document = completeDocument();
    const cases: [unknown, string][] = [
      [null, ''],
      [{ ...document, answers: { ...document.answers, personal: { ...document.answers.personal, 'first-name': 42 } } }, 'personal.first-name'],
      [{ ...document, answers: { ...document.answers, bonus: {} } }, 'answers.bonus'],
      [{ ...document, answers: { ...document.answers, personal: { ...document.answers.personal, nickname: 'x' } } }, 'personal'],
      [{ ...document, acknowledgements: { ...document.acknowledgements, rights: undefined } }, 'acknowledgements.rights'],
      [{ ...document, signature: { method: 'drawn', image: 'data:image/jpeg;base64,AAAA', signedAt: '2024-07-15T10:00:00Z' } }, 'signature.image'],
      [{ ...document, signature: { method: 'typed', name: ' ', signedAt: '2024-07-15T10:00:00Z' } }, 'signature.name'],
      [{ ...document, version: 2 }, 'version'],
      [{ ...document, extra: true }, 'extra'],
    ];
    for (const [input, field] of cases) {
      const problems = validateApplicationDocument(JSON.parse(JSON.stringify(input)));
      expect(problems.map((problem) => problem.field), JSON.stringify(problems)).toContain(field);
    }
  });

  it('refuses an answer to a question the other answers do not ask, naming it, and never throws on a control of the wrong type', () => {
    const document = completeDocument();
    const personal = document.answers.personal ?? {};
    const stayed = { ...document, answers: { ...document.answers, personal: { ...personal, 'lived-three-years': 'yes' } } };
    expect(validateApplicationDocument(JSON.parse(JSON.stringify(stayed)))).toEqual([
      { field: 'personal.previous-addresses', message: 'An answer to a question the other answers do not ask: previous-addresses' },
    ]);
    const numberControl = { ...document, answers: { ...document.answers, personal: { ...personal, 'lived-three-years': 5 } } };
    const problems = validateApplicationDocument(JSON.parse(JSON.stringify(numberControl)));
    expect(problems.map((problem) => problem.field)).toEqual(expect.arrayContaining(['personal.lived-three-years', 'personal.previous-addresses']));
  });
});
