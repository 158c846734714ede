import { expect, test, type Page } from '@playwright/test';
import {
  addThirdContact,
  answeredCount,
  applicantStrings,
  checkEmergencyContacts,
  collectPageErrors,
  dataStep,
  draftKey,
  emergencyEntries,
  firstNotice,
  formControls,
  noticeCheckbox,
  parsedDraft,
  readStorage,
  revisionKey,
  sampleSsn,
  sampleSsnDigits,
  saveMyDataLabel,
  ssnInput,
  ssnKey,
  storageText,
  submitApplicationInBrowser,
  textbox,
  typedSignature,
} from './drafts-support.ts';
import { checkStep, dataSteps, expectFullyRevealed, fillStep, InputMethods } from './data-steps-support.ts';
import { expectNoViolations, expectPage, homeStep } from './support.ts';

/**
 * The draft on the device (decision 22) and what is left of it after a submission (decision 23), on
 * the built app. Every test has its own browser context, so its storage starts empty.
 */

const personal = dataStep('/form/2/personal');
const general = dataStep('/form/3/general');
const emergency = dataStep('/form/3/emergency');
const employed = dataStep('/form/6/employed');

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });
const back = (page: Page) => page.getByRole('button', { name: 'Back', exact: true });

/** Reloads the page and checks the same step is shown. */
async function reloadOn(page: Page, route: string, heading: string): Promise<void> {
  await page.reload();
  await expectPage(page, route, heading);
}

test.describe('the draft survives reloads and reopening', () => {
  test.setTimeout(180_000);

  test('answers on Personal (with the SSN), General (reveals open), Emergency (a third contact) and Employer survive a reload on each step', async ({ page }) => {
    const methods = new InputMethods();
    await page.goto(personal.route);

    // Personal Information, SSN included; "lived here 3 years" = No opens the previous addresses.
    await expectPage(page, personal.route, personal.heading);
    await fillStep(page, personal, methods);
    await expect(ssnInput(page)).toHaveValue(sampleSsn);
    await reloadOn(page, personal.route, personal.heading);
    await checkStep(page, personal);
    await expectFullyRevealed(page, personal);

    // General Information: every reveal opened.
    await next(page).click();
    await expectPage(page, general.route, general.heading);
    await fillStep(page, general, methods);
    await reloadOn(page, general.route, general.heading);
    await checkStep(page, general);
    await expectFullyRevealed(page, general);
    await expect(textbox(page, 'Name of the person who referred you')).toBeVisible();

    // Emergency Contacts: the two pre-listed contacts and a third one added.
    await next(page).click();
    await expectPage(page, emergency.route, emergency.heading);
    await fillStep(page, emergency, methods);
    await addThirdContact(page);
    await reloadOn(page, emergency.route, emergency.heading);
    await checkEmergencyContacts(page);

    // Employer/Contract Information (a deep link: Back and Next never block): entries with their reveals.
    await page.goto(employed.route);
    await expectPage(page, employed.route, employed.heading);
    await fillStep(page, employed, methods);
    await reloadOn(page, employed.route, employed.heading);
    await checkStep(page, employed);
    await expectFullyRevealed(page, employed);

    // Later steps did not disturb the earlier ones: open each again, reload there, and everything is back.
    for (const step of [personal, general, emergency, employed]) {
      await page.goto(step.route);
      await expectPage(page, step.route, step.heading);
      await reloadOn(page, step.route, step.heading);
      if (step === emergency) await checkEmergencyContacts(page);
      else await checkStep(page, step);
    }
    // The SSN came back from this tab's session after every reload.
    await page.goto(personal.route);
    await expect(ssnInput(page)).toHaveValue(sampleSsn);
  });

  test('opening / with a draft resumes on the step where the applicant was', async ({ page, context }) => {
    // No draft yet: / is the home page.
    await page.goto('/');
    await expectPage(page, '/', homeStep.heading);

    await page.goto(personal.route);
    await textbox(page, 'First name').fill('Lucia');
    await next(page).click();
    await expectPage(page, general.route, general.heading);
    await next(page).click();
    await expectPage(page, emergency.route, emergency.heading);

    await page.goto('/');
    await expectPage(page, emergency.route, emergency.heading);
    await expect(emergencyEntries(page)).toHaveCount(2);

    // Back from there, then / in another tab of the same browser: the step the applicant was on last.
    await back(page).click();
    await expectPage(page, general.route, general.heading);
    const other = await context.newPage();
    await other.goto('/');
    await expectPage(other, general.route, general.heading);
    await back(other).click();
    await expectPage(other, personal.route, personal.heading);
    await expect(textbox(other, 'First name')).toHaveValue('Lucia');
  });

  test('a value typed just before the tab dies (renderer crash: no pagehide, no unload) is there in a new tab', async ({ page, context }) => {
    // Records every unload-type event in localStorage, so the test can tell whether one fired.
    await context.addInitScript(() => {
      for (const type of ['pagehide', 'visibilitychange', 'beforeunload', 'unload', 'freeze']) {
        window.addEventListener(type, () => localStorage.setItem(`test-event:${type}`, document.visibilityState), { capture: true });
      }
    });
    await page.goto(personal.route);
    await expectPage(page, personal.route, personal.heading);
    await textbox(page, 'First name').fill('Ines');
    await textbox(page, 'City').focus();

    // Typed, and at once the renderer is killed: only the save made right after the change can keep it.
    await page.keyboard.type('Blacksburg');
    const cdp = await context.newCDPSession(page);
    const crashed = page.waitForEvent('crash');
    void cdp.send('Page.crash').catch(() => undefined);
    await crashed;

    const reopened = await context.newPage();
    await reopened.goto(personal.route);
    await expectPage(reopened, personal.route, personal.heading);
    await expect(textbox(reopened, 'City')).toHaveValue('Blacksburg');
    await expect(textbox(reopened, 'First name')).toHaveValue('Ines');
    const stored = await readStorage(reopened);
    expect(Object.keys(stored.local).filter((key) => key.startsWith('test-event:')), 'the crashed page fired no unload-type event').toEqual([]);

    // The recorder does see those events when a page is closed (even without beforeunload), which is
    // why a close cannot prove the save happens without them.
    await reopened.close({ runBeforeUnload: false });
    const witness = await context.newPage();
    await witness.goto(personal.route);
    expect(Object.keys((await readStorage(witness)).local)).toContain('test-event:pagehide');
  });
});

test.describe('the SSN is kept for the browser session only', () => {
  test.setTimeout(180_000);

  test('never in localStorage, in sessionStorage; a new browser session has everything but the SSN', async ({ page, context, browser }) => {
    const methods = new InputMethods();
    await page.goto(personal.route);
    await fillStep(page, personal, methods);
    await next(page).click();
    await expectPage(page, general.route, general.heading);
    await fillStep(page, general, methods);
    // Back on Personal Information, the SSN typed once more (a change of the SSN itself is saved too).
    await back(page).click();
    await expectPage(page, personal.route, personal.heading);
    await ssnInput(page).fill('');
    await ssnInput(page).fill(sampleSsn);
    await ssnInput(page).blur();

    await expect.poll(async () => (await readStorage(page)).session[ssnKey]).toBe(sampleSsn);
    const stored = await readStorage(page);
    const local = storageText(stored.local);
    expect(local, 'the other answers are in localStorage').toContain('Alvarez');
    expect(local).toContain('maria.alvarez@example.com');
    expect(local, 'no SSN in localStorage').not.toContain(sampleSsn);
    expect(local, 'no SSN digits in localStorage').not.toContain(sampleSsnDigits);
    expect(stored.session[ssnKey]).toBe(sampleSsn);

    // The same tab after a reload still has the SSN; keep the form as it shows it.
    await reloadOn(page, personal.route, personal.heading);
    await expect(ssnInput(page)).toHaveValue(sampleSsn);
    const personalHere = await formControls(page);
    await page.goto(general.route);
    await expectPage(page, general.route, general.heading);
    const generalHere = await formControls(page);

    // Reopening the browser: a new context with this one's localStorage only (storageState has no sessionStorage).
    const state = await context.storageState();
    const origin = state.origins.find((candidate) => candidate.localStorage.some((item) => item.name === draftKey));
    expect(origin, 'the draft is in the exported localStorage').toBeDefined();
    const reopenedContext = await browser.newContext({ storageState: state });
    try {
      const reopened = await reopenedContext.newPage();
      await reopened.goto(personal.route);
      await expectPage(reopened, personal.route, personal.heading);
      await expect(ssnInput(reopened)).toHaveValue('');
      await expect(textbox(reopened, 'First name')).toHaveValue('Maria');
      await expect(textbox(reopened, 'Last name')).toHaveValue('Alvarez');
      const personalThere = await formControls(reopened);
      const ssnName = await ssnInput(reopened).getAttribute('name');
      expect(ssnName).toBeTruthy();
      expect(personalThere).toEqual(personalHere.map((control) => (control.name === ssnName ? { ...control, value: '' } : control)));
      expect(answeredCount(personalThere)).toBe(answeredCount(personalHere) - 1);

      await reopened.goto(general.route);
      await expectPage(reopened, general.route, general.heading);
      expect(await formControls(reopened)).toEqual(generalHere);
      await checkStep(reopened, general);

      const reopenedStorage = await readStorage(reopened);
      expect(reopenedStorage.session[ssnKey]).toBeUndefined();
      expect(storageText(reopenedStorage.local)).not.toContain(sampleSsn);
      expect(storageText(reopenedStorage.local)).not.toContain(sampleSsnDigits);
    } finally {
      await reopenedContext.close();
    }
  });
});

test.describe('two tabs of one browser', () => {
  test.setTimeout(120_000);

  test('each sees the other’s changes without reload, nothing is overwritten by stale data, each keeps its own step and SSN', async ({ page, context }) => {
    const a = page;
    const b = await context.newPage();
    await a.goto(personal.route);
    await expectPage(a, personal.route, personal.heading);
    await b.goto(personal.route);
    await expectPage(b, personal.route, personal.heading);

    // Alternating changes, each typed key by key; each shows up in the other tab without a reload.
    const changes: { tab: Page; label: string; value: string }[] = [
      { tab: a, label: 'First name', value: 'Ana' },
      { tab: b, label: 'Last name', value: 'Bautista' },
      { tab: a, label: 'City', value: 'Roanoke' },
      { tab: b, label: 'Street address line 1', value: '12 Elm Street' },
      { tab: a, label: 'Middle name', value: 'Sofia' },
      { tab: b, label: 'Email address', value: 'ana@example.com' },
    ];
    for (const [index, change] of changes.entries()) {
      await textbox(change.tab, change.label).pressSequentially(change.value);
      await textbox(change.tab, change.label).blur();
      const other = change.tab === a ? b : a;
      await expect(textbox(other, change.label), `${change.label} reached the other tab`).toHaveValue(change.value);
      // Everything typed before, in either tab, is still in both.
      for (const earlier of changes.slice(0, index + 1)) {
        await expect(textbox(a, earlier.label)).toHaveValue(earlier.value);
        await expect(textbox(b, earlier.label)).toHaveValue(earlier.value);
      }
    }

    // Tab A's SSN is its own (session storage is per tab): B never gets it, and B's changes do not wipe it.
    await ssnInput(a).pressSequentially('987-65-4321');
    await ssnInput(a).blur();
    await textbox(b, 'Zip/Postal code').fill('24060');
    await expect(textbox(a, 'Zip/Postal code')).toHaveValue('24060');
    await expect(ssnInput(a)).toHaveValue('987-65-4321');
    await expect(ssnInput(b)).toHaveValue('');

    // A moves on to General Information; B stays on Personal Information.
    await next(a).click();
    await expectPage(a, general.route, general.heading);
    const referral = a.getByRole('group', { name: 'Were you referred by someone?', exact: true });
    await referral.locator('label').filter({ hasText: /^Yes$/ }).click();
    await textbox(a, 'Name of the person who referred you').pressSequentially('Carla Ruiz');
    await textbox(a, 'Name of the person who referred you').blur();
    await expectPage(b, personal.route, personal.heading);
    for (const change of changes) await expect(textbox(b, change.label)).toHaveValue(change.value);

    // B changes a name after A's change on another step: A's answers on General stay.
    await textbox(b, 'First name').fill('Ana Maria');
    await expectPage(a, general.route, general.heading);
    await expect(textbox(a, 'Name of the person who referred you')).toHaveValue('Carla Ruiz');
    await expect(referral.getByRole('radio', { name: 'Yes', exact: true })).toBeChecked();

    // Both end with every change, each on its own step until it moves.
    await back(a).click();
    await expectPage(a, personal.route, personal.heading);
    await expect(textbox(a, 'First name')).toHaveValue('Ana Maria');
    await expect(ssnInput(a)).toHaveValue('987-65-4321');
    await next(b).click();
    await expectPage(b, general.route, general.heading);
    await expect(textbox(b, 'Name of the person who referred you')).toHaveValue('Carla Ruiz');
    await expectPage(a, personal.route, personal.heading);
    await back(b).click();
    await expectPage(b, personal.route, personal.heading);
    const expected = [...changes.filter((change) => change.label !== 'First name'), { label: 'First name', value: 'Ana Maria' }, { label: 'Zip/Postal code', value: '24060' }];
    for (const tab of [a, b]) {
      for (const change of expected) await expect(textbox(tab, change.label), change.label).toHaveValue(change.value);
    }

    // A reload of either tab finds the same answers (the stored draft is the latest, not a stale one).
    await reloadOn(b, personal.route, personal.heading);
    for (const change of expected) await expect(textbox(b, change.label)).toHaveValue(change.value);
    await reloadOn(a, personal.route, personal.heading);
    for (const change of expected) await expect(textbox(a, change.label)).toHaveValue(change.value);
    await expect(ssnInput(a)).toHaveValue('987-65-4321');
  });

  test('Start over in one tab empties the other; the next answer either tab gives still reaches the other', async ({ page, context }) => {
    const a = page;
    const b = await context.newPage();
    await a.goto(personal.route);
    await b.goto(personal.route);
    await expectPage(a, personal.route, personal.heading);
    await expectPage(b, personal.route, personal.heading);
    await textbox(a, 'First name').fill('Ana');
    await textbox(a, 'First name').blur();
    await expect(textbox(b, 'First name')).toHaveValue('Ana');
    await textbox(b, 'Last name').fill('Bautista');
    await textbox(b, 'Last name').blur();
    await expect(textbox(a, 'Last name')).toHaveValue('Bautista');

    // A starts over: B, still on Personal Information, is emptied too.
    await a.getByRole('button', { name: 'Start over', exact: true }).click();
    await a.getByRole('dialog', { name: 'Start over?' }).getByRole('button', { name: 'Yes, delete everything and start over', exact: true }).click();
    await expectPage(a, '/', homeStep.heading);
    await expectPage(b, personal.route, personal.heading);
    await expect(textbox(b, 'First name')).toHaveValue('');
    await expect(textbox(b, 'Last name')).toHaveValue('');
    expect((await readStorage(b)).local[draftKey], 'the draft is gone').toBeUndefined();

    // B gives the new application's first answer (one change, one save).
    const suffix = (tab: Page) => tab.getByRole('combobox', { name: 'Suffix', exact: true });
    await suffix(b).selectOption('Jr.');
    await expect
      .poll(async () => parsedDraft(await readStorage(b)).snapshot.context, { message: 'B saved its answer' })
      .toMatchObject({ answers: { personal: { suffix: 'Jr.' } } });

    // A goes to that step without a reload: it shows B's answer, and its moving about does not undo it in B.
    await a.getByRole('link', { name: 'Get started' }).click();
    await expectPage(a, '/form/1/requirements', 'Requirements');
    await next(a).click();
    await expectPage(a, personal.route, personal.heading);
    await expect(suffix(a), 'A has the answer B gave after Start over').toHaveValue('Jr.');
    await expect(suffix(b), 'B keeps its own answer').toHaveValue('Jr.');

    // Later changes still travel both ways.
    await textbox(a, 'Last name').fill('Castillo');
    await expect(textbox(b, 'Last name')).toHaveValue('Castillo');
    await textbox(b, 'City').fill('Salem');
    await expect(textbox(a, 'City')).toHaveValue('Salem');
    await expect(suffix(a)).toHaveValue('Jr.');
    await expect(suffix(b)).toHaveValue('Jr.');
  });

  test('a tab opened after Start over in another: its answers reach that tab and are not undone by it', async ({ page, context }) => {
    const a = page;
    await a.goto(personal.route);
    await expectPage(a, personal.route, personal.heading);
    for (const [label, value] of [['First name', 'Ana'], ['Last name', 'Bautista'], ['City', 'Roanoke']] as const) {
      await textbox(a, label).fill(value);
      await textbox(a, label).blur();
    }
    await a.getByRole('button', { name: 'Start over', exact: true }).click();
    await a.getByRole('dialog', { name: 'Start over?' }).getByRole('button', { name: 'Yes, delete everything and start over', exact: true }).click();
    await expectPage(a, '/', homeStep.heading);

    // A new tab begins the new application.
    const c = await context.newPage();
    await c.goto(personal.route);
    await expectPage(c, personal.route, personal.heading);
    await textbox(c, 'First name').fill('Carmen');
    await textbox(c, 'First name').blur();
    await expect.poll(async () => parsedDraft(await readStorage(c)).snapshot.context).toMatchObject({ answers: { personal: { 'first-name': 'Carmen' } } });

    // The first tab, moving on without a reload, shows it; the new tab still has it.
    await a.getByRole('link', { name: 'Get started' }).click();
    await next(a).click();
    await expectPage(a, personal.route, personal.heading);
    await expect(textbox(a, 'First name'), 'the first tab has the new tab’s answer').toHaveValue('Carmen');
    await expect(textbox(c, 'First name'), 'the new tab keeps its answer').toHaveValue('Carmen');
    await reloadOn(c, personal.route, personal.heading);
    await expect(textbox(c, 'First name'), 'the stored draft has it').toHaveValue('Carmen');
  });
});

test.describe('"Saved" and Start over', () => {
  test.setTimeout(120_000);

  test('"Saved on this device at …" after a change; Start over → Cancel keeps everything; confirm deletes it all', async ({ page }) => {
    await page.goto(personal.route);
    await expectPage(page, personal.route, personal.heading);
    const status = page.locator('.draft-bar__status');
    await textbox(page, 'First name').fill('Teodoro');
    await expect(status).toHaveText(/^Saved on this device at [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s[AP]M$/);
    await expect(status).toContainText(String(new Date().getFullYear()));
    await textbox(page, 'Last name').fill('Quispe');
    await ssnInput(page).fill('234-56-7890');
    await next(page).click();
    await expectPage(page, general.route, general.heading);
    await page.getByRole('group', { name: 'Were you referred by someone?', exact: true }).locator('label').filter({ hasText: /^Yes$/ }).click();
    await textbox(page, 'Name of the person who referred you').fill('Dana Ortiz');
    await back(page).click();
    await expectPage(page, personal.route, personal.heading);

    const startOver = page.getByRole('button', { name: 'Start over', exact: true });
    const dialog = page.getByRole('dialog', { name: 'Start over?' });

    // Cancel: nothing changes.
    await startOver.click();
    await expect(dialog).toBeVisible();
    await expectNoViolations(page);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expectPage(page, personal.route, personal.heading);
    await expect(textbox(page, 'First name')).toHaveValue('Teodoro');
    await expect(ssnInput(page)).toHaveValue('234-56-7890');
    const kept = await readStorage(page);
    expect(kept.local[draftKey]).toContain('Teodoro');
    expect(kept.session[ssnKey]).toBe('234-56-7890');
    await reloadOn(page, personal.route, personal.heading);
    await expect(textbox(page, 'Last name')).toHaveValue('Quispe');

    // Confirm: the draft is gone from both storages, the app is back at the start, every field empty.
    await startOver.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Yes, delete everything and start over', exact: true }).click();
    await expectPage(page, '/', homeStep.heading);
    await expect(dialog).toBeHidden();
    const cleared = await readStorage(page);
    expect(cleared.local[draftKey]).toBeUndefined();
    // The revision counter holds no answer; a fix of the two-tab Start over bug may keep it (see the tests above).
    expect(cleared.local[revisionKey] ?? '', 'at most a bare revision number').toMatch(/^\d*$/);
    expect(Object.keys(cleared.local).filter((key) => key !== revisionKey), 'nothing else in localStorage').toEqual([]);
    expect(cleared.session[ssnKey]).toBeUndefined();

    await page.goto(personal.route);
    await expectPage(page, personal.route, personal.heading);
    await expect(textbox(page, 'First name')).toHaveValue('');
    await expect(textbox(page, 'Last name')).toHaveValue('');
    await expect(ssnInput(page)).toHaveValue('');
    expect(answeredCount(await formControls(page)), 'no answer on Personal Information').toBe(0);
    await page.goto(general.route);
    await expectPage(page, general.route, general.heading);
    await expect(page.getByRole('group', { name: 'Were you referred by someone?', exact: true }).getByRole('radio', { name: 'Yes', exact: true })).not.toBeChecked();
    await expect(textbox(page, 'Name of the person who referred you')).toBeHidden();
    expect(answeredCount(await formControls(page)), 'no answer on General Information').toBe(0);
    const after = await readStorage(page);
    expect(storageText(after.local)).not.toContain('Teodoro');
    expect(storageText(after.local)).not.toContain('Dana Ortiz');
    expect(after.session[ssnKey]).toBeUndefined();
  });
});

test.describe('a stored draft the app cannot use', () => {
  const cases = [
    { name: 'a corrupt draft', stored: '{oops', route: '/', heading: homeStep.heading, says: /could not read.*starts again/ },
    { name: 'a draft of a future version', stored: '{"version":99}', route: personal.route, heading: personal.heading, says: /newer version.*starts again/ },
    {
      name: 'a draft of this version with a broken snapshot',
      stored: JSON.stringify({ version: 2, savedAt: '2026-01-01T00:00:00.000Z', revision: 3, snapshot: { value: { step: 'no-such-step' }, context: {} } }),
      route: personal.route,
      heading: personal.heading,
      says: /could not be used.*starts again/,
    },
  ];

  for (const { name, stored, route, heading, says } of cases) {
    test(`${name}: the app starts clean and says so, without crashing`, async ({ page, context }) => {
      const errors = collectPageErrors(page);
      // Put the draft there before the app's first load (once: a reload must not put it back).
      await context.addInitScript(
        ({ key, value }) => {
          if (sessionStorage.getItem('test:seeded')) return;
          sessionStorage.setItem('test:seeded', 'yes');
          localStorage.setItem(key, value);
        },
        { key: draftKey, value: stored },
      );
      await page.goto(route);
      await expectPage(page, route, heading);
      const notice = page.getByRole('alert').filter({ hasText: 'starts again' });
      await expect(notice).toBeVisible();
      await expect(notice).toContainText(says);
      // The unusable draft is not kept (nor read again on the next load).
      expect((await readStorage(page)).local[draftKey]).toBeUndefined();

      // The app works: a fresh application, saved as usual.
      await page.goto(personal.route);
      await expectPage(page, personal.route, personal.heading);
      expect(answeredCount(await formControls(page)), 'the application starts empty').toBe(0);
      await textbox(page, 'First name').fill('Olga');
      await expect.poll(async () => parsedDraft(await readStorage(page)).version).toBe(2);
      await reloadOn(page, personal.route, personal.heading);
      await expect(textbox(page, 'First name')).toHaveValue('Olga');
      await expect(page.getByRole('alert').filter({ hasText: 'starts again' }), 'the notice is said once').toHaveCount(0);
      expect(errors.map(String)).toEqual([]);
    });
  }

  test('the notice can be dismissed', async ({ page, context }) => {
    await context.addInitScript((key) => {
      if (sessionStorage.getItem('test:seeded')) return;
      sessionStorage.setItem('test:seeded', 'yes');
      localStorage.setItem(key, '{oops');
    }, draftKey);
    await page.goto(personal.route);
    const notice = page.getByRole('alert').filter({ hasText: 'starts again' });
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'Dismiss', exact: true }).click();
    await expect(notice).toHaveCount(0);
    await expectPage(page, personal.route, personal.heading);
  });
});

test.describe('after a submission (decision 23)', () => {
  test.setTimeout(300_000);

  test('without "save my data": no answer is left on the device', async ({ page }) => {
    await submitApplicationInBrowser(page, { saveMyData: false });

    await expect
      .poll(async () => {
        const stored = await readStorage(page);
        const text = `${storageText(stored.local)}\n${storageText(stored.session)}`;
        return applicantStrings.filter((value) => text.includes(value));
      }, { message: 'no answer of the application in localStorage or sessionStorage' })
      .toEqual([]);
    const stored = await readStorage(page);
    expect(stored.session[ssnKey]).toBeUndefined();
    expect(storageText(stored.local)).not.toContain(typedSignature);

    await page.goto(personal.route);
    await reloadOn(page, personal.route, personal.heading);
    await expect(textbox(page, 'First name')).toHaveValue('');
    await expect(textbox(page, 'Last name')).toHaveValue('');
    await expect(ssnInput(page)).toHaveValue('');
    expect(answeredCount(await formControls(page)), 'no answer on Personal Information').toBe(0);
    await page.goto(employed.route);
    await expectPage(page, employed.route, employed.heading);
    expect(answeredCount(await formControls(page)), 'no answer on the Employer step').toBe(0);
    await page.goto('/form/15/confirmation');
    await expectPage(page, '/form/15/confirmation', 'Confirmation');
    await expect(page.getByRole('checkbox', { name: saveMyDataLabel, exact: true })).not.toBeChecked();
  });

  test('with "save my data": everything but the SSN, the signature and the acknowledgements stays', async ({ page }) => {
    await submitApplicationInBrowser(page, { saveMyData: true });

    await expect.poll(async () => (await readStorage(page)).session[ssnKey], { message: 'no SSN in sessionStorage' }).toBeUndefined();
    const stored = await readStorage(page);
    const all = `${storageText(stored.local)}\n${storageText(stored.session)}`;
    expect(all).toContain('Alvarez');
    expect(all, 'no SSN in either storage').not.toContain(sampleSsn);
    expect(all, 'no SSN digits in either storage').not.toContain(sampleSsnDigits);
    expect(all, 'the typed signature is not kept').not.toContain(typedSignature);

    await page.goto(personal.route);
    await reloadOn(page, personal.route, personal.heading);
    await expect(textbox(page, 'First name')).toHaveValue('Maria');
    await expect(textbox(page, 'Middle name')).toHaveValue('Elena');
    await expect(textbox(page, 'Last name')).toHaveValue('Alvarez');
    await expect(ssnInput(page)).toHaveValue('');
    // Every other step is kept as it was filled.
    for (const step of dataSteps.filter((candidate) => candidate !== personal).slice(0, 5)) {
      await page.goto(step.route);
      await expectPage(page, step.route, step.heading);
      await checkStep(page, step);
    }

    // The signature and the acknowledgements belong to the submitted application, not to the next one.
    await page.goto('/form/15/confirmation');
    await expectPage(page, '/form/15/confirmation', 'Confirmation');
    await expect(page.getByRole('checkbox', { name: saveMyDataLabel, exact: true })).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Or type your full legal name to sign' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Or type your full legal name to sign' })).toHaveValue('');
    await expect(page.getByLabel(`Typed signature: ${typedSignature}`)).toHaveCount(0);
    await page.goto(firstNotice.route);
    await expectPage(page, firstNotice.route, firstNotice.heading);
    await expect(noticeCheckbox(page, firstNotice.heading)).not.toBeChecked();
    await page.goto('/form/25/signature');
    await expectPage(page, '/form/25/signature', 'Signature');
    await expect(page.getByText('Every step is complete.')).toHaveCount(0);
  });
});
