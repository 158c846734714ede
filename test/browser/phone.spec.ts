import { expect, test } from '@playwright/test';
import { checkEveryRouteFullyRevealed, expectEveryRouteChecked } from './every-route-support.ts';
import { expectPhoneLayout } from './phone-support.ts';
import { expectNoAxeViolations } from './data-steps-support.ts';

/**
 * Issue 8, phone layout: at 360 × 740 on a touch phone, every route in its fully revealed state (and
 * Not Found, and the modal) fits the width, every target is at least 24 × 24 px (WCAG 2.5.8), and axe
 * finds nothing at that width either.
 */

const phone = { width: 360, height: 740 };

test.use({ viewport: phone, isMobile: true, hasTouch: true });

test('at 360 px every route fits the width and every target is at least 24 × 24 px', async ({ page }) => {
  test.setTimeout(900_000);
  const checked: string[] = [];
  const axeFailures: string[] = [];
  await checkEveryRouteFullyRevealed(page, async (where) => {
    await test.step(where, async () => {
      await expectPhoneLayout(page, where, phone.width);
      await expectNoAxeViolations(page, `${where} at ${phone.width} px`).catch((error: unknown) => axeFailures.push(String(error)));
      checked.push(where);
    });
  });
  expect(axeFailures).toEqual([]);
  expectEveryRouteChecked(checked);
  test.info().annotations.push({ type: 'checked', description: checked.join(', ') });
});
