import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApplicationRoot, openApplication } from './application-root.tsx';
import { createDraftStorage } from '../shared/draft/draft-storage.ts';
import type { DevTools } from '../features/inspector/dev-tools.tsx';

/**
 * Starts the application in `container` at the browser's current URL: the draft resumed, the actor
 * started on the step of the URL, React rendering it. Whatever the container held (the pre-rendered
 * home page) is replaced. Loaded by the boot module (src/main.ts) only when the application is needed;
 * `followedLink` when the applicant followed a link on the pre-rendered home page (focus goes to the
 * heading of the page it leads to, as on any page change).
 */
export async function startApplication(container: HTMLElement, { followedLink = false } = {}): Promise<void> {
  // The inspectors, in the development server and preview builds only (`?inspect`, `?inspect=local`,
  // Alt+Shift+I; docs/inspector.md). The mode is a constant of the build: in a production build the
  // condition is false, so the dynamic import and everything it loads are left out of the bundle.
  const devTools: DevTools | undefined =
    import.meta.env.MODE === 'development' || import.meta.env.MODE === 'preview'
      ? await import('../features/inspector/dev-tools.tsx').then((module) => module.startDevTools(window.location.search))
      : undefined;

  const storage = createDraftStorage(window.localStorage, window.sessionStorage);
  const actor = openApplication(storage, { inspect: devTools?.inspect });

  if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';

  // As a transition, the first render yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page (a phone's input stays responsive while the application starts).
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <ApplicationRoot initialActor={actor} storage={storage} onActorChange={devTools?.follow} followedLink={followedLink} />
      </StrictMode>,
    );
  });
}
