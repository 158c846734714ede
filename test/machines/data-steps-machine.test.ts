import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { applicationMachine, fieldKey, revealRegionId, type ApplicationEvent } from '../../machines/application-machine.ts';
import { selectAnswer, selectEntryIds, selectStepProblems, selectVisibleError } from '../../machines/application-selectors.ts';
import { selectHistoryCoverage, selectHistoryFormIsOpen, selectHistoryRows } from '../../machines/history-selectors.ts';
import { stepDocument } from '../../machines/form/answers.ts';
import { getStepForm } from '../../machines/form/step-forms.ts';
import type { StepId } from '../../machines/steps.ts';
import { directFields, stepLevelReveals } from '../support/form-declarations.ts';

function start() {
  return createActor(applicationMachine).start();
}

function problemKeys(actor: ReturnType<typeof start>, step: StepId): string[] {
  return selectStepProblems(actor.getSnapshot(), step).map((problem) => problem.key);
}

function regionState(actor: ReturnType<typeof start>, step: StepId, name: string): string {
  const reveals = (actor.getSnapshot().value as unknown as { reveals: Record<string, string> }).reveals;
  return reveals[revealRegionId(step, name)] ?? 'missing';
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2024, 6, 15));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('every step-level reveal', () => {
  const cases = stepLevelReveals();

  it('is declared for the questions the issue names', () => {
    const names = cases.map((c) => `${c.step}:${c.field.name}`);
    for (const expected of [
      'general:military-service',
      'general:referral',
      'general:previous-employment',
      'general:twic-card',
      'general:illegal-drug-use',
      'general:trailer-hauling-experience',
      'license:is-commercial-license',
      'license:endorsements',
      'license:other-licenses',
      'personal:lived-three-years',
      'military:ever-in-military',
      'employed:employed-last-10-years',
      'training:attended-driver-training',
      'education:attended-school',
      'unemployed:unemployed-last-10-years',
      'record:license-denied',
      'record:failed-drug-test',
      'accidents:had-accidents',
      'violations:had-violations',
      'criminal:convictions',
      'criminal:felonies',
      'criminal:last-illegal-drug-use',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it.each(cases.map((c) => [`${c.step}:${c.field.name} → ${c.reveal.when}`, c] as const))(
    '%s: fields appear on the opening answer, disappear on another, and the required set follows',
    (_, { step, field, reveal, opening, other }) => {
      const actor = start();
      const revealed = directFields(reveal.fields);
      const requiredRevealed = revealed.filter((f) => f.required).map((f) => f.name);
      const lists = reveal.fields.filter((node) => node.kind === 'list');

      expect(regionState(actor, step, field.name)).toBe('hidden');
      for (const name of requiredRevealed) expect(problemKeys(actor, step)).not.toContain(name);

      actor.send({ type: 'answer.changed', step, name: field.name, value: opening });
      expect(regionState(actor, step, field.name)).toBe(reveal.when);
      for (const name of requiredRevealed) expect(problemKeys(actor, step)).toContain(name);
      for (const list of lists) {
        expect(selectEntryIds(actor.getSnapshot(), step, list.name)).toHaveLength(1);
        expect(problemKeys(actor, step).some((key) => key.startsWith(`${list.name}/`))).toBe(true);
      }

      actor.send({ type: 'answer.changed', step, name: field.name, value: other });
      expect(regionState(actor, step, field.name)).toBe('hidden');
      const keys = problemKeys(actor, step);
      for (const name of requiredRevealed) expect(keys).not.toContain(name);
      for (const list of lists) expect(keys.some((key) => key === list.name || key.startsWith(`${list.name}/`))).toBe(false);
    },
  );

  it('keeps what was typed under a closed reveal, but leaves it out of the step document', () => {
    const actor = start();
    actor.send({ type: 'answer.changed', step: 'general', name: 'referral', value: 'yes' });
    actor.send({ type: 'answer.changed', step: 'general', name: 'referral-name', value: 'Pat Jones' });
    const form = getStepForm('general');
    if (!form) throw new Error('no general form');
    expect(stepDocument(form, actor.getSnapshot().context.answers.general)['referral-name']).toBe('Pat Jones');
    actor.send({ type: 'answer.changed', step: 'general', name: 'referral', value: 'no' });
    expect(selectAnswer(actor.getSnapshot(), 'general', 'referral-name')).toBe('Pat Jones');
    expect(stepDocument(form, actor.getSnapshot().context.answers.general)).not.toHaveProperty('referral-name');
    actor.send({ type: 'answer.changed', step: 'general', name: 'referral', value: 'yes' });
    expect(stepDocument(form, actor.getSnapshot().context.answers.general)['referral-name']).toBe('Pat Jones');
  });
});

describe('reveals inside list entries', () => {
  function employerActor() {
    const actor = start();
    actor.send({ type: 'answer.changed', step: 'employed', name: 'employed-last-10-years', value: 'yes' });
    const [entryId] = selectEntryIds(actor.getSnapshot(), 'employed', 'employers');
    if (!entryId) throw new Error('no employer entry');
    const set = (name: string, value: string) =>
      actor.send({ type: 'entry.answer.changed', step: 'employed', list: 'employers', entryId, name, value });
    const key = (name: string) => fieldKey(name, { list: 'employers', entryId });
    return { actor, set, key };
  }

  it('terminated → a required explanation', () => {
    const { actor, set, key } = employerActor();
    expect(problemKeys(actor, 'employed')).not.toContain(key('termination-explanation'));
    set('terminated', 'yes');
    expect(problemKeys(actor, 'employed')).toContain(key('termination-explanation'));
    set('terminated', 'no');
    expect(problemKeys(actor, 'employed')).not.toContain(key('termination-explanation'));
  });

  it('operated a CMV → the seven CMV questions', () => {
    const { actor, set, key } = employerActor();
    const cmv = ['subject-to-fmcsr', 'safety-sensitive', 'areas-driven', 'weekly-miles', 'common-truck', 'common-trailer', 'trailer-length'];
    set('operated-cmv', 'yes');
    for (const name of cmv) expect(problemKeys(actor, 'employed')).toContain(key(name));
    set('operated-cmv', 'no');
    for (const name of cmv) expect(problemKeys(actor, 'employed')).not.toContain(key(name));
  });

  it('an accident in a commercial vehicle → DOT recordable', () => {
    const actor = start();
    actor.send({ type: 'answer.changed', step: 'accidents', name: 'had-accidents', value: 'yes' });
    const [entryId = ''] = selectEntryIds(actor.getSnapshot(), 'accidents', 'accidents');
    const key = fieldKey('dot-recordable', { list: 'accidents', entryId });
    expect(problemKeys(actor, 'accidents')).not.toContain(key);
    actor.send({ type: 'entry.answer.changed', step: 'accidents', list: 'accidents', entryId, name: 'commercial-vehicle', value: 'yes' });
    expect(problemKeys(actor, 'accidents')).toContain(key);
  });

  it('a country other than the United States takes a free-text state/province', () => {
    const { actor, set, key } = employerActor();
    set('country', 'CA');
    set('state', 'Ontario');
    expect(problemKeys(actor, 'employed')).not.toContain(key('state'));
  });
});

describe('emergency contacts', () => {
  const list = { step: 'emergency', list: 'emergency-contacts' } as const;

  it('start with two pre-listed, empty entries (sample values are placeholders only)', () => {
    const actor = start();
    const ids = selectEntryIds(actor.getSnapshot(), 'emergency', 'emergency-contacts');
    expect(ids).toHaveLength(2);
    for (const entryId of ids) expect(selectAnswer(actor.getSnapshot(), 'emergency', 'name', { list: list.list, entryId })).toBeUndefined();
  });

  it('can have more added; only the third and later can be removed', () => {
    const actor = start();
    actor.send({ type: 'entry.added', ...list });
    actor.send({ type: 'entry.added', ...list });
    const ids = selectEntryIds(actor.getSnapshot(), 'emergency', 'emergency-contacts');
    expect(ids).toHaveLength(4);
    const [first = '', second = '', third = '', fourth = ''] = ids;
    actor.send({ type: 'entry.removed', ...list, entryId: first });
    actor.send({ type: 'entry.removed', ...list, entryId: second });
    expect(selectEntryIds(actor.getSnapshot(), 'emergency', 'emergency-contacts')).toEqual(ids);
    actor.send({ type: 'entry.removed', ...list, entryId: third });
    expect(selectEntryIds(actor.getSnapshot(), 'emergency', 'emergency-contacts')).toEqual([first, second, fourth]);
    actor.send({ type: 'entry.removed', ...list, entryId: fourth });
    actor.send({ type: 'entry.removed', ...list, entryId: first });
    expect(selectEntryIds(actor.getSnapshot(), 'emergency', 'emergency-contacts')).toEqual([first, second]);
  });

  it('require one complete contact; an untouched second one is ignored', () => {
    const actor = start();
    const [first = ''] = selectEntryIds(actor.getSnapshot(), 'emergency', 'emergency-contacts');
    expect(problemKeys(actor, 'emergency')).toEqual(
      ['name', 'relationship', 'phone'].map((name) => fieldKey(name, { list: list.list, entryId: first })),
    );
    for (const [name, value] of [['name', 'Ann Lee'], ['relationship', 'Sister'], ['phone', '(540) 555-0100']] as const) {
      actor.send({ type: 'entry.answer.changed', ...list, entryId: first, name, value });
    }
    expect(problemKeys(actor, 'emergency')).toEqual([]);
  });
});

describe('lists of entries', () => {
  it('add, edit and remove entries; the declaring question’s No removes the need for them', () => {
    const actor = start();
    actor.send({ type: 'answer.changed', step: 'violations', name: 'had-violations', value: 'yes' });
    actor.send({ type: 'entry.added', step: 'violations', list: 'violations' });
    const [first = '', second = ''] = selectEntryIds(actor.getSnapshot(), 'violations', 'violations');
    actor.send({ type: 'entry.answer.changed', step: 'violations', list: 'violations', entryId: second, name: 'charge', value: 'Speeding' });
    expect(selectAnswer(actor.getSnapshot(), 'violations', 'charge', { list: 'violations', entryId: second })).toBe('Speeding');
    actor.send({ type: 'entry.removed', step: 'violations', list: 'violations', entryId: first });
    expect(selectEntryIds(actor.getSnapshot(), 'violations', 'violations')).toEqual([second]);
    expect(problemKeys(actor, 'violations').length).toBeGreaterThan(0);
    actor.send({ type: 'answer.changed', step: 'violations', name: 'had-violations', value: 'no' });
    expect(problemKeys(actor, 'violations')).toEqual([]);
  });

  it('ignore events for unknown steps, lists, entries, fields and values of the wrong type', () => {
    const actor = start();
    const before = actor.getSnapshot().context;
    const bad = [
      { type: 'answer.changed', step: 'personal', name: 'no-such-field', value: 'x' },
      { type: 'answer.changed', step: 'personal', name: 'first-name', value: 42 },
      { type: 'answer.changed', step: 'home', name: 'first-name', value: 'x' },
      { type: 'entry.added', step: 'personal', list: 'no-such-list' },
      { type: 'entry.answer.changed', step: 'emergency', list: 'emergency-contacts', entryId: 'nope', name: 'name', value: 'x' },
      { type: 'entry.answer.changed', step: 'emergency', list: 'emergency-contacts', entryId: 'emergency-contacts-1', name: 'nope', value: 'x' },
      { type: 'entry.removed', step: 'emergency', list: 'emergency-contacts', entryId: 'emergency-contacts-1' },
    ] as unknown as ApplicationEvent[];
    for (const event of bad) actor.send(event);
    expect(actor.getSnapshot().context).toEqual(before);
  });
});

describe('validation rules', () => {
  function personal(values: Record<string, string>) {
    const actor = start();
    for (const [name, value] of Object.entries(values)) actor.send({ type: 'answer.changed', step: 'personal', name, value });
    return selectStepProblems(actor.getSnapshot(), 'personal');
  }

  it('lists every missing required Personal Information answer, named', () => {
    const messages = personal({}).map((problem) => `${problem.key}: ${problem.message}`);
    expect(messages).toEqual([
      'first-name: Enter first name',
      'last-name: Enter last name',
      'ssn: Enter your Social Security Number or Social Insurance Number',
      'date-of-birth: Enter date of birth',
      'address-line-1: Enter street address line 1',
      'city: Enter city',
      'state: Select state/province',
      'zip: Enter zip/postal code',
      'lived-three-years: Select yes or no: Have you lived at this address for 3 years or more?',
      'preferred-contact-method: Select preferred method of contact',
      'best-time-to-contact: Select best time to contact',
    ]);
  });

  it('requires the email confirmation to match', () => {
    expect(personal({ email: 'a@example.com', 'confirm-email': 'b@example.com' })).toContainEqual({
      key: 'confirm-email',
      message: 'Confirm email address must match email address',
    });
    expect(personal({ email: 'a@example.com', 'confirm-email': 'A@example.com' }).map((p) => p.key)).not.toContain('confirm-email');
    expect(personal({ email: 'not-an-email' }).map((p) => p.key)).toContain('email');
  });

  it('refuses a date of birth in the future or giving no real age, without a verdict on qualification', () => {
    expect(personal({ 'date-of-birth': '2030-01-01' }).find((p) => p.key === 'date-of-birth')?.message).toBe(
      'Date of birth must be today or in the past',
    );
    expect(personal({ 'date-of-birth': '1850-01-01' }).find((p) => p.key === 'date-of-birth')?.message).toMatch(/real date/);
    expect(personal({ 'date-of-birth': '2005-01-01' }).map((p) => p.key)).not.toContain('date-of-birth');
  });

  it('refuses an end date before its start date and an accident in the future', () => {
    const actor = start();
    actor.send({ type: 'answer.changed', step: 'unemployed', name: 'unemployed-last-10-years', value: 'yes' });
    const [entryId = ''] = selectEntryIds(actor.getSnapshot(), 'unemployed', 'unemployment');
    const set = (name: string, value: string) =>
      actor.send({ type: 'entry.answer.changed', step: 'unemployed', list: 'unemployment', entryId, name, value });
    set('start-date', '2020-05');
    set('end-date', '2020-01');
    expect(selectStepProblems(actor.getSnapshot(), 'unemployed')).toContainEqual({
      key: fieldKey('end-date', { list: 'unemployment', entryId }),
      message: 'End date must be the same as or after start date',
    });

    actor.send({ type: 'answer.changed', step: 'accidents', name: 'had-accidents', value: 'yes' });
    const [accident = ''] = selectEntryIds(actor.getSnapshot(), 'accidents', 'accidents');
    actor.send({ type: 'entry.answer.changed', step: 'accidents', list: 'accidents', entryId: accident, name: 'accident-date', value: '2024-08-01' });
    expect(selectStepProblems(actor.getSnapshot(), 'accidents').find((p) => p.key.endsWith('/accident-date'))?.message).toBe(
      'Accident date must be today or in the past',
    );
  });

  it('shows an error next to a field only once it has been left', () => {
    const actor = start();
    actor.send({ type: 'answer.changed', step: 'personal', name: 'first-name', value: '' });
    expect(selectVisibleError(actor.getSnapshot(), 'personal', 'first-name')).toBeUndefined();
    actor.send({ type: 'answer.left', step: 'personal', key: 'first-name' });
    expect(selectVisibleError(actor.getSnapshot(), 'personal', 'first-name')).toBe('Enter first name');
    actor.send({ type: 'answer.changed', step: 'personal', name: 'first-name', value: 'Ann' });
    expect(selectVisibleError(actor.getSnapshot(), 'personal', 'first-name')).toBeUndefined();
  });
});

describe('the Add History Item form', () => {
  it('opens and cancels, as a state of the machine', () => {
    const actor = start();
    expect(selectHistoryFormIsOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'history.form.opened' });
    expect(actor.getSnapshot().matches({ historyForm: 'open' })).toBe(true);
    actor.send({ type: 'history.form.changed', name: 'comments', value: 'Looking after family' });
    actor.send({ type: 'history.form.cancelled' });
    expect(actor.getSnapshot().matches({ historyForm: 'closed' })).toBe(true);
    expect(actor.getSnapshot().context.historyDraft.values).toEqual({});
  });

  it('stays open and shows every error when saved incomplete; saves a complete item to the table', () => {
    const actor = start();
    actor.send({ type: 'history.form.opened', start: '2019-01', end: '2019-06' });
    actor.send({ type: 'history.form.saved' });
    expect(selectHistoryFormIsOpen(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.historyDraft.saveAttempted).toBe(true);
    actor.send({ type: 'history.form.changed', name: 'type', value: 'Unemployment' });
    actor.send({ type: 'history.form.changed', name: 'comments', value: 'Between jobs' });
    actor.send({ type: 'history.form.saved' });
    expect(selectHistoryFormIsOpen(actor.getSnapshot())).toBe(false);
    expect(selectHistoryRows(actor.getSnapshot())).toEqual([
      expect.objectContaining({ type: 'Unemployment', description: 'Between jobs', start: '2019-01', end: '2019-06', source: 'employment' }),
    ]);
  });

  it('refuses an end before the start', () => {
    const actor = start();
    actor.send({ type: 'history.form.opened', start: '2019-06', end: '2019-01' });
    actor.send({ type: 'history.form.changed', name: 'type', value: 'School' });
    actor.send({ type: 'history.form.changed', name: 'comments', value: 'x' });
    actor.send({ type: 'history.form.saved' });
    expect(selectHistoryFormIsOpen(actor.getSnapshot())).toBe(true);
  });
});

describe('history table, coverage and gaps (decisions 15, 18, 19) with the clock at July 2024', () => {
  it('collects entries from the employment-type steps and computes coverage and gaps', () => {
    const actor = start();
    const today = new Date(2024, 6, 15);
    expect(selectHistoryCoverage(actor.getSnapshot(), today)).toMatchObject({
      window: { start: '2014-07', end: '2024-07' },
      percent: 0,
      gaps: [{ start: '2014-07', end: '2024-07' }],
    });

    actor.send({ type: 'answer.changed', step: 'employed', name: 'employed-last-10-years', value: 'yes' });
    const [employer = ''] = selectEntryIds(actor.getSnapshot(), 'employed', 'employers');
    for (const [name, value] of [['company-name', 'Acme Freight'], ['start-date', '2014-07-01'], ['end-date', '2019-12-31']] as const) {
      actor.send({ type: 'entry.answer.changed', step: 'employed', list: 'employers', entryId: employer, name, value });
    }
    actor.send({ type: 'answer.changed', step: 'military', name: 'ever-in-military', value: 'yes' });
    const [service = ''] = selectEntryIds(actor.getSnapshot(), 'military', 'military-service');
    for (const [name, value] of [['branch-of-service', 'U.S. Army'], ['start-date', '2021-01'], ['end-date', '2024-07']] as const) {
      actor.send({ type: 'entry.answer.changed', step: 'military', list: 'military-service', entryId: service, name, value });
    }

    expect(selectHistoryRows(actor.getSnapshot()).map((row) => [row.type, row.description])).toEqual([
      ['Military', 'U.S. Army'],
      ['Employment/Contract', 'Acme Freight'],
    ]);
    const coverage = selectHistoryCoverage(actor.getSnapshot(), today);
    expect(coverage.gaps).toEqual([{ start: '2020-01', end: '2020-12' }]);
    expect(coverage.percent).toBe(Math.floor((109 / 121) * 100));

    actor.send({ type: 'answer.changed', step: 'military', name: 'ever-in-military', value: 'no' });
    expect(selectHistoryRows(actor.getSnapshot()).map((row) => row.type)).toEqual(['Employment/Contract']);
  });
});
