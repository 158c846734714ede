import { createActor } from 'xstate';
import {
  historyListName,
  historyStep,
  initialApplicationContext,
  withRevealedListsStarted,
  type ApplicationContext,
  type ApplicationEvent,
  type SubmissionInput,
  type SubmissionReceipt,
} from '../../machines/application-machine.ts';
import { providedApplicationMachine, type ApplicationActor } from '../../src/shared/application-actor.ts';
import { selectEntryIds } from '../../machines/application-selectors.ts';
import { entriesOf, entryId, isRevealed, withAnswer, withEntryAdded, withEntryAnswer, type Entry } from '../../machines/form/answers.ts';
import { isAnswerField, revealsOf, type AnswerField, type AnswerValue, type FieldNode } from '../../machines/form/field-types.ts';
import { getOptions } from '../../machines/form/option-lists.ts';
import { answerForms, getStepForm } from '../../machines/form/step-forms.ts';
import { noticeSteps, type StepId } from '../../machines/steps.ts';
import { historyItemFields } from '../../machines/form/steps/employment.ts';

/**
 * A complete, valid answer for every field, derived from the declarations: every reveal opened, every
 * list given `entriesPerList` entries. Used by stories ("fully revealed and filled"), component,
 * machine and browser tests, so that "every field" always means the declared ones.
 */

const namedSamples: Record<string, string> = {
  'first-name': 'Maria',
  'middle-name': 'Elena',
  'last-name': 'Alvarez',
  ssn: '123-45-6789',
  'date-of-birth': '1985-04-12',
  email: 'maria.alvarez@example.com',
  'confirm-email': 'maria.alvarez@example.com',
  'company-name': 'Acme Freight',
  'school-name': 'Roadmaster Driving School',
  'license-number': 'D123-4567-8901',
  'pi[service-number]': '12345678',
  gpa: '3.5',
};

function sampleText(field: AnswerField, index: number): string {
  const named = namedSamples[field.name];
  if (named) return index === 0 ? named : `${named} ${index + 1}`;
  switch (field.kind) {
    case 'email':
      return 'maria.alvarez@example.com';
    case 'tel':
      return `(540) 555-01${String(10 + index).padStart(2, '0')}`;
    case 'zip':
      return '24012';
    case 'ssn':
      return '123-45-6789';
    case 'number':
      return String(24 + index);
    default:
      return `${field.label.replace(/[?*]/g, '')} ${index + 1}`.slice(0, 60);
  }
}

function sampleDate(field: AnswerField, index: number): string {
  const isEnd = field.name.includes('end') || field.name === 'to' || field.name.includes('expiration');
  if (field.name === 'date-of-birth') return '1985-04-12';
  const year = isEnd ? (field.name.includes('expiration') ? 2030 : 2019) - index * 3 : 2016 - index * 3;
  return field.kind === 'month' ? `${year}-06` : `${year}-06-15`;
}

/** The answer to give `field` in a complete application, opening its reveals. */
export function sampleValue(field: AnswerField, index = 0): AnswerValue {
  const opening = revealsOf(field)[0]?.when;
  switch (field.kind) {
    case 'yesNo':
      return opening ?? 'yes';
    case 'checkbox':
      return 'yes';
    case 'checkboxes': {
      const first = getOptions(field.options)[0]?.value ?? '';
      return opening && opening !== first ? [first, opening] : [first];
    }
    case 'radios':
    case 'select': {
      if (opening) return opening;
      const options = getOptions(field.options);
      if (field.options === 'countries') return 'US';
      return (options[Math.min(1, options.length - 1)] ?? options[0])?.value ?? '';
    }
    case 'region':
      return 'VA';
    case 'date':
    case 'month':
      return sampleDate(field, index);
    default:
      return sampleText(field, index);
  }
}

interface Scope {
  readonly step: StepId;
  readonly entry?: { list: string; entryId: string };
}

/**
 * Where a complete application is written: as events sent to a running actor (what a person does), or
 * straight into a context (the data a story's snapshot is resolved from). One walk drives both.
 */
interface AnswerSink {
  answer(scope: Scope, name: string, value: AnswerValue): void;
  entryIds(step: StepId, list: string): readonly string[];
  addEntry(step: StepId, list: string): void;
  addHistoryItem(values: Readonly<Record<string, AnswerValue>>): void;
}

/** Fills `nodes` completely through `sink`, opening every reveal and giving every list `entriesPerList` entries. */
function fillNodes(sink: AnswerSink, nodes: readonly FieldNode[], scope: Scope, index: number, entriesPerList: number): void {
  for (const node of nodes) {
    if (node.kind === 'content') continue;
    if (node.kind === 'group') {
      fillNodes(sink, node.fields, scope, index, entriesPerList);
      continue;
    }
    if (node.kind === 'list') {
      while (sink.entryIds(scope.step, node.name).length < entriesPerList) sink.addEntry(scope.step, node.name);
      sink.entryIds(scope.step, node.name).forEach((entryId, entryIndex) => {
        fillNodes(sink, node.fields, { step: scope.step, entry: { list: node.name, entryId } }, entryIndex, entriesPerList);
      });
      continue;
    }
    if (!isAnswerField(node)) continue;
    const value = sampleValue(node, index);
    sink.answer(scope, node.name, value);
    for (const reveal of revealsOf(node)) {
      if (isRevealed(reveal.when, value)) fillNodes(sink, reveal.fields, scope, index, entriesPerList);
    }
  }
}

/** The history item added through the Add History Item form. */
function sampleHistoryItem(): Record<string, AnswerValue> {
  return Object.fromEntries(historyItemFields.filter(isAnswerField).map((field) => [field.name, sampleValue(field, 1)]));
}

function fillInto(sink: AnswerSink, steps: readonly StepId[], entriesPerList: number): void {
  for (const step of steps) {
    const form = getStepForm(step);
    if (step === 'employment') sink.addHistoryItem(sampleHistoryItem());
    else if (form) fillNodes(sink, form.fields, { step }, 0, entriesPerList);
  }
}

/** Sends the events of a person answering: lists are filled through the entries the machine creates and adds. */
function eventSink(actor: ApplicationActor, events: ApplicationEvent[]): AnswerSink {
  const send = (event: ApplicationEvent) => {
    events.push(event);
    actor.send(event);
  };
  return {
    answer: (scope, name, value) =>
      send(
        scope.entry
          ? { type: 'entry.answer.changed', step: scope.step, list: scope.entry.list, entryId: scope.entry.entryId, name, value }
          : { type: 'answer.changed', step: scope.step, name, value },
      ),
    entryIds: (step, list) => selectEntryIds(actor.getSnapshot(), step, list),
    addEntry: (step, list) => send({ type: 'entry.added', step, list }),
    addHistoryItem: (values) => {
      send({ type: 'history.form.opened' });
      for (const [name, value] of Object.entries(values)) send({ type: 'history.form.changed', name, value });
      send({ type: 'history.form.saved' });
    },
  };
}

/** The context with a new entry at the end of list `list` of `step`, numbered as the machine numbers entries. */
function withNewEntry(context: ApplicationContext, step: StepId, list: string, values: Entry['values'] = {}): ApplicationContext {
  const entrySequence = context.entrySequence + 1;
  return { ...context, entrySequence, answers: withEntryAdded(context.answers, step, list, { id: entryId(entrySequence), values }) };
}

/**
 * Writes the answers into a context as data. Entry ids are numbered in the order the machine numbers
 * them (a list revealed by an answer starts with one entry, `withRevealedListsStarted`), so the context
 * is the one the events reach; test/stories/story-snapshots.test.ts holds the two to each other.
 */
function contextSink(initial: ApplicationContext): AnswerSink & { readonly context: ApplicationContext } {
  let context = initial;
  return {
    get context() {
      return context;
    },
    answer: (scope, name, value) => {
      const { entry } = scope;
      if (entry) {
        context = { ...context, answers: withEntryAnswer(context.answers, scope.step, entry.list, entry.entryId, name, value) };
        return;
      }
      context = { ...context, answers: withAnswer(context.answers, scope.step, name, value) };
      context = { ...context, ...withRevealedListsStarted(context, scope.step) };
    },
    entryIds: (step, list) => entriesOf(context.answers[step], list).map((entry) => entry.id),
    addEntry: (step, list) => {
      context = withNewEntry(context, step, list);
    },
    addHistoryItem: (values) => {
      context = withNewEntry(context, historyStep, historyListName, values);
    },
  };
}

export interface FilledApplication {
  readonly actor: ApplicationActor;
  readonly events: readonly ApplicationEvent[];
}

export const sampleReceipt: SubmissionReceipt = { reference: 'BRF-TESTREF1', downloadUrl: '/api/applications/copy/sample-token' };

/** A stand-in for the server: every submission is stored at once and answered with `sampleReceipt`. */
export async function acceptSubmission(_input: SubmissionInput): Promise<SubmissionReceipt> {
  return sampleReceipt;
}

/** An actor (and the events that built it) with `steps` filled in completely, every reveal open. */
export function fillSteps(
  steps: readonly StepId[] = answerForms.map((form) => form.step),
  entriesPerList = 2,
  submit: (input: SubmissionInput) => Promise<SubmissionReceipt> = acceptSubmission,
): FilledApplication {
  const actor = createActor(providedApplicationMachine({ submit })).start();
  const events: ApplicationEvent[] = [];
  fillInto(eventSink(actor, events), steps, entriesPerList);
  return { actor, events };
}

/** A 1×1 transparent PNG, as the signature pad's Save would produce (much smaller). */
export const samplePngSignature =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export const sampleTime = '2024-07-15T14:30:00.000Z';

export interface CompleteOptions {
  readonly acknowledged?: boolean;
  readonly signed?: boolean;
}

/** Acknowledges every notice and/or signs, as the applicant would on those pages. */
export function signAndAcknowledge(filled: FilledApplication, { acknowledged = true, signed = true }: CompleteOptions = {}): FilledApplication {
  const events: ApplicationEvent[] = [...filled.events];
  const send = (event: ApplicationEvent) => {
    events.push(event);
    filled.actor.send(event);
  };
  if (acknowledged) for (const notice of noticeSteps) send({ type: 'notice.acknowledged', notice: notice.id, at: sampleTime });
  if (signed) send({ type: 'signature.drawn', image: samplePngSignature, at: sampleTime });
  return { actor: filled.actor, events };
}

/** A whole application ready to submit: every step answered, every notice acknowledged, signed. */
export function completeApplication(submit?: (input: SubmissionInput) => Promise<SubmissionReceipt>): FilledApplication {
  return signAndAcknowledge(fillSteps(undefined, 2, submit));
}

export interface SampleContextOptions extends CompleteOptions {
  /** The steps answered completely (every reveal open); every answer step unless given. */
  readonly filled?: readonly StepId[];
  readonly entriesPerList?: number;
}

/**
 * The context of an application with `filled` answered completely, as data derived from the declarations
 * (no events): what a story's snapshot is resolved from. Equal to the context `fillSteps` and
 * `signAndAcknowledge` reach with the same steps and options.
 */
export function sampleContext({
  filled = answerForms.map((form) => form.step),
  entriesPerList = 2,
  acknowledged = false,
  signed = false,
}: SampleContextOptions = {}): ApplicationContext {
  const sink = contextSink(initialApplicationContext());
  fillInto(sink, filled, entriesPerList);
  return {
    ...sink.context,
    acknowledgements: acknowledged ? Object.fromEntries(noticeSteps.map((notice) => [notice.id, sampleTime])) : {},
    signature: signed ? { method: 'drawn', image: samplePngSignature, signedAt: sampleTime } : null,
  };
}

/** A new application with these answers of `step` given (as data), the lists they reveal started as the machine starts them. */
export function answeredContext(step: StepId, values: Readonly<Record<string, AnswerValue>>): ApplicationContext {
  const sink = contextSink(initialApplicationContext());
  for (const [name, value] of Object.entries(values)) sink.answer({ step }, name, value);
  return sink.context;
}
