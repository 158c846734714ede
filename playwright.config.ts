import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests run against the production server (`npm start`, which serves `dist/`) in the
 * system's Chromium: Playwright's own browser downloads are not used.
 */

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromePath)) {
  throw new Error(
    `Chromium not found at ${chromePath}: install it with \`apt-get install -y chromium\` (Debian) or set CHROME_PATH to a Chromium or Chrome executable.`,
  );
}

const DEFAULT_PORT = 4173;
const port = Number(process.env.BROWSER_TEST_PORT ?? DEFAULT_PORT);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  throw new Error(`BROWSER_TEST_PORT must be a port number, not "${process.env.BROWSER_TEST_PORT}".`);
}
const baseURL = `http://127.0.0.1:${port}`;
const browserTestDataDir = join(tmpdir(), `driver-application-browser-tests-${port}`);

export default defineConfig({
  testDir: 'test/browser',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  // A 2-core shared machine: never more than two browsers at once.
  workers: 2,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    headless: true,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        headless: true,
        launchOptions: {
          executablePath: chromePath,
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--disable-quic',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'npm start',
    url: `${baseURL}/`,
    // A data folder of its own (its database, key and outbox), and no rate limit on the many test submissions.
    env: { PORT: String(port), LOG_REQUESTS: '0', DATA_DIR: browserTestDataDir, RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '10000' },
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
