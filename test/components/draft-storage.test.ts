import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { applicationMachine, selectPosition } from '../../machines/application-machine.ts';
import { readStoredDraft, toStoredDraft, draftVersion } from '../../src/shared/draft/draft-format.ts';
import { createDraftStorage } from '../../src/shared/draft/draft-storage.ts';
import { draftStorageKey, revisionStorageKey, ssnStorageKey } from '../../src/shared/draft/draft-keys.ts';
import { completeApplication, fillSteps } from '../support/sample-answers.ts';

/** A Storage in memory, optionally full. */
function memoryStorage({ full = false } = {}): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => {
      if (full) throw new DOMException('QuotaExceededError', 'QuotaExceededError');
      items.set(key, value);
    },
  };
}

function everyStoredValue(storage: Storage): string {
  return Array.from({ length: storage.length }, (_, index) => storage.getItem(storage.key(index) ?? '') ?? '').join('\n');
}

describe('the stored draft', () => {
  it('round-trips a snapshot with every kind of answer, lists, reveals, signature and acknowledgements', () => {
    const { actor } = completeApplication();
    actor.send({ type: 'route.changed', path: '/form/6/employed' });
    actor.send({ type: 'history.form.opened', start: '2019-01' });
    const before = actor.getSnapshot();
    const { draft, ssn } = toStoredDraft(actor.getPersistedSnapshot(), 3, new Date('2024-07-15T10:00:00Z'));
    expect(ssn).toBe('123-45-6789');
    const text = JSON.stringify(draft);
    expect(text).not.toContain('123-45-6789');

    const reading = readStoredDraft(text, ssn ?? null);
    if (reading.kind !== 'draft') throw new Error(`unreadable: ${JSON.stringify(reading)}`);
    expect(reading.revision).toBe(3);
    expect(reading.savedAt).toBe('2024-07-15T10:00:00.000Z');
    const restored = createActor(applicationMachine, { snapshot: reading.snapshot }).start().getSnapshot();
    expect(restored.context).toEqual(before.context);
    expect(restored.value).toEqual(before.value);
    expect(selectPosition(restored)).toBe('employed');
  });

  it('without the session’s SSN restores everything else', () => {
    const { actor } = fillSteps(['personal']);
    const { draft } = toStoredDraft(actor.getPersistedSnapshot(), 1, new Date());
    const reading = readStoredDraft(JSON.stringify(draft), null);
    if (reading.kind !== 'draft') throw new Error('unreadable');
    expect(reading.snapshot.context.answers.personal).not.toHaveProperty('ssn');
    expect(reading.snapshot.context.answers.personal?.['first-name']).toBe('Maria');
  });

  it('shows an application caught while being sent as not sent (so the safe retry is offered)', () => {
    const { actor } = completeApplication(() => new Promise(() => {}));
    actor.send({ type: 'submit.requested' });
    expect(actor.getSnapshot().matches({ submission: 'submitting' })).toBe(true);
    const { draft } = toStoredDraft(actor.getPersistedSnapshot(), 1, new Date());
    const reading = readStoredDraft(JSON.stringify(draft), null);
    if (reading.kind !== 'draft') throw new Error('unreadable');
    expect(reading.snapshot.matches({ submission: 'failed' })).toBe(true);
    expect(reading.snapshot.context.idempotencyKey).toBe(actor.getSnapshot().context.idempotencyKey);
  });

  it('migrates a draft of the first version (answers and step only)', () => {
    const reading = readStoredDraft(
      JSON.stringify({ version: 1, step: 'license', answers: { personal: { 'first-name': 'Ann' }, license: { 'license-number': 'D1' } } }),
      null,
    );
    if (reading.kind !== 'draft') throw new Error('unreadable');
    expect(reading.migrated).toBe(true);
    const actor = createActor(applicationMachine, { snapshot: reading.snapshot }).start();
    expect(selectPosition(actor.getSnapshot())).toBe('license');
    expect(actor.getSnapshot().context.answers.personal?.['first-name']).toBe('Ann');
    expect(actor.getSnapshot().context.answers.emergency?.['emergency-contacts']).toHaveLength(2);
    actor.send({ type: 'step.next' });
    expect(selectPosition(actor.getSnapshot())).toBe('military');
  });

  it.each([
    ['corrupt JSON', '{"version": 2, "snap', 'corrupt'],
    ['not an object', '[1,2,3]', 'shape'],
    ['no version', '{"snapshot":{}}', 'shape'],
    ['a future version', `{"version": ${draftVersion + 1}}`, 'newer'],
    ['an unknown step', JSON.stringify({ version: draftVersion, snapshot: { value: { step: 'nowhere' }, context: {} } }), 'shape'],
    ['answers of the wrong shape', JSON.stringify({ version: draftVersion, snapshot: { value: { step: 'home' }, context: { answers: 'x' } } }), 'shape'],
  ])('%s → a clean start with a notice', (_, text, reason) => {
    expect(readStoredDraft(text, null)).toEqual({ kind: 'unreadable', reason });
  });

  it('a draft whose context was tampered with (wrong types) is refused, not crashed on', () => {
    const actor = createActor(applicationMachine).start();
    const { draft } = toStoredDraft(actor.getPersistedSnapshot(), 1, new Date());
    const tampered = JSON.parse(JSON.stringify(draft)) as { snapshot: { context: Record<string, unknown> } };
    tampered.snapshot.context.entrySequence = 'many';
    expect(readStoredDraft(JSON.stringify(tampered), null)).toEqual({ kind: 'unreadable', reason: 'shape' });
  });
});

describe('draft storage on the device', () => {
  it('keeps the SSN only in session storage, everything else in local storage', () => {
    const local = memoryStorage();
    const session = memoryStorage();
    const storage = createDraftStorage(local, session, { now: () => new Date('2024-07-15T10:00:00Z') });
    const { actor } = fillSteps(['personal', 'general']);
    storage.save(actor.getPersistedSnapshot());
    expect(everyStoredValue(local)).not.toMatch(/123-?45-?6789/);
    expect(session.getItem(ssnStorageKey)).toBe('123-45-6789');
    expect(local.getItem(draftStorageKey)).toContain('Maria');
    expect(storage.status()).toEqual({ savedAt: '2024-07-15T10:00:00.000Z', failed: false, notice: null });

    const reopened = createDraftStorage(local, session);
    const reading = reopened.load();
    if (reading.kind !== 'draft') throw new Error('unreadable');
    expect(reading.snapshot.context.answers.personal?.ssn).toBe('123-45-6789');
  });

  it('counts revisions across tabs, so a newer save is never taken for an older one', () => {
    const local = memoryStorage();
    const tabA = createDraftStorage(local, memoryStorage());
    const tabB = createDraftStorage(local, memoryStorage());
    const actor = createActor(applicationMachine).start();
    tabA.save(actor.getPersistedSnapshot());
    tabA.save(actor.getPersistedSnapshot());
    tabB.save(actor.getPersistedSnapshot());
    expect(local.getItem(revisionStorageKey)).toBe('3');
    expect(JSON.parse(local.getItem(draftStorageKey) ?? '{}').revision).toBe(3);
  });

  it('adopts another tab’s newer draft from the storage event, and ignores an older one', () => {
    const local = memoryStorage();
    const events = new EventTarget() as unknown as Window;
    const mine = createDraftStorage(local, memoryStorage(), { events });
    const listener = vi.fn();
    mine.onRemoteChange(listener);
    const { actor } = fillSteps(['personal']);
    const newer = JSON.stringify(toStoredDraft(actor.getPersistedSnapshot(), 5, new Date()).draft);
    const older = JSON.stringify(toStoredDraft(actor.getPersistedSnapshot(), 2, new Date()).draft);
    events.dispatchEvent(Object.assign(new Event('storage'), { key: draftStorageKey, newValue: newer }));
    events.dispatchEvent(Object.assign(new Event('storage'), { key: draftStorageKey, newValue: older }));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]?.[0]).toMatchObject({ kind: 'draft', revision: 5 });
    events.dispatchEvent(Object.assign(new Event('storage'), { key: draftStorageKey, newValue: null }));
    expect(listener).toHaveBeenLastCalledWith({ kind: 'none' });
  });

  it('Start over clears the draft and the SSN, and moves the revision on so other tabs’ next saves still count', () => {
    const local = memoryStorage();
    const session = memoryStorage();
    const storage = createDraftStorage(local, session);
    storage.save(fillSteps(['personal']).actor.getPersistedSnapshot());
    storage.clear();
    expect(local.getItem(draftStorageKey)).toBeNull();
    expect(local.getItem(revisionStorageKey)).toBe('2');
    expect(session.length).toBe(0);
    expect(storage.status().savedAt).toBeNull();
    const otherTab = createDraftStorage(local, memoryStorage());
    otherTab.save(createActor(applicationMachine).start().getPersistedSnapshot());
    expect(JSON.parse(local.getItem(draftStorageKey) ?? '{}').revision).toBe(3);
  });

  it('never keeps the submission receipt (its private download link) on the device', () => {
    const { actor } = fillSteps(['personal']);
    const persisted = actor.getPersistedSnapshot() as unknown as { context: Record<string, unknown> };
    const withReceipt = { ...persisted, context: { ...persisted.context, submissionReceipt: { reference: 'BRF-X', downloadUrl: '/api/applications/copy/secret' } } };
    const { draft } = toStoredDraft(withReceipt as never, 1, new Date());
    expect(JSON.stringify(draft)).not.toContain('secret');
  });

  it('an unreadable draft is removed and reported once; a full storage is reported, never thrown', () => {
    const local = memoryStorage();
    local.setItem(draftStorageKey, '{oops');
    const storage = createDraftStorage(local, memoryStorage());
    expect(storage.load()).toEqual({ kind: 'unreadable', reason: 'corrupt' });
    expect(storage.status().notice).toBe('corrupt');
    expect(local.getItem(draftStorageKey)).toBeNull();
    storage.dismissNotice();
    expect(storage.status().notice).toBeNull();

    const full = createDraftStorage(memoryStorage({ full: true }), memoryStorage({ full: true }));
    expect(() => full.save(createActor(applicationMachine).start().getPersistedSnapshot())).not.toThrow();
    expect(full.status().failed).toBe(true);
  });
});
