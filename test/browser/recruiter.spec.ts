import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { browserTestDataDir } from './browser-test-env.ts';
import { sampleSsn } from './drafts-support.ts';
import { completeApplicationInBrowser } from './submission-support.ts';
import { expectNoViolations } from './support.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const port = Number(process.env.BROWSER_TEST_PORT ?? 4173);

/** `npm run recruiter -- add EMAIL` with no terminal: the account is created and a one-time password printed. */
async function createRecruiterFromCommandLine(email: string): Promise<string> {
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'recruiter', '--', 'add', email], {
    cwd: root,
    env: { ...process.env, DATA_DIR: browserTestDataDir(port) },
  });
  expect(stdout).toContain(`Created the recruiter account ${email}.`);
  const password = /^Password: (\S+)$/m.exec(stdout)?.[1];
  if (!password) throw new Error(`no password printed: ${stdout}`);
  return password;
}

async function submitAsApplicant(page: Page): Promise<string> {
  await completeApplicationInBrowser(page);
  await page.getByRole('button', { name: 'Submit application' }).click();
  const dialog = page.getByRole('dialog', { name: 'Application submitted' });
  await expect(dialog).toBeVisible();
  const reference = /BRF-[2-9A-HJ-NP-Z]{8}/.exec((await dialog.textContent()) ?? '')?.[0];
  if (!reference) throw new Error('no reference shown');
  return reference;
}

/** The page fits a 320-pixel-wide phone without scrolling sideways (wide tables scroll in their own region). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('the recruiter inbox on the built app', () => {
  test.setTimeout(300_000);

  test('account from the command line, an application submitted in the browser, then sign in, find, open, reveal, download, change status, sign out; axe clean throughout', async ({ page }) => {
    const email = `recruiter-${Date.now()}@example.com`;
    const password = await createRecruiterFromCommandLine(email);
    const reference = await submitAsApplicant(page);

    // Sign-in: asked for by the inbox, by keyboard, a wrong password first.
    await page.goto('/recruiter');
    await expect(page).toHaveURL((url) => url.pathname === '/recruiter/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to the recruiting inbox');
    await expectNoViolations(page);
    await page.getByRole('textbox', { name: 'Email address' }).fill(email);
    await page.getByLabel('Password').fill('not the password at all');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toContainText('The email address or password is not right.');
    await expectNoViolations(page);
    await page.getByLabel('Password').fill(password);
    await page.keyboard.press('Enter');

    // The inbox: find the application by its reference.
    await expect(page).toHaveURL((url) => url.pathname === '/recruiter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Applications');
    await expectNoViolations(page);
    await page.getByRole('searchbox', { name: 'Name or reference' }).fill(reference.toLowerCase());
    await page.getByRole('button', { name: 'Show applications' }).click();
    const table = page.getByRole('table', { name: /Applications/ });
    await expect(table.getByRole('row')).toHaveCount(2);
    const row = table.getByRole('row').nth(1);
    await expect(row).toContainText('Maria Elena Alvarez');
    await expect(row).toContainText('New');
    await expect(row).toContainText('Failed or refused drug or alcohol test');
    await expectNoViolations(page);
    await expectNoSidewaysScroll(page);

    // Open it with the keyboard.
    await row.getByRole('link', { name: reference }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Maria Elena Alvarez');
    await expect(page.getByText('•••-••-6789')).toBeVisible();
    await expect(page.locator('main')).not.toContainText(sampleSsn);
    await expect(page.getByRole('heading', { name: 'Motor Vehicle Record' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Employers' })).toBeVisible();
    await expectNoViolations(page);
    await expectNoSidewaysScroll(page);

    // Reveal the SSN.
    await page.getByRole('button', { name: 'Show the full Social Security Number' }).click();
    await expect(page.locator('main')).toContainText(sampleSsn);
    await expect(page.getByRole('status')).toContainText('recorded in the audit log');
    await expectNoViolations(page);

    // Download the full PDF.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toBe(`application-${reference}.pdf`);
    const pdfPath = await download.path();
    expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');

    // Change the status, with a note.
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Contacted' });
    await page.getByRole('textbox', { name: 'Note (optional)' }).fill('Called, interview on Monday');
    await page.getByRole('button', { name: 'Save status' }).click();
    await expect(page.getByRole('status')).toHaveText('Status saved: Contacted.');
    const audit = page.getByRole('table', { name: /Who did what/ });
    await expect(audit).toContainText('Changed the status: New → Contacted (note: Called, interview on Monday)');
    await expect(audit).toContainText('Downloaded the PDF');
    await expect(audit).toContainText('Revealed the SSN');
    await expect(audit).toContainText(email);
    await expectNoViolations(page);

    // A missing application.
    await page.goto('/recruiter/applications/BRF-ZZZZZZZZ');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No such application');
    await expectNoViolations(page);

    // Sign out: the inbox asks for the sign-in again.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('status')).toHaveText('You have signed out.');
    await expectNoViolations(page);
    await page.goto(`/recruiter/applications/${reference}`);
    await expect(page).toHaveURL((url) => url.pathname === '/recruiter/login');
    await expect(page.locator('main')).not.toContainText('Alvarez');
  });

  test('no applicant-facing page or script leads to the recruiter area', async ({ page }) => {
    for (const path of ['/', '/form/1/requirements', '/form/2/personal', '/no-such-page']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('a[href*="recruiter"], form[action*="recruiter"]')).toHaveCount(0);
    }
    const assets = join(root, 'dist', 'assets');
    const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of scripts) expect(readFileSync(join(assets, file), 'utf8'), file).not.toContain('/recruiter');
  });
});
