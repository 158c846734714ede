import { Profiler, StrictMode, type ProfilerOnRenderCallback, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { App } from '../../src/app/app.tsx';
import { ApplicationProvider } from '../../src/shared/application-context.tsx';
import { startApplicationActor, type ApplicationActor } from '../../src/shared/application-actor.ts';
import type { SubmissionInput, SubmissionReceipt } from '../../machines/application-machine.ts';
import { acceptSubmission } from './sample-answers.ts';

export interface RenderAppOptions {
  state?: unknown;
  strict?: boolean;
  /** An actor already holding answers; it is moved to `path` as the browser would move it. */
  actor?: ApplicationActor;
  /** How a new actor sends the application (default: accepted at once). */
  submit?: (input: SubmissionInput) => Promise<SubmissionReceipt>;
  /** Wraps the whole tree in a React `<Profiler id="app">` reporting every commit. */
  onRender?: ProfilerOnRenderCallback;
  /** Started by a link followed on the pre-rendered home page (as src/main.ts starts it). */
  followedLink?: boolean;
}

/** Renders the whole application at `path`, as the browser would open it, in StrictMode by default. */
export function renderApp(path: string, { state, strict = true, actor: given, submit = acceptSubmission, onRender, followedLink }: RenderAppOptions = {}) {
  const actor = given ?? startApplicationActor(path, { submit });
  if (given) given.send({ type: 'route.changed', path });
  const router = createMemoryRouter([{ path: '*', element: <App followedLink={followedLink} /> }], {
    initialEntries: [{ pathname: path, state }],
  });
  const app: ReactNode = (
    <ApplicationProvider actor={actor}>
      <RouterProvider router={router} />
    </ApplicationProvider>
  );
  const tree = onRender ? (
    <Profiler id="app" onRender={onRender}>
      {app}
    </Profiler>
  ) : (
    app
  );
  const result = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...result, actor, router };
}
