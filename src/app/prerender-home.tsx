import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { startApplicationActor } from '../shared/application-actor.ts';
import { ApplicationProvider } from '../shared/application-context.tsx';
import { App, pageTitle } from './app.tsx';

/**
 * The home page as the application renders it at `/` for a first visit (no draft, no modal), as HTML:
 * the build writes it into `index.html` so the page is readable before any script runs. Used by the
 * `prerender-home` build step in vite.config.ts, in Node.
 */
export async function renderHomePage(): Promise<{ html: string; title: string }> {
  const actor = startApplicationActor('/');
  const { prelude } = await prerenderToNodeStream(
    <StaticRouter location="/">
      <ApplicationProvider actor={actor}>
        <App />
      </ApplicationProvider>
    </StaticRouter>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  actor.stop();
  return { html, title: pageTitle('home') };
}
