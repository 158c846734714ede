import { setup, type SnapshotFrom } from 'xstate';
import { getStep, isStepId, normalisePath, progressPercent, steps, type Step, type StepId } from './steps';

export type ApplicationEvent =
  | { type: 'step.next' }
  | { type: 'step.back' }
  /** The browser's location changed: a deep link, a link click, or its back and forward buttons. */
  | { type: 'route.changed'; path: string };

const application = setup({
  types: {
    events: {} as ApplicationEvent,
  },
  guards: {
    isPath: ({ event }, params: { route: string }) =>
      event.type === 'route.changed' && normalisePath(event.path) === params.route,
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

export const applicationMachine = application.createMachine({
  id: 'application',
  type: 'parallel',
  states: {
    step: {
      initial: 'home',
      states: {
        ...stepStates,
        notFound: {},
      },
      on: {
        'route.changed': [
          ...steps.map((step) => ({
            target: `.${step.id}`,
            guard: { type: 'isPath' as const, params: { route: step.route } },
          })),
          { target: '.notFound' },
        ],
      },
    },
  },
});

export type ApplicationSnapshot = SnapshotFrom<typeof applicationMachine>;

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
