import { array, boolean, mixed, number, object, string } from 'yup';
import { createActor, type Snapshot } from 'xstate';
import { applicationMachine, type ApplicationContext, type ApplicationSnapshot } from '../../../machines/application-machine.ts';
import { initialAnswers, isPlainObject, type Answers } from '../../../machines/form/answers.ts';

/**
 * How a draft is kept on the device (decision 22): the machine's persisted snapshot, versioned, with
 * the SSN taken out (it is kept apart, for the browser session only). Reading a draft never throws:
 * an unreadable, malformed or too-new draft is reported so the app starts clean and says so.
 */

export const draftVersion = 2;

export interface StoredDraft {
  readonly version: typeof draftVersion;
  readonly savedAt: string;
  /** Grows with every save, in any tab: a tab adopts a stored draft only when it is newer than its own. */
  readonly revision: number;
  /** `actor.getPersistedSnapshot()`, without the SSN and without running actors. */
  readonly snapshot: { readonly value: unknown; readonly context: unknown };
}

export type DraftReading =
  | { readonly kind: 'none' }
  | { readonly kind: 'draft'; readonly snapshot: ApplicationSnapshot; readonly savedAt: string; readonly revision: number; readonly migrated: boolean }
  | { readonly kind: 'unreadable'; readonly reason: 'corrupt' | 'shape' | 'newer' };

/** A draft of the first release (version 1) held only the answers and the step. */
interface DraftV1 {
  readonly version: 1;
  readonly savedAt?: string;
  readonly step?: string;
  readonly answers?: unknown;
}

const withoutSsn = (answers: Answers): Answers => {
  if (!answers.personal || !('ssn' in answers.personal)) return answers;
  const { ssn: _ssn, ...personal } = answers.personal;
  return { ...answers, personal };
};

/** While an application is being sent, a reload cannot know how it ended: it is shown as not sent (the retry is safe). */
function settledValue(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const submission = (value as { submission?: unknown }).submission;
  return submission === 'submitting' || submission === 'waitingToRetry' ? { ...value, submission: 'failed' } : value;
}

/** The draft to store for `persisted` (from `actor.getPersistedSnapshot()`), and the SSN to keep apart. */
export function toStoredDraft(persisted: Snapshot<unknown>, revision: number, savedAt: Date): { draft: StoredDraft; ssn: string | undefined } {
  const { value, context } = persisted as unknown as { value: unknown; context: ApplicationContext };
  const ssn = context.answers.personal?.ssn;
  return {
    draft: {
      version: draftVersion,
      savedAt: savedAt.toISOString(),
      revision,
      // The receipt (reference and private download link) is shown once, never kept on the device (decision 23).
      snapshot: { value: settledValue(value), context: { ...context, answers: withoutSsn(context.answers), submissionReceipt: null } },
    },
    ssn: typeof ssn === 'string' && ssn !== '' ? ssn : undefined,
  };
}


function isAnswerValue(value: unknown): boolean {
  return typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string'));
}

function isEntry(value: unknown): boolean {
  return isPlainObject(value) && typeof value.id === 'string' && isPlainObject(value.values) && Object.values(value.values).every(isAnswerValue);
}

const plainObject = () => mixed().test('object', '${path} must be an object', isPlainObject);

const contextSchema = object({
  answers: mixed()
    .required()
    .test(
      'answers',
      'answers must be steps of answers',
      (answers) =>
        isPlainObject(answers) &&
        Object.values(answers).every(
          (step) => isPlainObject(step) && Object.values(step).every((value) => isAnswerValue(value) || (Array.isArray(value) && value.every(isEntry))),
        ),
    ),
  entrySequence: number().integer().min(0).required(),
  touched: plainObject().required(),
  historyDraft: object({
    values: plainObject().required(),
    touched: array(string().required()).required(),
    saveAttempted: boolean().required(),
  }).required(),
  acknowledgements: plainObject().required(),
  signature: mixed().nullable().defined(),
  showAllErrors: boolean().required(),
  idempotencyKey: string().nullable().defined(),
  submissionAttempts: number().integer().min(0).required(),
  submissionError: string().nullable().defined(),
  submissionReceipt: mixed().nullable().defined(),
});

/** Older drafts, made readable by today's app. */
function migrate(parsed: Record<string, unknown>): { value: unknown; context: unknown } | undefined {
  if (parsed.version === 1) {
    const v1 = parsed as unknown as DraftV1;
    const fresh = createActor(applicationMachine).getSnapshot();
    const answers = isPlainObject(v1.answers) ? (v1.answers as Answers) : {};
    const context: ApplicationContext = { ...fresh.context, answers: { ...initialAnswers(), ...answers } };
    return { value: { ...(fresh.value as object), step: typeof v1.step === 'string' ? v1.step : 'home' }, context };
  }
  return undefined;
}

/** Reads a stored draft (and the session's SSN) back into a machine snapshot; never throws. */
export function readStoredDraft(text: string | null, ssn: string | null): DraftReading {
  if (text === null) return { kind: 'none' };
  let parsed: Record<string, unknown>;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return { kind: 'unreadable', reason: 'shape' };
    parsed = value as Record<string, unknown>;
  } catch {
    return { kind: 'unreadable', reason: 'corrupt' };
  }
  if (typeof parsed.version !== 'number') return { kind: 'unreadable', reason: 'shape' };
  if (parsed.version > draftVersion) return { kind: 'unreadable', reason: 'newer' };

  const migrated = parsed.version < draftVersion;
  const snapshot = migrated ? migrate(parsed) : (parsed.snapshot as StoredDraft['snapshot'] | undefined);
  if (!snapshot || typeof snapshot !== 'object') return { kind: 'unreadable', reason: 'shape' };

  try {
    const context = contextSchema.validateSync(snapshot.context, { strict: true }) as unknown as ApplicationContext;
    const answers = ssn ? { ...context.answers, personal: { ...context.answers.personal, ssn } } : context.answers;
    const resolved = applicationMachine.resolveState({ value: settledValue(snapshot.value) as never, context: { ...context, answers } });
    return {
      kind: 'draft',
      snapshot: resolved,
      savedAt: typeof parsed.savedAt === 'string' ? parsed.savedAt : new Date(0).toISOString(),
      revision: typeof parsed.revision === 'number' ? parsed.revision : 0,
      migrated,
    };
  } catch {
    // A context that does not pass the schema, or a state value the machine does not have.
    return { kind: 'unreadable', reason: 'shape' };
  }
}
