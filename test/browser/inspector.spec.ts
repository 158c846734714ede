import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { build } from 'vite';
import { buildServer } from '../../server/app.ts';
import { steps } from '../../machines/steps.ts';
import { generatedPaths, type GeneratedPath } from '../../src/features/inspector/generated-paths.ts';
import { specStepList } from '../support/spec-route-table.ts';
import { expectNoViolations, expectPage, h1 } from './support.ts';

/**
 * The offline inspector (issue 7). It exists only in development and preview builds, and the browser
 * suite's server (`npm start`) serves the production build: so these tests also make a preview build
 * (`vite build --mode preview`) into a folder of their own and serve it with the app's own server
 * (no API) on a free port. On the production build the inspector must not exist at all.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const draftKey = 'driver-application:draft';
const ssnKey = 'driver-application:ssn';

let previewDir: string;
let previewServer: FastifyInstance;
let previewURL: string;

// One worker makes the preview build and runs these tests in order.
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  previewDir = mkdtempSync(join(tmpdir(), 'driver-application-preview-'));
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root, mode: 'preview', logLevel: 'silent', build: { outDir: previewDir, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  previewServer = await buildServer({ distDir: previewDir });
  previewURL = await previewServer.listen({ port: 0, host: '127.0.0.1' });
});

test.afterAll(async () => {
  await previewServer?.close();
  if (previewDir) rmSync(previewDir, { recursive: true, force: true });
});

function inspector(page: Page) {
  return page.getByRole('complementary', { name: 'Machine inspector' });
}

/** The step-list entry (as the spec writes it) a machine step id stands for. */
function specStep(id: string) {
  const index = steps.findIndex((step) => step.id === id);
  const entry = specStepList[index];
  if (!entry) throw new Error(`no step ${id}`);
  return entry;
}

async function openPreview(page: Page, path: string) {
  await page.goto(`${previewURL}${path}${path.includes('?') ? '&' : '?'}inspect=local`);
  await expect(inspector(page)).toBeVisible();
}

async function replay(page: Page, path: GeneratedPath | { name: string }, speed = '10') {
  const panel = inspector(page);
  await panel.getByRole('button', { name: path.name, exact: true }).click();
  await expect(panel.getByRole('button', { name: path.name, exact: true })).toHaveAttribute('aria-pressed', 'true');
  await panel.getByRole('combobox', { name: 'Speed' }).selectOption(speed);
  await panel.getByRole('button', { name: 'Play' }).click();
  await expect(panel.getByRole('status').filter({ hasText: /^(Finished|Stopped)/ })).toHaveText(
    'Finished: the application is on the state this path names.',
    { timeout: 30_000 },
  );
}

test.describe('the production build', () => {
  test('has no inspector: ?inspect=local, ?inspect and Alt+Shift+I do nothing', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    for (const query of ['?inspect=local', '?inspect']) {
      await page.goto(`/form/5/military${query}`);
      await expectPage(page, '/form/5/military', 'Military Service');
      await page.keyboard.press('Alt+Shift+I');
      await expect(page.locator('main')).toBeVisible();
      await expect(inspector(page)).toHaveCount(0);
      await expect(page.locator('[class*="machine-inspector"]')).toHaveCount(0);
      expect(page.context().pages()).toHaveLength(1);
    }
    expect(scripts.filter((url) => /dev-tools|inspect/i.test(url))).toEqual([]);
  });
});

test.describe('the offline inspector (preview build)', () => {
  test('opens with ?inspect=local as a side panel with no accessibility violation; Escape closes it, Alt+Shift+I opens it', async ({ page }) => {
    // axe runs three times over the whole panel: minutes on a loaded machine.
    test.setTimeout(240_000);
    await openPreview(page, '/form/5/military');
    await expectPage(page, '/form/5/military', 'Military Service');
    const panel = inspector(page);
    await expect(panel.getByRole('heading', { level: 2, name: 'Machine inspector' })).toBeFocused();
    await expect(panel.locator('[data-state-id="step.military"]')).toHaveAttribute('aria-current', 'true');
    await expect(panel.getByRole('button', { name: 'Every step by Next, to Signature' })).toBeVisible();
    await expectNoViolations(page);
    // And with a path chosen, a step replayed, events in the log and transitions shown.
    await panel.getByRole('button', { name: /^Reveal: Military Service/ }).click();
    await panel.getByRole('button', { name: 'Single step' }).click();
    await expect(panel.getByRole('status').filter({ hasText: /^Paused/ })).toHaveText('Paused: step 1 of 3 done.');
    await panel.locator('[data-state-id="step.home"] > details > summary').click();
    await expect(panel.getByRole('region', { name: 'Event log entries' })).toContainText('A new application actor');
    await expectNoViolations(page);
    // Every collapsible part of the panel open.
    const closed = panel.locator('details:not([open]) > summary');
    for (let count = await closed.count(); count > 0; count = await closed.count()) await closed.first().click();
    await expect(panel.locator('details:not([open])')).toHaveCount(0);
    expect(await panel.locator('details[open]').count()).toBeGreaterThan(0);
    await expectNoViolations(page);

    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(h1(page)).toBeFocused();
    await page.keyboard.press('Alt+Shift+I');
    await expect(inspector(page)).toBeVisible();
    await expect(inspector(page).getByRole('heading', { level: 2, name: 'Machine inspector' })).toBeFocused();
  });

  test('the generated paths replay into the running app and land on the states they name', async ({ page }) => {
    test.setTimeout(300_000);
    const paths = generatedPaths();
    expect(paths.length).toBeGreaterThan(50);
    await openPreview(page, '/');
    const panel = inspector(page);
    for (const path of paths.filter((candidate) => candidate.target.kind !== 'walk')) {
      await test.step(path.name, async () => {
        await replay(page, path);
        const { target } = path;
        const id = target.kind === 'step' ? target.step : target.kind === 'reveal' ? target.region.split(':')[0]! : 'signature';
        const step = specStep(id);
        await expectPage(page, step.route, step.heading);
        await expect(panel.getByTestId('inspector-step')).toHaveText(id);
        if (target.kind === 'reveal') {
          await expect(panel.locator(`[data-state-id="reveals.${target.region}.${target.state}"]`)).toHaveAttribute('aria-current', 'true');
          // The page shows the reveal the path opens: the question's revealed part is on screen.
          const controller = page.locator(`main [name="${target.region.split(':')[1]}"][aria-controls]`).first();
          const revealed = page.locator(`[id="${await controller.getAttribute('aria-controls')}"]`);
          await expect(revealed).toBeVisible();
        }
      });
    }
  });

  test('a replay shows every step on the page as it goes (the walk through the step list by Next)', async ({ page }) => {
    test.setTimeout(120_000);
    await openPreview(page, '/');
    const walk = generatedPaths().find((path) => path.target.kind === 'walk');
    if (!walk) throw new Error('no walk');
    // Every heading the page shows during the replay, in order.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seenHeadings: string[] }).seenHeadings = seen;
      const record = () => {
        const text = document.querySelector('main h1')?.textContent ?? '';
        if (text && seen.at(-1) !== text) seen.push(text);
      };
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await replay(page, walk, '4');
    await expectPage(page, '/form/25/signature', 'Signature');
    const seen = await page.evaluate(() => (window as unknown as { seenHeadings: string[] }).seenHeadings);
    const expected = specStepList.slice(0, steps.findIndex((step) => step.id === 'signature') + 1).map((step) => step.heading);
    expect(seen.slice(seen.lastIndexOf(expected[0]!))).toEqual(expected);
  });

  test('export then import of a recorded path reproduces the same final state in another session', async ({ browser }) => {
    test.setTimeout(120_000);
    const recorder = await newPage(browser);
    await openPreview(recorder, '/');
    await recorder.getByRole('link', { name: 'Get started' }).click();
    await recorder.getByRole('button', { name: 'Next', exact: true }).click();
    await recorder.getByRole('textbox', { name: 'First name' }).fill('Maria');
    await recorder.getByRole('textbox', { name: /Social Security Number/ }).pressSequentially('123-45-6789');
    await recorder.getByRole('button', { name: 'Next', exact: true }).click();
    await recorder.getByRole('group', { name: 'Were you referred by someone?' }).getByRole('radio', { name: 'Yes' }).check();
    await recorder.getByRole('textbox', { name: 'Name of the person who referred you' }).fill('Pat');
    await recorder.getByRole('button', { name: 'Next', exact: true }).click();
    await recorder.getByRole('button', { name: /Add another/ }).click();
    await recorder.getByRole('button', { name: 'Next', exact: true }).click();
    await recorder.getByRole('button', { name: 'Back', exact: true }).click();
    await expectPage(recorder, '/form/3/emergency', 'Emergency Contacts');
    const recorded = await storedDraft(recorder);
    expect(recorded.ssn).toBe('123-45-6789');

    const [download] = await Promise.all([
      recorder.waitForEvent('download'),
      inspector(recorder).getByRole('button', { name: 'Export the recording (JSON)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^recorded-session-.*\.json$/);
    const text = readFileSync(await download.path(), 'utf8');
    expect(text).not.toContain('123-45-6789');
    expect(JSON.parse(text)).toMatchObject({ format: 'driver-application-path', version: 1, name: 'Recorded session' });
    await recorder.context().close();

    // A developer's session: other storage, somewhere else in the app, with answers of its own.
    const developer = await newPage(browser);
    await openPreview(developer, '/form/4/license');
    await developer.getByRole('group', { name: /commercial driver/ }).getByRole('radio', { name: 'Yes' }).check();
    await inspector(developer).getByLabel('Import a path (JSON file)')
      .setInputFiles({ name: download.suggestedFilename(), mimeType: 'application/json', buffer: Buffer.from(text) });
    await expect(inspector(developer).getByText(/Imported “Recorded session”/)).toBeVisible();
    await replay(developer, { name: 'Recorded session' });
    await expectPage(developer, '/form/3/emergency', 'Emergency Contacts');
    await expect(developer.getByRole('group', { name: /Emergency contact 3/i })).toBeVisible();

    const replayed = await storedDraft(developer);
    expect(replayed.snapshot).toEqual(recorded.snapshot);
    // The file carries a placeholder in place of the SSN (never the applicant's).
    expect(replayed.ssn).toBe('000-00-0000');
    await developer.context().close();
  });
});

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** The draft the app saved on the device: the machine's snapshot (value and context) and the SSN kept apart. */
async function storedDraft(page: Page): Promise<{ snapshot: unknown; ssn: string | null }> {
  await page.waitForTimeout(50);
  return page.evaluate(
    ({ draftKey, ssnKey }) => {
      const draft = JSON.parse(localStorage.getItem(draftKey) ?? 'null') as { snapshot: unknown } | null;
      return { snapshot: draft?.snapshot ?? null, ssn: sessionStorage.getItem(ssnKey) };
    },
    { draftKey, ssnKey },
  );
}
