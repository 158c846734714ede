import type { StepId } from './steps.ts';
import { fieldKey, type ApplicationSnapshot } from './application-machine.ts';
import type { AnswerValue, StepForm } from './form/field-types.ts';
import { allLists, countedEntries, stepDocument, type Entry, type StepAnswers } from './form/answers.ts';
import { getStepForm } from './form/step-forms.ts';
import { validateStepDocument } from './form/schemas.ts';

/**
 * Reading the application machine's state: answers, errors and per-step status. Errors are derived
 * from the answers with the step's yup schema, once per change of that step (memoised on the step's
 * answers object, which the machine replaces on every change and keeps otherwise).
 */

export interface EntryAddress {
  readonly list: string;
  readonly entryId: string;
}

function entriesOf(answers: StepAnswers | undefined, list: string): readonly Entry[] {
  const value = answers?.[list];
  return Array.isArray(value) ? (value as readonly Entry[]) : [];
}

export function selectAnswer(snapshot: ApplicationSnapshot, step: StepId, name: string, entry?: EntryAddress): AnswerValue | undefined {
  const answers = snapshot.context.answers[step];
  if (!entry) {
    const value = answers?.[name];
    return typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string'))
      ? (value as AnswerValue)
      : undefined;
  }
  return entriesOf(answers, entry.list).find((candidate) => candidate.id === entry.entryId)?.values[name];
}

export function selectEntryIds(snapshot: ApplicationSnapshot, step: StepId, list: string): readonly string[] {
  return entriesOf(snapshot.context.answers[step], list).map((entry) => entry.id);
}

export function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

export interface StepProblem {
  /** The field's key (`fieldKey`): where the problem is shown. */
  readonly key: string;
  readonly message: string;
}

const problemCache = new WeakMap<StepAnswers, readonly StepProblem[]>();
const emptyAnswers: StepAnswers = {};

function entryIdsByList(form: StepForm, answers: StepAnswers): Map<string, string[]> {
  return new Map(allLists(form.fields).map((list) => [list.name, countedEntries(list, entriesOf(answers, list.name)).map((entry) => entry.id)]));
}

/** Turns a yup path (`employers[1].company-name`) into the field key of the entry (`employers/entry-4/company-name`). */
function keyOfPath(path: string, ids: Map<string, string[]>): string {
  const match = /^([^[]+)\[(\d+)\]\.(.+)$/.exec(path);
  if (!match) return path.replace(/\[\d+\]$/, '');
  const [, list = '', index = '0', name = ''] = match;
  const id = ids.get(list)?.[Number(index)];
  return id ? fieldKey(name, { list, entryId: id }) : list;
}

/** Every problem of a step (missing required answers, invalid ones), in screen order. */
export function stepProblems(step: StepId, answers: StepAnswers | undefined): readonly StepProblem[] {
  const form = getStepForm(step);
  if (!form) return [];
  const stepAnswers = answers ?? emptyAnswers;
  const cached = problemCache.get(stepAnswers);
  if (cached) return cached;
  const ids = entryIdsByList(form, stepAnswers);
  const problems = validateStepDocument(step, stepDocument(form, stepAnswers)).map((error) => ({
    key: keyOfPath(error.path, ids),
    message: error.message,
  }));
  problemCache.set(stepAnswers, problems);
  return problems;
}

export function selectStepProblems(snapshot: ApplicationSnapshot, step: StepId): readonly StepProblem[] {
  return stepProblems(step, snapshot.context.answers[step]);
}

/** The error shown next to a field: only once the applicant has left it (decision 6). */
export function selectVisibleError(snapshot: ApplicationSnapshot, step: StepId, key: string): string | undefined {
  if (!snapshot.context.touched[`${step}:${key}`]) return undefined;
  return selectStepProblems(snapshot, step).find((problem) => problem.key === key)?.message;
}

export function selectStepIsComplete(snapshot: ApplicationSnapshot, step: StepId): boolean {
  return selectStepProblems(snapshot, step).length === 0;
}
