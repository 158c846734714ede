import { createServer } from 'node:net';

/**
 * Ports of the browser suite, from BROWSER_TEST_PORT (default 4173): the app on it, the static Storybook
 * on the next one (or STORYBOOK_TEST_PORT), so parallel runs on different ports do not collide.
 * Read by playwright.config.ts and by the tests.
 */

function portFrom(name: string, fallback: number): number {
  const raw = process.env[name];
  const port = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`${name} must be a port number, not "${raw}".`);
  return port;
}

export const appPort = portFrom('BROWSER_TEST_PORT', 4173);
export const storybookPort = portFrom('STORYBOOK_TEST_PORT', appPort + 1);

export const appURL = `http://127.0.0.1:${appPort}`;
export const storybookURL = `http://127.0.0.1:${storybookPort}`;

/** A port no one listens on now, chosen by the system (for a test's own server, started and restarted there). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No port was assigned.'))));
    });
  });
}
