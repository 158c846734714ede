import { useState, type ReactNode } from 'react';
import type { Decorator } from '@storybook/react-vite';
import { createActor } from 'xstate';
import { applicationStateAt, fieldKey, type ApplicationContext } from '../../machines/application-machine.ts';
import { isAnswerField, revealsOf, type AnswerField, type AnswerValue, type FieldNode, type ListNode } from '../../machines/form/field-types.ts';
import { entriesOf, forEachNode, withAnswer } from '../../machines/form/answers.ts';
import { getStepForm } from '../../machines/form/step-forms.ts';
import type { StepId } from '../../machines/steps.ts';
import { providedApplicationMachine } from '../../src/shared/application-actor.ts';
import { ApplicationProvider } from '../../src/shared/application-context.tsx';
import { acceptSubmission, answeredContext, sampleContext } from '../../test/support/sample-answers.ts';

/**
 * Stories of the form components (a question, a list of entries) in the states of the application
 * machine: each story declares its state as data, the decorator resolves a machine snapshot from it and
 * renders the component with an actor started from that snapshot. The component reads its answer and
 * error from the machine and sends it events, as in the application.
 */

/** The five states every form component is shown in. */
export const answerStates = ['Empty', 'Filled', 'Error', 'Disabled', 'Required'] as const;
export type AnswerStateName = (typeof answerStates)[number];

/** What a component story stores in `parameters.answerState`. */
export interface AnswerState {
  readonly step: StepId;
  /** The declared question or list the story shows (its name in the step's declaration). */
  readonly name: string;
  /** `shown`: only the answers that show it are given; `filled`: the whole step is answered (`sampleContext`). */
  readonly answers: 'shown' | 'filled';
  /** The applicant has left the question (or every question of the list's entries): errors show (decision 6). */
  readonly left?: boolean;
  /** The list's entries have all been removed. */
  readonly emptied?: boolean;
}

export const ANSWER_STATE_PARAMETER = 'answerState';

/** A question or list declared for `step`, found by name (reveals included, list entries not). */
export function declaredNode(step: StepId, name: string): AnswerField | ListNode {
  let found: AnswerField | ListNode | undefined;
  forEachNode(getStepForm(step)?.fields ?? [], (node) => {
    if ((isAnswerField(node) || node.kind === 'list') && node.name === name) found ??= node;
  });
  if (!found) throw new Error(`No question or list "${name}" is declared for step "${step}"`);
  return found;
}

/** The answers that show `name`: for each reveal it sits in, the answer that opens it. */
function answersShowing(nodes: readonly FieldNode[], name: string): Record<string, AnswerValue> | undefined {
  for (const node of nodes) {
    if ((isAnswerField(node) || node.kind === 'list') && node.name === name) return {};
    if (node.kind === 'group') {
      const inGroup = answersShowing(node.fields, name);
      if (inGroup) return inGroup;
    }
    for (const reveal of revealsOf(node)) {
      const inReveal = answersShowing(reveal.fields, name);
      if (inReveal && isAnswerField(node)) {
        return { [node.name]: node.kind === 'checkboxes' ? [reveal.when] : reveal.when, ...inReveal };
      }
    }
  }
  return undefined;
}

/** The context a story's state describes, as data. */
export function answerStateContext({ step, name, answers, left, emptied }: AnswerState): ApplicationContext {
  const node = declaredNode(step, name);
  let context =
    answers === 'filled' ? sampleContext({ filled: [step] }) : answeredContext(step, answersShowing(getStepForm(step)?.fields ?? [], name) ?? {});
  if (emptied && node.kind === 'list') {
    context = { ...context, answers: withAnswer(context.answers, step, name, []) };
  }
  if (left) {
    const keys =
      node.kind === 'list'
        ? entriesOf(context.answers[step], name).flatMap((entry) =>
            node.fields.filter(isAnswerField).map((field) => fieldKey(field.name, { list: name, entryId: entry.id })),
          )
        : [name];
    context = { ...context, touched: { ...context.touched, ...Object.fromEntries(keys.map((key) => [`${step}:${key}`, true as const])) } };
  }
  return context;
}

function readAnswerState(parameters: Record<string, unknown>): AnswerState {
  const state = parameters[ANSWER_STATE_PARAMETER] as AnswerState | undefined;
  if (!state || typeof state.step !== 'string' || typeof state.name !== 'string') {
    throw new Error(`A story decorated with withAnswerState needs parameters.${ANSWER_STATE_PARAMETER} (use answerStory)`);
  }
  return state;
}

function AnswerStateProvider({ state, children }: { state: AnswerState; children: ReactNode }) {
  const [actor] = useState(() => {
    const machine = providedApplicationMachine({ submit: acceptSubmission });
    return createActor(machine, { snapshot: machine.resolveState(applicationStateAt(state.step, answerStateContext(state))) }).start();
  });
  return <ApplicationProvider actor={actor}>{children}</ApplicationProvider>;
}

/**
 * Decorator: the component inside a form (so each story's radio groups are its own on a docs page), with
 * an application actor started from the snapshot of the story's state.
 */
export const withAnswerState: Decorator = (Story, { parameters }) => {
  const state = readAnswerState(parameters);
  return (
    <AnswerStateProvider key={JSON.stringify(state)} state={state}>
      <form className="step-form" noValidate>
        <Story />
      </form>
    </AnswerStateProvider>
  );
};
