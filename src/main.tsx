import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { App } from './app/app.tsx';
import { ApplicationProvider } from './shared/application-context.tsx';
import { startApplicationActor } from './shared/application-actor.ts';
import './styles/app.css';

const actor = startApplicationActor(window.location.pathname);
const router = createBrowserRouter([{ path: '*', element: <App /> }]);

if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <ApplicationProvider actor={actor}>
      <RouterProvider router={router} />
    </ApplicationProvider>
  </StrictMode>,
);
