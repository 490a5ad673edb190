import { test, expect } from '@playwright/test';
import { addAppointment, addPatient, signInAsNewPractitioner } from './practice-fixtures.ts';

test('screens', async ({ page }) => {
  test.setTimeout(90_000);
  const p = await signInAsNewPractitioner(page, { name: 'Dr. Iris Ledger' });
  const ada = await addPatient(p.practiceId, { name: 'Ada Screens', email: 'ada.screens@example.com' });
  const visit = await addAppointment(p.practiceId, ada, { startsAt: new Date(Date.now() - 86400000), type: 'consultation', status: 'completed' });
  await page.goto(`/dashboard/billing?appointment=${visit}`);
  await page.screenshot({ path: '/tmp/billing-shot-dialog.png' });
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Draft invoice' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Unit price (USD)' }).first().fill('120');
  await page.getByRole('button', { name: 'Add line' }).click();
  await page.getByRole('textbox', { name: 'Description, line 2' }).fill('Herbal tincture');
  await page.getByRole('textbox', { name: 'Unit price (USD)' }).nth(1).fill('15.50');
  await page.getByRole('textbox', { name: 'Tax rate (%)' }).fill('8.25');
  await page.screenshot({ path: '/tmp/billing-shot-editor-light.png', fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: '/tmp/billing-shot-editor-dark.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/billing-shot-editor-phone-dark.png', fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Issue invoice' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Invoice INV/ })).toBeVisible();
  await page.screenshot({ path: '/tmp/billing-shot-issued.png', fullPage: true });
  // Keyboard: tab through the actions.
  const focused: string[] = [];
  for (let i = 0; i < 12; i += 1) {
    await page.keyboard.press('Tab');
    focused.push(await page.evaluate(() => (document.activeElement?.textContent ?? '').trim().slice(0, 30)));
  }
  console.log('TAB ORDER', JSON.stringify(focused));
  await page.getByRole('button', { name: 'Void' }).focus();
  await page.keyboard.press('Enter');
  await page.screenshot({ path: '/tmp/billing-shot-void.png' });
  await page.keyboard.press('Escape');
  await page.goto('/dashboard/billing');
  await page.screenshot({ path: '/tmp/billing-shot-list.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: '/tmp/billing-shot-list-phone-dark.png', fullPage: true });
});
