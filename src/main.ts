import { draftStorageKey } from './shared/draft/draft-keys.ts';
import type * as StartApplication from './app/start-application.tsx';
import './styles/app.css';

/**
 * The boot module, the only script of a first visit. The home page arrives pre-rendered (its HTML is
 * in index.html, which also asks the browser to prefetch the application when idle), so on `/` with
 * nothing to resume the application is not started: it is loaded when the applicant shows intent
 * (pointer over or focus on a link) and started when they follow a link. Anywhere else, or with a
 * draft to resume, it starts at once. Reasoning and figures: docs/performance.md.
 */

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

let application: Promise<typeof StartApplication> | undefined;
const loadApplication = () => (application ??= import('./app/start-application.tsx'));

let started = false;
/** `followedLink`: started by a link followed (or a history entry) on the pre-rendered home page. */
async function start(followedLink = false): Promise<void> {
  if (started) return;
  started = true;
  const { startApplication } = await loadApplication();
  // A task of its own for the start, apart from evaluating the modules (no long task on a slow phone).
  await new Promise((resolve) => setTimeout(resolve, 0));
  await startApplication(container!, { followedLink });
}

function hasDraft(): boolean {
  try {
    return window.localStorage.getItem(draftStorageKey) !== null;
  } catch {
    return false;
  }
}

/** The page needs the application now: not the plain pre-rendered home page. */
function needsApplicationNow(): boolean {
  return (
    import.meta.env.MODE !== 'production' ||
    window.location.pathname !== '/' ||
    container!.childElementCount === 0 ||
    hasDraft() ||
    // A modal opened through navigation state (react-router keeps it under `usr`), e.g. after a reload.
    Boolean((window.history.state as { usr?: unknown } | null)?.usr)
  );
}

/** A link the application would follow itself: same origin, another page, a plain left click. */
function followedLink(event: MouseEvent): HTMLAnchorElement | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return undefined;
  }
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute('download')) return undefined;
  if (link.origin !== window.location.origin || link.pathname === window.location.pathname) return undefined;
  return link;
}

function waitForLinks(): void {
  const load = () => void loadApplication().catch(() => undefined);
  container!.addEventListener('pointerover', load, { once: true });
  container!.addEventListener('focusin', load, { once: true });

  const onClick = (event: MouseEvent) => {
    const link = followedLink(event);
    if (!link) return;
    event.preventDefault();
    link.setAttribute('aria-busy', 'true');
    document.removeEventListener('click', onClick);
    window.history.pushState(null, '', link.href);
    // Without the application (offline, a failed fetch) the link still works as a page load.
    start(true).catch(() => window.location.assign(link.href));
  };
  document.addEventListener('click', onClick);
  // A history entry of this document (another page, or a modal by navigation state): the application shows it.
  window.addEventListener('popstate', () => void start(true), { once: true });
}

if (needsApplicationNow()) void start();
else waitForLinks();
