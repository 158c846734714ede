import { createActor, type StateValue } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { applicationMachine, selectPosition, type ApplicationSnapshot } from '../../../machines/application-machine.ts';
import { getStep, steps, type StepId } from '../../../machines/steps.ts';
import { revealsOf, type AnswerField, type AnswerValue, type FieldNode } from '../../../machines/form/field-types.ts';
import { isRevealed, visibleAnswerFields } from '../../../machines/form/answers.ts';
import { getStepForm } from '../../../machines/form/step-forms.ts';
import { getOptions } from '../../../machines/form/option-lists.ts';
import { pathFormat, pathFormatVersion, type InspectorPath, type PersonEvent } from './inspector-path.ts';

/**
 * Paths generated from the machine with `getShortestPaths` (xstate/graph): the shortest path to every
 * step and to every reveal state, over the events a person can send where they are: any route (the
 * address bar), Back and Next where the page has them, and each reveal question of the shown step
 * answered with the answer that opens its reveal or one that keeps it closed. Plus one walk through
 * the whole step list by Next.
 */

export interface GeneratedPath extends InspectorPath {
  readonly origin: 'generated';
  /** What the path is for: a step (position) or a reveal state (`region` in state `state`). */
  readonly target: { readonly kind: 'step'; readonly step: StepId } | { readonly kind: 'reveal'; readonly region: string; readonly state: string } | { readonly kind: 'walk' };
}

interface RevealQuestion {
  readonly step: StepId;
  readonly field: AnswerField;
  readonly when: string;
  /** The answer that opens the reveal, and one that keeps it closed. */
  readonly opening: AnswerValue;
  readonly other: AnswerValue;
}

function otherAnswer(field: AnswerField, when: string): AnswerValue {
  switch (field.kind) {
    case 'yesNo':
      return when === 'yes' ? 'no' : 'yes';
    case 'checkboxes':
      return [];
    case 'radios':
    case 'select':
      return getOptions(field.options).find((option) => option.value !== when)?.value ?? '';
    default:
      return '';
  }
}

/** The reveal questions the step shows with these answers (a nested question only once its parent is open). */
function shownRevealQuestions(snapshot: ApplicationSnapshot, step: StepId): RevealQuestion[] {
  const form = getStepForm(step);
  if (!form) return [];
  return visibleAnswerFields(form.fields, snapshot.context.answers[step] ?? {}).flatMap((field) =>
    revealsOf(field).map((reveal) => ({
      step,
      field,
      when: reveal.when,
      opening: field.kind === 'checkboxes' ? [reveal.when] : reveal.when,
      other: otherAnswer(field, reveal.when),
    })),
  );
}

const distinctRoutes = [...new Set(steps.map((step) => step.route))];

/**
 * The curated events offered where the snapshot is. Every route is offered from the empty application
 * (any later route event would only make a path longer: a route reaches its step in one event from
 * anywhere). On a step: Back, Next (not on the step whose forward button submits), and each shown
 * reveal question answered both ways; once a reveal of the step is open, only the questions inside
 * open reveals, so the search follows chains of nested reveals instead of every combination.
 */
export function curatedEventsAt(snapshot: ApplicationSnapshot, empty: boolean): PersonEvent[] {
  const position = selectPosition(snapshot);
  const events: PersonEvent[] = empty ? distinctRoutes.map((path) => ({ type: 'route.changed', path })) : [];
  if (position === 'notFound' || position === 'home' || position === 'finish') return events;
  const step = getStep(position);
  events.push({ type: 'step.back' });
  if (!('submits' in step && step.submits)) events.push({ type: 'step.next' });
  const questions = shownRevealQuestions(snapshot, position);
  const open = questions.filter((question) => isRevealed(question.when, snapshot.context.answers[position]?.[question.field.name] as AnswerValue | undefined));
  const nestedInOpen = (question: RevealQuestion) =>
    open.some((parent) => parent !== question && revealsOf(parent.field).some((reveal) => reveal.when === parent.when && contains(reveal.fields, question.field)));
  for (const question of open.length === 0 ? questions : questions.filter(nestedInOpen)) {
    events.push({ type: 'answer.changed', step: position, name: question.field.name, value: question.opening });
    events.push({ type: 'answer.changed', step: position, name: question.field.name, value: question.other });
  }
  return events;
}

function contains(nodes: readonly FieldNode[], field: AnswerField): boolean {
  return allAnswerFields(nodes).includes(field);
}

function revealStates(snapshot: ApplicationSnapshot): Record<string, string> {
  return (snapshot.value as unknown as { reveals: Record<string, string> }).reveals;
}

/** A state as the search tells states apart: where the applicant is and the reveals of that step only (so the space stays small). */
function serializeForSearch(snapshot: ApplicationSnapshot): string {
  const position = selectPosition(snapshot);
  const reveals = revealStates(snapshot);
  const own = Object.keys(reveals)
    .filter((region) => region.startsWith(`${position}:`))
    .map((region) => `${region}=${reveals[region]}`);
  return [position, ...own].join('|');
}

function stripInit(path: { steps: readonly { event: { type: string } }[] }): PersonEvent[] {
  return path.steps.map((step) => step.event).filter((event) => !event.type.startsWith('xstate.')) as PersonEvent[];
}

function questionLabel(step: StepId, region: string): string {
  const name = region.slice(step.length + 1);
  const form = getStepForm(step);
  const field = form ? allAnswerFields(form.fields).find((candidate) => candidate.name === name) : undefined;
  return field?.label ?? name;
}

/** Every answer field of a declaration, revealed or not (lists' own fields excluded). */
function allAnswerFields(fields: readonly FieldNode[]): AnswerField[] {
  const found: AnswerField[] = [];
  const walk = (nodes: readonly FieldNode[]) => {
    for (const node of nodes) {
      if (node.kind === 'group') walk(node.fields);
      else if (node.kind !== 'list' && node.kind !== 'content') {
        found.push(node);
        for (const reveal of revealsOf(node)) walk(reveal.fields);
      }
    }
  };
  walk(fields);
  return found;
}

/**
 * The state value a path lands on, by running its events on a new actor. (The search keeps one
 * snapshot per state as it tells them apart, which may come from a longer way to the same place with
 * other answers elsewhere, so its snapshot is not the one these events give.)
 */
function landingValue(events: readonly PersonEvent[]): StateValue {
  const actor = createActor(applicationMachine);
  actor.start();
  for (const event of events) actor.send(event);
  const { value } = actor.getSnapshot();
  actor.stop();
  return value;
}

function make(name: string, target: GeneratedPath['target'], events: PersonEvent[]): GeneratedPath {
  return { format: pathFormat, version: pathFormatVersion, name, origin: 'generated', target, events, expectedValue: landingValue(events) };
}

function stepName(id: StepId): string {
  const step = getStep(id);
  return `Step ${steps.indexOf(step)}: ${step.title || step.heading} (${step.route})`;
}

/** The initial snapshot a path starts from: a new application (at `/`, the home page). */
function emptyApplication(): ApplicationSnapshot {
  const actor = createActor(applicationMachine);
  actor.start();
  const snapshot = actor.getSnapshot();
  actor.stop();
  return snapshot;
}

let cached: GeneratedPath[] | undefined;

/** Every generated path, computed once (a few hundred states are searched). */
export function generatedPaths(): GeneratedPath[] {
  cached ??= generate();
  return cached;
}

function generate(): GeneratedPath[] {
  const fromState = emptyApplication();
  const found = getShortestPaths(applicationMachine, {
    fromState,
    events: (snapshot) => curatedEventsAt(snapshot as ApplicationSnapshot, snapshot === fromState),
    serializeState: (snapshot) => serializeForSearch(snapshot as ApplicationSnapshot),
  }).map((path) => ({ state: path.state as ApplicationSnapshot, events: stripInit(path) }));

  const shortest = (matches: (snapshot: ApplicationSnapshot) => boolean) =>
    found.filter((path) => matches(path.state)).sort((a, b) => a.events.length - b.events.length)[0];

  const result: GeneratedPath[] = [];
  for (const step of steps) {
    const path = shortest((snapshot) => selectPosition(snapshot) === step.id);
    // The 28th entry is reached only by a submitted application, which no generated path sends.
    if (path) result.push(make(stepName(step.id), { kind: 'step', step: step.id }, path.events));
  }

  for (const region of Object.keys(revealStates(fromState))) {
    const step = region.slice(0, region.indexOf(':')) as StepId;
    for (const state of revealStatesOf(region)) {
      const path = shortest((snapshot) => revealStates(snapshot)[region] === state && selectPosition(snapshot) === step);
      if (!path) continue;
      const answer = state === 'yes' ? 'Yes' : state;
      result.push(make(`Reveal: ${getStep(step).title} › ${questionLabel(step, region)} = ${answer}`, { kind: 'reveal', region, state }, path.events));
    }
  }

  const walk = walkByNext(fromState);
  if (walk) result.push(walk);
  return result;
}

/** The open states of a reveal region (every state but `hidden`). */
function revealStatesOf(region: string): string[] {
  const node = applicationMachine.root.states.reveals?.states[region];
  return node ? Object.keys(node.states).filter((state) => state !== 'hidden') : [];
}

/** Through the whole step list as a person goes: Get started (a link to the first step), then Next to the last. */
function walkByNext(fromState: ApplicationSnapshot): GeneratedPath | undefined {
  const first = getStep('requirements').route;
  const last = [...steps].reverse().find((step) => 'submits' in step && step.submits);
  if (!last) return undefined;
  const paths = getShortestPaths(applicationMachine, {
    fromState,
    events: (snapshot): PersonEvent[] =>
      selectPosition(snapshot as ApplicationSnapshot) === 'home' ? [{ type: 'route.changed', path: first }] : [{ type: 'step.next' }],
    serializeState: (snapshot) => selectPosition(snapshot as ApplicationSnapshot),
    toState: (snapshot) => selectPosition(snapshot as ApplicationSnapshot) === last.id,
  });
  const path = paths[0];
  if (!path) return undefined;
  return make(`Every step by Next, to ${last.heading}`, { kind: 'walk' }, stripInit(path));
}

