import { useCallback } from 'react';
import { fieldKey } from '../../../machines/application-machine.ts';
import { selectAnswer, selectVisibleError, type EntryAddress } from '../../../machines/application-selectors.ts';
import { selectHistoryDraftError } from '../../../machines/history-selectors.ts';
import type { AnswerValue } from '../../../machines/form/field-types.ts';
import type { StepId } from '../../../machines/steps.ts';
import { useApplicationActor, useApplicationSelector } from '../../shared/application-context.tsx';

/** Where an answer lives: a step (optionally one entry of one of its lists), or the open history form. */
export type AnswerScope =
  | { readonly kind: 'step'; readonly step: StepId; readonly entry?: EntryAddress; readonly placeholders?: Readonly<Record<string, string>> }
  | { readonly kind: 'historyDraft' };

/** The input `name` of an answer: the spec's name, qualified by its list entry. */
export function inputName(scope: AnswerScope, name: string): string {
  return scope.kind === 'step' && scope.entry ? `${scope.entry.list}[${scope.entry.entryId}][${name}]` : name;
}

export function useAnswerValue(scope: AnswerScope, name: string): AnswerValue | undefined {
  return useApplicationSelector((snapshot) =>
    scope.kind === 'step' ? selectAnswer(snapshot, scope.step, name, scope.entry) : snapshot.context.historyDraft.values[name],
  );
}

export interface AnswerBinding {
  value: AnswerValue | undefined;
  error: string | undefined;
  change: (value: AnswerValue) => void;
  leave: () => void;
}

/** Reads one answer and its visible error, and sends the machine the events that change it. */
export function useAnswerBinding(scope: AnswerScope, name: string): AnswerBinding {
  const { send } = useApplicationActor();
  const value = useAnswerValue(scope, name);
  const error = useApplicationSelector((snapshot) =>
    scope.kind === 'step'
      ? selectVisibleError(snapshot, scope.step, fieldKey(name, scope.entry))
      : selectHistoryDraftError(snapshot, name),
  );
  const step = scope.kind === 'step' ? scope.step : undefined;
  const list = scope.kind === 'step' ? scope.entry?.list : undefined;
  const entryId = scope.kind === 'step' ? scope.entry?.entryId : undefined;

  const change = useCallback(
    (next: AnswerValue) => {
      if (step === undefined) send({ type: 'history.form.changed', name, value: next });
      else if (list !== undefined && entryId !== undefined) send({ type: 'entry.answer.changed', step, list, entryId, name, value: next });
      else send({ type: 'answer.changed', step, name, value: next });
    },
    [send, step, list, entryId, name],
  );
  const leave = useCallback(() => {
    if (step === undefined) send({ type: 'history.form.left', name });
    else send({ type: 'answer.left', step, key: fieldKey(name, list !== undefined && entryId !== undefined ? { list, entryId } : undefined) });
  }, [send, step, list, entryId, name]);

  return { value, error, change, leave };
}
