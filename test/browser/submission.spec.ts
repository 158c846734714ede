import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { freePort } from './ports.ts';
import { completeApplicationInBrowser } from './submission-support.ts';
import { expectPage } from './support.ts';

test.describe('submitting the application on the built app', () => {
  test.setTimeout(300_000);

  test('complete everything, submit, see the modal with the reference, download the PDF copy', async ({ page }) => {
    await completeApplicationInBrowser(page);
    await page.getByRole('button', { name: 'Submit application' }).click();
    const dialog = page.getByRole('dialog', { name: 'Application submitted' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(dialog).toContainText(/Your reference number is BRF-[2-9A-HJ-NP-Z]{8}\./);
    const link = dialog.getByRole('link', { name: 'Download a copy of your application (PDF)' });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/api\/applications\/copy\//);
    const download = await page.request.get(href ?? '');
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toBe('application/pdf');
    expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // Decision 23 without "save my data": nothing of the application is left in the page.
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Get started' }).click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expectPage(page, '/form/2/personal', 'Personal Information');
    await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('');
  });

  test('the server goes down during the submit: the app retries, and one application is stored once it is back', async ({ page }) => {
    // The system's choice: a fixed range could hold another server (the bench's), which would answer instead.
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'submit-restart-'));
    const baseUrl = `http://127.0.0.1:${port}`;
    let server: ChildProcess | undefined;
    const startServer = async () => {
      server = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_REQUESTS: '0' },
        stdio: 'ignore',
      });
      await expect.poll(() => fetch(`${baseUrl}/`).then((response) => response.status, () => 0), { timeout: 60_000 }).toBe(200);
    };
    const stopServer = async () => {
      const running = server;
      if (!running || running.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        running.kill('SIGTERM');
      });
    };
    try {
      await startServer();
      await completeApplicationInBrowser(page, baseUrl);

      // The first attempt finds the server gone; it comes back a few seconds later.
      let stopped = false;
      await page.route('**/api/applications', async (route) => {
        if (!stopped) {
          stopped = true;
          await stopServer();
          setTimeout(() => void startServer(), 2_000);
        }
        await route.continue();
      });
      await page.getByRole('button', { name: 'Submit application' }).click();
      await expect(page.getByRole('status')).toContainText(/trying again|Sending/i);
      await expect(page.getByRole('dialog', { name: 'Application submitted' })).toBeVisible({ timeout: 60_000 });

      const db = new Database(join(dataDir, 'applications.db'), { readonly: true });
      try {
        expect(db.prepare('select count(*) as count from applications').get()).toEqual({ count: 1 });
      } finally {
        db.close();
      }
    } finally {
      await stopServer();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
