import { StrictMode, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { App } from '../../src/app/app.tsx';
import { ApplicationProvider } from '../../src/shared/application-context.tsx';
import { startApplicationActor } from '../../src/shared/application-actor.ts';

export interface RenderAppOptions {
  state?: unknown;
  strict?: boolean;
}

/** Renders the whole application at `path`, as the browser would open it, in StrictMode by default. */
export function renderApp(path: string, { state, strict = true }: RenderAppOptions = {}) {
  const actor = startApplicationActor(path);
  const router = createMemoryRouter([{ path: '*', element: <App /> }], {
    initialEntries: [{ pathname: path, state }],
  });
  const tree: ReactNode = (
    <ApplicationProvider actor={actor}>
      <RouterProvider router={router} />
    </ApplicationProvider>
  );
  const result = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...result, actor, router };
}
