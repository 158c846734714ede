import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumFlags, requireChromium } from './test/support/chromium.ts';
import { appPort, appURL, storybookPort, storybookURL } from './test/browser/ports.ts';

/**
 * Browser tests run against the production server (`npm start`, which serves `dist/`) and the static
 * Storybook build (`storybook-static/`, served by scripts/serve-storybook.ts) in the system's Chromium:
 * Playwright's own browser downloads are not used.
 */

const chromePath = requireChromium();

const baseURL = appURL;
const browserTestDataDir = join(tmpdir(), `driver-application-browser-tests-${appPort}`);

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
          args: chromiumFlags,
        },
      },
    },
  ],
  webServer: [
    {
      command: 'npm start',
      url: `${baseURL}/`,
      // A data folder of its own (its database, key and outbox), and no rate limit on the many test submissions.
      env: { PORT: String(appPort), LOG_REQUESTS: '0', DATA_DIR: browserTestDataDir, RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '10000' },
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      // `npm run test:browser` builds it first (npm run build-storybook).
      command: 'tsx scripts/serve-storybook.ts',
      url: `${storybookURL}/iframe.html`,
      env: { PORT: String(storybookPort) },
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
