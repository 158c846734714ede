import type { NoticeId, StepId } from './steps.ts';
import { applicationStatus, type Signature, type StepStatus } from './form/application-status.ts';
import type { ApplicationSnapshot } from './application-machine.ts';
import type { AnswerValue } from './form/field-types.ts';
import { entriesOf } from './form/answers.ts';
import { stepProblems, type StepProblem } from './form/problems.ts';

/** Reading the application machine's state: answers, entries, errors. */

export type { StepProblem };

export interface EntryAddress {
  readonly list: string;
  readonly entryId: string;
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

export function selectStepProblems(snapshot: ApplicationSnapshot, step: StepId): readonly StepProblem[] {
  return stepProblems(step, snapshot.context.answers[step]);
}

/** The error shown next to a field: once the applicant has left it, or after a submit check (decision 6). */
export function selectVisibleError(snapshot: ApplicationSnapshot, step: StepId, key: string): string | undefined {
  if (!snapshot.context.showAllErrors && !snapshot.context.touched[`${step}:${key}`]) return undefined;
  return selectStepProblems(snapshot, step).find((problem) => problem.key === key)?.message;
}

export function selectStepIsComplete(snapshot: ApplicationSnapshot, step: StepId): boolean {
  return selectStepProblems(snapshot, step).length === 0;
}

export function selectApplicationStatus(snapshot: ApplicationSnapshot): readonly StepStatus[] {
  return applicationStatus(snapshot.context);
}

export function selectSignature(snapshot: ApplicationSnapshot): Signature | null {
  return snapshot.context.signature;
}

export function selectAcknowledgedAt(snapshot: ApplicationSnapshot, notice: NoticeId): string | undefined {
  return snapshot.context.acknowledgements[notice];
}
