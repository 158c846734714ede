import { test, expect } from '@playwright/test';
test('explore', async ({ page }) => {
  await page.goto('/form/2/personal');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Personal Information'); await expect(page.getByText('Your name')).toBeVisible();
  const form = page.getByRole('main').locator('form');
  console.log('getByLabel exact First name:', await form.getByLabel('First name', { exact: true }).count());
  console.log('getByRole textbox First name:', await form.getByRole('textbox', { name: 'First name', exact: true }).count());
  console.log('date by label:', await form.getByLabel('Date of birth', { exact: true }).count());
  console.log('date role textbox:', await form.getByRole('textbox', { name: 'Date of birth', exact: true }).count());
  const g = form.getByRole('group', { name: 'Have you lived at this address for 3 years or more?', exact: true });
  console.log('yesno group:', await g.count());
  console.log('radio No aria-controls:', await g.getByRole('radio', { name: 'No' }).getAttribute('aria-controls'));
  try { await g.getByText('No', { exact: true }).click({ timeout: 2000 }); console.log('span click ok'); } catch (e) { console.log('span click failed', String(e).slice(0, 300)); }
  console.log('checked:', await g.getByRole('radio', { name: 'No' }).isChecked());
  await g.locator('label', { hasText: /^Yes$/ }).click();
  console.log('checked yes:', await g.getByRole('radio', { name: 'Yes' }).isChecked());
  const sel = form.getByRole('combobox', { name: 'Suffix', exact: true });
  await sel.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  console.log('suffix after 2 arrowdown:', await sel.inputValue());
  console.log('locale', await page.evaluate(() => navigator.language));
});
