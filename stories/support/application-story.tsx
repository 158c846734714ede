import { createContext, StrictMode, useContext, useState, type ReactNode } from 'react';
import { createMemoryRouter, parsePath, RouterProvider } from 'react-router-dom';
import type { Decorator, Parameters, StoryObj } from '@storybook/react-vite';
import type { App } from '../../src/app/app.tsx';
import { createActor } from 'xstate';
import { ApplicationProvider } from '../../src/shared/application-context.tsx';
import { providedApplicationMachine } from '../../src/shared/application-actor.ts';
import { applicationStateAt, type ApplicationContext, type ApplicationSnapshot } from '../../machines/application-machine.ts';
import { findStepByPath, type StepId } from '../../machines/steps.ts';
import { acceptSubmission, sampleContext } from '../../test/support/sample-answers.ts';

/** Where a story opens the application: a path as the browser asks for it, and that entry's navigation state. */
export interface ApplicationLocation {
  /** E.g. `/form/16/rights`; a query or hash is kept on the history entry. */
  path: string;
  /** Navigation state of the entry, e.g. `{ modal: 'application-submitted', reference, downloadUrl }`. */
  state?: unknown;
  /** Steps answered completely (every reveal open, two entries per list) before the story opens. */
  filled?: readonly StepId[];
  /** Every notice acknowledged and/or the application signed before the story opens. */
  acknowledged?: boolean;
  signed?: boolean;
}

/** What `storyAt` stores in a story's parameters and `withApplication` reads back. */
export const APPLICATION_PARAMETER = 'application';

const StoryContent = createContext<ReactNode>(null);

/** The router's one element (`path: '*'`, as in src/app/start-application.tsx): it shows whatever the story renders (`<App/>`). */
function StoryOutlet() {
  return <>{useContext(StoryContent)}</>;
}

/** The story's data: the context of its application (`sampleContext`), nothing replayed. */
export function storyContext({ filled, acknowledged, signed }: ApplicationLocation): ApplicationContext {
  return sampleContext({ filled: filled ?? [], acknowledged: acknowledged ?? false, signed: signed ?? false });
}

/**
 * The snapshot a story starts from: `machine.resolveState` on the step of `path` (as the router would
 * find it) with the story's context, every region set from that context (`applicationStateAt`).
 */
export function storySnapshot(location: ApplicationLocation, machine: ApplicationMachine = storyMachine()): ApplicationSnapshot {
  return machine.resolveState(applicationStateAt(findStepByPath(location.path)?.id ?? 'notFound', storyContext(location)));
}

/** The application machine of the stories: a submission is accepted at once, as by the server. */
function storyMachine() {
  return providedApplicationMachine({ submit: acceptSubmission });
}

type ApplicationMachine = ReturnType<typeof storyMachine>;

/**
 * The application as src/app/start-application.tsx mounts it, but on a memory history: an actor started from the story's
 * snapshot (`storySnapshot`) and a fresh memory router whose only entry is `path` with `state`. Both are
 * created once per mount, so each story render starts from its own machine state.
 */
export function ApplicationAt({ children, ...location }: ApplicationLocation & { children: ReactNode }) {
  const [{ actor, router }] = useState(() => {
    const machine = storyMachine();
    return {
      actor: createActor(machine, { snapshot: storySnapshot(location, machine) }).start(),
      router: createMemoryRouter([{ path: '*', element: <StoryOutlet /> }], {
        initialEntries: [{ ...parsePath(location.path), state: location.state }],
      }),
    };
  });
  return (
    <StoryContent.Provider value={children}>
      <ApplicationProvider actor={actor}>
        <RouterProvider router={router} />
      </ApplicationProvider>
    </StoryContent.Provider>
  );
}

function isApplicationLocation(value: unknown): value is ApplicationLocation {
  return typeof value === 'object' && value !== null && typeof (value as { path?: unknown }).path === 'string';
}

/** The location of a story, from the parameters `storyAt` wrote. */
export function readApplicationLocation(parameters: Parameters): ApplicationLocation {
  const location: unknown = parameters[APPLICATION_PARAMETER];
  if (!isApplicationLocation(location)) {
    throw new Error(`A story decorated with withApplication needs parameters.${APPLICATION_PARAMETER}.path (use storyAt)`);
  }
  return location;
}

/**
 * Decorator: renders the story (the real `<App/>`) inside the application's providers at the story's
 * location, in StrictMode as src/app/start-application.tsx does. A new location remounts with a new actor and router.
 */
export const withApplication: Decorator = (Story, { parameters }) => {
  const location = readApplicationLocation(parameters);
  return (
    <StrictMode>
      <ApplicationAt key={JSON.stringify(location)} {...location}>
        <Story />
      </ApplicationAt>
    </StrictMode>
  );
};

export type ApplicationStory = StoryObj<typeof App>;

/** A story of the application opened at `location` (a path, or a path with navigation state). */
export function storyAt(location: string | ApplicationLocation, story: ApplicationStory = {}): ApplicationStory {
  const resolved: ApplicationLocation = typeof location === 'string' ? { path: location } : location;
  return { ...story, parameters: { ...story.parameters, [APPLICATION_PARAMETER]: resolved } };
}
