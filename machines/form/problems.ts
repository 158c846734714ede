import type { StepId } from '../steps.ts';
import type { StepForm } from './field-types.ts';
import { allLists, countedEntries, entriesOf, fieldKey, stepDocument, type StepAnswers } from './answers.ts';
import { getStepForm } from './step-forms.ts';
import { validateStepDocument } from './schemas.ts';

/**
 * The problems of a step's answers: derived with the step's yup schema, once per change of that step
 * (memoised on the step's answers object, which the machine replaces on every change and keeps
 * otherwise), and keyed by field key so each is shown next to its field.
 */


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

