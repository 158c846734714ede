import { createServer } from 'vite';
import type * as HomePage from '../src/app/prerender-home.tsx';

/**
 * Prints the pre-rendered home page as JSON (`{ html, title }`) on stdout: the application's own
 * components rendered through Vite's SSR loader with the project's configuration in `mode`. Run by
 * the `prerender-home` build step (vite.config.ts) in a process of its own, so React is loaded once,
 * in production mode, whatever the process that builds has loaded.
 *
 *   node --import tsx scripts/render-home-page.ts <mode>
 */
const mode = process.argv[2] ?? 'production';
const server = await createServer({
  mode,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
});
try {
  const { renderHomePage } = (await server.ssrLoadModule('/src/app/prerender-home.tsx')) as typeof HomePage;
  process.stdout.write(JSON.stringify(await renderHomePage()));
} finally {
  await server.close();
}
