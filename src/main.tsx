import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApplicationRoot, resumeApplicationActor, resumePath } from './app/application-root.tsx';
import { startApplicationActor } from './shared/application-actor.ts';
import { createDraftStorage } from './shared/draft/draft-storage.ts';
import './styles/app.css';

const storage = createDraftStorage(window.localStorage, window.sessionStorage);
const draft = storage.load();

// Opened at `/` with a draft: carry on where the applicant was (the URL follows before the router starts).
const path = resumePath(draft, window.location.pathname);
if (path !== window.location.pathname) window.history.replaceState(window.history.state, '', path);

const actor = draft.kind === 'draft' ? resumeApplicationActor(draft.snapshot, path) : startApplicationActor(path);

if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <ApplicationRoot initialActor={actor} storage={storage} />
  </StrictMode>,
);
