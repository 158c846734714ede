import { assign, createActor, fromPromise, not, raise, setup, type SnapshotFrom } from 'xstate';
import { getStep, isNoticeId, isStepId, normalisePath, progressPercent, steps, type NoticeId, type Step, type StepId } from './steps.ts';
import { isAnswerField, revealsOf, type AnswerField, type AnswerValue, type ListNode } from './form/field-types.ts';
import {
  allLists,
  entriesOf,
  entryId,
  forEachNode,
  initialAnswers,
  isRevealed,
  visibleAnswerFields,
  visibleLists,
  withAnswer,
  withEntryAdded,
  withEntryAnswer,
  withStep,
  type Answers,
  type Entry,
} from './form/answers.ts';
import { answerForms, getStepForm } from './form/step-forms.ts';
import { historyItemFields } from './form/steps/employment.ts';
import { historyDraftProblems } from './form/history-draft.ts';
import { applicationDocumentOf, type ApplicationDocument } from './form/application-document.ts';
import {
  isApplicationComplete,
  isPngDataUrl,
  isTypedSignatureName,
  type Acknowledgements,
  type Signature,
} from './form/application-status.ts';

export type ApplicationEvent =
  | { type: 'step.next' }
  | { type: 'step.back' }
  /** The browser's location changed: a deep link, a link click, or its back and forward buttons. */
  | { type: 'route.changed'; path: string }
  | { type: 'answer.changed'; step: StepId; name: string; value: AnswerValue }
  /** The applicant left a field (blur): from now on its error, if any, is shown. `key` as in `fieldKey`. */
  | { type: 'answer.left'; step: StepId; key: string }
  | { type: 'entry.added'; step: StepId; list: string }
  | { type: 'entry.removed'; step: StepId; list: string; entryId: string }
  | { type: 'entry.answer.changed'; step: StepId; list: string; entryId: string; name: string; value: AnswerValue }
  | { type: 'history.form.opened'; start?: string; end?: string }
  | { type: 'history.form.changed'; name: string; value: AnswerValue }
  | { type: 'history.form.left'; name: string }
  | { type: 'history.form.saved' }
  | { type: 'history.form.cancelled' }
  | { type: 'history.item.removed'; entryId: string }
  /** A notice's checkbox ticked (`at`: when, ISO time) or unticked. */
  | { type: 'notice.acknowledged'; notice: NoticeId; at: string }
  | { type: 'notice.unacknowledged'; notice: NoticeId }
  /** The drawn signature saved from the pad, as a PNG data URL. */
  | { type: 'signature.drawn'; image: string; at: string }
  /** The full legal name typed as the signature (decision 21). */
  | { type: 'signature.typed'; name: string; at: string }
  | { type: 'signature.cleared' }
  /** Submit application: check the whole application, then send it (decision 5). */
  | { type: 'submit.requested' }
  /** Internal: the submitted application is stored; the applicant goes to the 28th entry. */
  | { type: 'application.completed' };

/** What the server answers to a stored submission. */
export interface SubmissionReceipt {
  readonly reference: string;
  readonly downloadUrl: string;
}

export interface SubmissionInput {
  readonly document: ApplicationDocument;
  readonly idempotencyKey: string;
}

/** A failure the next attempt may not have (no connection, a server error): retried with back-off. */
export class RetryableSubmissionError extends Error {
  override name = 'RetryableSubmissionError';
}

/** Retries of a submission that failed for a retryable reason, and the wait before each (ms). */
export const submissionRetryDelays = [1_000, 2_000, 4_000, 8_000, 8_000] as const;

export interface HistoryDraft {
  readonly values: Readonly<Record<string, AnswerValue>>;
  readonly touched: readonly string[];
  /** Save was pressed: every error of the draft is shown. */
  readonly saveAttempted: boolean;
}

export interface ApplicationContext {
  readonly answers: Answers;
  /** Counter behind entry ids, so that ids are deterministic for a given sequence of events. */
  readonly entrySequence: number;
  /** Fields the applicant has left, as `step:key`: their errors are shown (decision 6). */
  readonly touched: Readonly<Record<string, true>>;
  readonly historyDraft: HistoryDraft;
  readonly acknowledgements: Acknowledgements;
  readonly signature: Signature | null;
  /** Set by a submit check that found something missing: every error is shown from then on. */
  readonly showAllErrors: boolean;
  /** Sent with every attempt of one submission, so retries and double clicks store one application. */
  readonly idempotencyKey: string | null;
  /** Failed attempts of the current submission. */
  readonly submissionAttempts: number;
  readonly submissionError: string | null;
  readonly submissionReceipt: SubmissionReceipt | null;
}

export { fieldKey } from './form/answers.ts';

const emptyDraft: HistoryDraft = { values: {}, touched: [], saveAttempted: false };

/** Every answer field and list of each step that is not inside a list, by name. */
const stepFieldIndex = new Map<StepId, Map<string, AnswerField>>();
const stepListIndex = new Map<StepId, Map<string, ListNode>>();
for (const form of answerForms) {
  const fields = new Map<string, AnswerField>();
  forEachNode(form.fields, (node) => {
    if (isAnswerField(node)) fields.set(node.name, node);
  });
  stepFieldIndex.set(form.step, fields);
  stepListIndex.set(form.step, new Map(allLists(form.fields).map((list) => [list.name, list])));
}

function listEntryFields(list: ListNode): Map<string, AnswerField> {
  const fields = new Map<string, AnswerField>();
  forEachNode(list.fields, (node) => {
    if (isAnswerField(node)) fields.set(node.name, node);
  });
  return fields;
}

function isAnswerValue(value: unknown): value is AnswerValue {
  return (
    (typeof value === 'string' && value.length <= 10_000) ||
    (Array.isArray(value) && value.length <= 100 && value.every((item) => typeof item === 'string' && item.length <= 200))
  );
}


/** Whether the step-level answer `name` opens the reveal shown `when` it is that answer. */
function answerOpens(answers: Answers, step: StepId, name: string, when: string): boolean {
  const value = answers[step]?.[name];
  return isRevealed(when, typeof value === 'string' || Array.isArray(value) ? (value as AnswerValue) : undefined);
}

/** A shown field that starts from another answer (`prefillFrom`) takes it while it has never been answered. */
function withPrefills(answers: Answers, step: StepId): Answers {
  const form = getStepForm(step);
  if (!form) return answers;
  let result = answers;
  for (const field of visibleAnswerFields(form.fields, answers[step] ?? {})) {
    if (field.kind === 'checkbox' || !('prefillFrom' in field) || !field.prefillFrom) continue;
    if (answers[step]?.[field.name] !== undefined) continue;
    const source = answers[field.prefillFrom.step]?.[field.prefillFrom.name];
    if (typeof source === 'string' && source !== '') {
      result = withAnswer(result, step, field.name, source);
    }
  }
  return result;
}

/** A list that has just been revealed starts with one empty entry, so the applicant can type at once. */
export function withRevealedListsStarted(context: ApplicationContext, step: StepId): Pick<ApplicationContext, 'answers' | 'entrySequence'> {
  const form = getStepForm(step);
  if (!form) return context;
  let { answers, entrySequence } = context;
  for (const list of visibleLists(form.fields, answers[step] ?? {})) {
    if (entriesOf(answers[step], list.name).length === 0) {
      entrySequence += 1;
      const entry: Entry = { id: entryId(entrySequence), values: {} };
      answers = withAnswer(answers, step, list.name, [entry]);
    }
  }
  return { answers, entrySequence };
}

/** Where Add History Item saves its items. */
export const historyStep: StepId = 'employment';
export const historyListName = 'history-items';
const historyFieldIndex = new Map<string, AnswerField>(historyItemFields.filter(isAnswerField).map((field) => [field.name, field]));

function newIdempotencyKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** The answers kept after a submission (decision 23): with "save my data", everything but the SSN; otherwise none. */
function answersAfterSubmission(answers: Answers): Answers {
  if (answers.confirmation?.['save-my-data'] !== 'yes') return initialAnswers();
  const { ssn: _ssn, ...personal } = answers.personal ?? {};
  return { ...answers, personal, confirmation: { 'save-my-data': 'yes' } };
}

const application = setup({
  types: {
    context: {} as ApplicationContext,
    events: {} as ApplicationEvent,
  },
  actors: {
    /** Sends the application; the app provides the real one (`src/app/submit-application.ts`), tests a fake. */
    submitApplication: fromPromise<SubmissionReceipt, SubmissionInput>(async () => {
      throw new Error('submitApplication is not provided');
    }),
  },
  delays: {
    retryDelay: ({ context }) => submissionRetryDelays[Math.min(context.submissionAttempts - 1, submissionRetryDelays.length - 1)] ?? 8_000,
  },
  guards: {
    isPath: ({ event }, params: { route: string }) =>
      event.type === 'route.changed' && normalisePath(event.path) === params.route,
    answerReveals: ({ context }, params: { step: StepId; name: string; when: string }) =>
      answerOpens(context.answers, params.step, params.name, params.when),
    isKnownAnswer: ({ event }) =>
      event.type === 'answer.changed' && isAnswerValue(event.value) && stepFieldIndex.get(event.step)?.has(event.name) === true,
    isKnownEntryAnswer: ({ context, event }) => {
      if (event.type !== 'entry.answer.changed' || !isAnswerValue(event.value)) return false;
      const list = stepListIndex.get(event.step)?.get(event.list);
      return (
        list !== undefined &&
        listEntryFields(list).has(event.name) &&
        entriesOf(context.answers[event.step], event.list).some((entry) => entry.id === event.entryId)
      );
    },
    isKnownList: ({ event }) => event.type === 'entry.added' && stepListIndex.get(event.step)?.has(event.list) === true,
    canRemoveEntry: ({ context, event }) => {
      if (event.type !== 'entry.removed') return false;
      const list = stepListIndex.get(event.step)?.get(event.list);
      if (!list) return false;
      const index = entriesOf(context.answers[event.step], event.list).findIndex((entry) => entry.id === event.entryId);
      return index >= (list.removableFrom ?? 0);
    },
    isKnownHistoryAnswer: ({ event }) =>
      event.type === 'history.form.changed' && isAnswerValue(event.value) && historyFieldIndex.has(event.name),
    historyDraftIsComplete: ({ context }) => historyDraftProblems(context.historyDraft.values).size === 0,
    isValidAcknowledgement: ({ event }) =>
      event.type === 'notice.acknowledged' && isNoticeId(event.notice) && !Number.isNaN(Date.parse(event.at)),
    isNotice: ({ event }) => event.type === 'notice.unacknowledged' && isNoticeId(event.notice),
    isValidDrawnSignature: ({ event }) =>
      event.type === 'signature.drawn' && isPngDataUrl(event.image) && !Number.isNaN(Date.parse(event.at)),
    isValidTypedSignature: ({ event }) =>
      event.type === 'signature.typed' && isTypedSignatureName(event.name) && !Number.isNaN(Date.parse(event.at)),
    applicationIsComplete: ({ context }) => isApplicationComplete(context),
    canRetrySubmission: ({ context, event }) =>
      'error' in event && event.error instanceof RetryableSubmissionError && context.submissionAttempts < submissionRetryDelays.length,
  },
  actions: {
    recordAnswer: assign(({ context, event }) => {
      if (event.type !== 'answer.changed') return {};
      const answers = withPrefills(withAnswer(context.answers, event.step, event.name, event.value), event.step);
      return withRevealedListsStarted({ ...context, answers }, event.step);
    }),
    recordEntryAnswer: assign({
      answers: ({ context, event }) =>
        event.type === 'entry.answer.changed'
          ? withEntryAnswer(context.answers, event.step, event.list, event.entryId, event.name, event.value)
          : context.answers,
    }),
    addEntry: assign(({ context, event }) => {
      if (event.type !== 'entry.added') return {};
      const entrySequence = context.entrySequence + 1;
      return { entrySequence, answers: withEntryAdded(context.answers, event.step, event.list, { id: entryId(entrySequence), values: {} }) };
    }),
    removeEntry: assign({
      answers: ({ context, event }) => {
        if (event.type !== 'entry.removed') return context.answers;
        return withStep(context.answers, event.step, (current) => ({
          ...current,
          [event.list]: entriesOf(current, event.list).filter((entry) => entry.id !== event.entryId),
        }));
      },
    }),
    markLeft: assign({
      touched: ({ context, event }) => (event.type === 'answer.left' ? { ...context.touched, [`${event.step}:${event.key}`]: true } : context.touched),
    }),
    startHistoryDraft: assign({
      historyDraft: ({ event }) => {
        if (event.type !== 'history.form.opened') return emptyDraft;
        const values: Record<string, AnswerValue> = {};
        if (event.start) values['start-date'] = event.start;
        if (event.end) values['end-date'] = event.end;
        return { ...emptyDraft, values };
      },
    }),
    recordHistoryDraftAnswer: assign({
      historyDraft: ({ context, event }) =>
        event.type === 'history.form.changed'
          ? { ...context.historyDraft, values: { ...context.historyDraft.values, [event.name]: event.value } }
          : context.historyDraft,
    }),
    markHistoryDraftLeft: assign({
      historyDraft: ({ context, event }) =>
        event.type === 'history.form.left' && !context.historyDraft.touched.includes(event.name)
          ? { ...context.historyDraft, touched: [...context.historyDraft.touched, event.name] }
          : context.historyDraft,
    }),
    showHistoryDraftErrors: assign({ historyDraft: ({ context }) => ({ ...context.historyDraft, saveAttempted: true }) }),
    saveHistoryDraft: assign(({ context }) => {
      const entrySequence = context.entrySequence + 1;
      const entry: Entry = { id: entryId(entrySequence), values: context.historyDraft.values };
      return { entrySequence, historyDraft: emptyDraft, answers: withEntryAdded(context.answers, historyStep, historyListName, entry) };
    }),
    clearHistoryDraft: assign({ historyDraft: () => emptyDraft }),
    acknowledgeNotice: assign({
      acknowledgements: ({ context, event }) =>
        event.type === 'notice.acknowledged' ? { ...context.acknowledgements, [event.notice]: event.at } : context.acknowledgements,
    }),
    withdrawAcknowledgement: assign({
      acknowledgements: ({ context, event }) => {
        if (event.type !== 'notice.unacknowledged') return context.acknowledgements;
        const { [event.notice]: _withdrawn, ...rest } = context.acknowledgements;
        return rest;
      },
    }),
    saveDrawnSignature: assign({
      signature: ({ event }) => (event.type === 'signature.drawn' ? { method: 'drawn', image: event.image, signedAt: event.at } : null),
    }),
    saveTypedSignature: assign({
      signature: ({ event }) => (event.type === 'signature.typed' ? { method: 'typed', name: event.name.trim(), signedAt: event.at } : null),
    }),
    clearSignature: assign({ signature: () => null }),
    showAllErrors: assign({ showAllErrors: () => true }),
    startSubmission: assign({
      idempotencyKey: ({ context }) => context.idempotencyKey ?? newIdempotencyKey(),
      submissionAttempts: () => 0,
      submissionError: () => null,
    }),
    countFailedAttempt: assign({
      submissionAttempts: ({ context }) => context.submissionAttempts + 1,
      submissionError: ({ event }) => ('error' in event && event.error instanceof Error ? event.error.message : 'The application could not be sent'),
    }),
    completeSubmission: assign(({ context, event }) => ({
      submissionReceipt: 'output' in event ? (event.output as SubmissionReceipt) : null,
      answers: answersAfterSubmission(context.answers),
      acknowledgements: {},
      signature: null,
      touched: {},
      showAllErrors: false,
      idempotencyKey: null,
      submissionAttempts: 0,
      submissionError: null,
      historyDraft: emptyDraft,
    })),
    announceCompletion: raise({ type: 'application.completed' }),
    removeHistoryItem: assign({
      answers: ({ context, event }) =>
        event.type === 'history.item.removed'
          ? withStep(context.answers, historyStep, (current) => ({
              ...current,
              [historyListName]: entriesOf(current, historyListName).filter((entry) => entry.id !== event.entryId),
            }))
          : context.answers,
    }),
  },
});

/**
 * One state per step-list entry. `step.next` and `step.back` go to the neighbours; a route event for
 * the step's own route is absorbed, so the last entry (which shares `/` with the first) stays put.
 */
const stepStates = Object.fromEntries(
  steps.map((step, index) => {
    const next = steps[index + 1];
    const previous = steps[index - 1];
    return [
      step.id,
      {
        meta: { route: step.route, heading: step.heading },
        on: {
          'route.changed': { guard: { type: 'isPath' as const, params: { route: step.route } } },
          ...(next ? { 'step.next': { target: next.id } } : {}),
          ...(previous ? { 'step.back': { target: previous.id } } : {}),
        },
      },
    ];
  }),
);

/**
 * One region per yes/no (or choice) question of a step that reveals follow-up questions: `hidden`,
 * or the state named after the answer that opens the reveal. The answer itself lives in context;
 * the region follows it through eventless transitions, so the statechart shows every reveal.
 */
export function revealRegionId(step: StepId, name: string): string {
  return `${step}:${name}`;
}

interface RevealQuestion {
  readonly step: StepId;
  readonly name: string;
  /** The answers that open a reveal, in the order the region's `hidden` state tries them. */
  readonly opening: readonly string[];
}

const revealQuestions: readonly RevealQuestion[] = answerForms.flatMap((form) => {
  const questions: RevealQuestion[] = [];
  forEachNode(form.fields, (node) => {
    const opening = revealsOf(node).map((reveal) => reveal.when);
    if (isAnswerField(node) && opening.length > 0) questions.push({ step: form.step, name: node.name, opening });
  });
  return questions;
});

const revealRegions = Object.fromEntries(
  revealQuestions.map(({ step, name, opening }) => {
    const guardFor = (when: string) => ({ type: 'answerReveals' as const, params: { step, name, when } });
    return [
      revealRegionId(step, name),
      {
        initial: 'hidden',
        states: {
          hidden: { always: opening.map((when) => ({ guard: guardFor(when), target: when })) },
          ...Object.fromEntries(opening.map((when) => [when, { always: { guard: not(guardFor(when)), target: 'hidden' } }])),
        },
      },
    ];
  }),
);

/**
 * The state of every reveal region for these answers: what the regions' eventless transitions reach.
 * `resolveState` does not take eventless transitions, so a snapshot built from a context needs it.
 */
export function revealRegionsValue(answers: Answers): Record<string, string> {
  return Object.fromEntries(
    revealQuestions.map(({ step, name, opening }) => {
      return [revealRegionId(step, name), opening.find((when) => answerOpens(answers, step, name, when)) ?? 'hidden'];
    }),
  );
}

export const applicationMachine = application.createMachine({
  id: 'application',
  type: 'parallel',
  context: () => ({
    answers: initialAnswers(),
    entrySequence: 0,
    touched: {},
    historyDraft: emptyDraft,
    acknowledgements: {},
    signature: null,
    showAllErrors: false,
    idempotencyKey: null,
    submissionAttempts: 0,
    submissionError: null,
    submissionReceipt: null,
  }),
  states: {
    step: {
      initial: 'home',
      states: {
        ...stepStates,
        notFound: {},
      },
      on: {
        'application.completed': { target: '.finish' },
        'route.changed': [
          ...steps.map((step) => ({
            target: `.${step.id}`,
            guard: { type: 'isPath' as const, params: { route: step.route } },
          })),
          { target: '.notFound' },
        ],
      },
    },
    answers: {
      on: {
        'answer.changed': { guard: 'isKnownAnswer', actions: 'recordAnswer' },
        'answer.left': { actions: 'markLeft' },
        'entry.answer.changed': { guard: 'isKnownEntryAnswer', actions: 'recordEntryAnswer' },
        'entry.added': { guard: 'isKnownList', actions: 'addEntry' },
        'entry.removed': { guard: 'canRemoveEntry', actions: 'removeEntry' },
        'history.item.removed': { actions: 'removeHistoryItem' },
        'notice.acknowledged': { guard: 'isValidAcknowledgement', actions: 'acknowledgeNotice' },
        'notice.unacknowledged': { guard: 'isNotice', actions: 'withdrawAcknowledgement' },
      },
    },
    signature: {
      initial: 'unsigned',
      states: {
        unsigned: {
          initial: 'ready',
          states: {
            ready: {},
            /** Save was pressed with nothing drawn. */
            drawingMissing: {},
            /** The typed signature was used with no name typed. */
            nameMissing: {},
          },
          on: {
            'signature.drawn': [
              { guard: 'isValidDrawnSignature', target: 'signed', actions: 'saveDrawnSignature' },
              { target: '.drawingMissing' },
            ],
            'signature.typed': [
              { guard: 'isValidTypedSignature', target: 'signed', actions: 'saveTypedSignature' },
              { target: '.nameMissing' },
            ],
          },
        },
        signed: {
          on: {
            'signature.cleared': { target: 'unsigned', actions: 'clearSignature' },
            'application.completed': { target: 'unsigned' },
          },
        },
      },
    },
    submission: {
      initial: 'idle',
      states: {
        idle: {},
        incomplete: {},
        submitting: {
          invoke: {
            src: 'submitApplication',
            input: ({ context }) => ({ document: applicationDocumentOf(context), idempotencyKey: context.idempotencyKey ?? '' }),
            onDone: { target: 'submitted', actions: ['completeSubmission', 'announceCompletion'] },
            onError: [
              { guard: 'canRetrySubmission', target: 'waitingToRetry', actions: 'countFailedAttempt' },
              { target: 'failed', actions: 'countFailedAttempt' },
            ],
          },
          // A second press while the application is being sent changes nothing.
          on: { 'submit.requested': {} },
        },
        waitingToRetry: {
          after: { retryDelay: 'submitting' },
          on: { 'submit.requested': {} },
        },
        failed: {},
        submitted: {},
      },
      on: {
        'submit.requested': [
          { guard: 'applicationIsComplete', target: '.submitting', actions: 'startSubmission' },
          { target: '.incomplete', actions: 'showAllErrors' },
        ],
      },
    },
    reveals: {
      type: 'parallel',
      states: revealRegions,
    },
    historyForm: {
      initial: 'closed',
      states: {
        closed: {
          on: { 'history.form.opened': { target: 'open', actions: 'startHistoryDraft' } },
        },
        open: {
          on: {
            'history.form.changed': { guard: 'isKnownHistoryAnswer', actions: 'recordHistoryDraftAnswer' },
            'history.form.left': { actions: 'markHistoryDraftLeft' },
            'history.form.cancelled': { target: 'closed', actions: 'clearHistoryDraft' },
            'history.form.saved': [
              { guard: 'historyDraftIsComplete', target: 'closed', actions: 'saveHistoryDraft' },
              { actions: 'showHistoryDraftErrors' },
            ],
          },
        },
      },
    },
  },
});

export type ApplicationSnapshot = SnapshotFrom<typeof applicationMachine>;

/** The initial context of a new application (nothing answered, acknowledged or signed). */
export function initialApplicationContext(): ApplicationContext {
  return createActor(applicationMachine).getSnapshot().context;
}

/**
 * The state of an application at rest on `position` with `context`, for `machine.resolveState`: every
 * region that follows the context (reveals, signature) is set as the machine's transitions would set it;
 * nothing is being submitted and the Add History Item form is closed.
 */
export function applicationStateAt(position: Position, context: ApplicationContext) {
  return {
    value: {
      step: position,
      answers: {},
      signature: context.signature ? 'signed' : { unsigned: 'ready' },
      submission: 'idle',
      reveals: revealRegionsValue(context.answers),
      historyForm: 'closed',
    },
    context,
  };
}

export type Position = StepId | 'notFound';

export function selectPosition(snapshot: ApplicationSnapshot): Position {
  const value = (snapshot.value as { step: string }).step;
  return isStepId(value) ? value : 'notFound';
}

export function selectStep(snapshot: ApplicationSnapshot): Step | undefined {
  const position = selectPosition(snapshot);
  return position === 'notFound' ? undefined : getStep(position);
}

export function selectProgress(snapshot: ApplicationSnapshot): number | undefined {
  const position = selectPosition(snapshot);
  return position === 'notFound' ? undefined : progressPercent(position);
}
