import { expect, test, type Locator, type Page } from '@playwright/test';
import { calendarDateInZone, formatLongDate, type CalendarDate } from '@wellspring/domain';
import { toast, uniqueEmail } from './fixtures.ts';
import { addAppointment, addPatient, signInAsNewPractitioner } from './practice-fixtures.ts';
import { recordPaymentFor } from './portal-appointments-fixtures.ts';
import { expectNoA11yViolationsInBothThemes } from './public-site.ts';

const ZONE = 'America/Los_Angeles';
const LIST = '/provider-portal/appointments';
const DAY_MS = 24 * 60 * 60 * 1000;

/** A day `days` from today in the practice's zone. */
const dayFromToday = (days: number): CalendarDate => calendarDateInZone(new Date(Date.now() + days * DAY_MS), ZONE);

const table = (page: Page) => page.getByRole('grid', { name: 'Appointments' });
const rowOf = (page: Page, patient: string) => table(page).getByRole('row').filter({ hasText: patient });
const menuButton = (page: Page, patient: string) => page.getByRole('button', { name: new RegExp(`^Actions for ${patient}, `) });

async function chooseFromMenu(page: Page, patient: string, item: string): Promise<void> {
  await menuButton(page, patient).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

async function menuItems(page: Page, patient: string): Promise<string[]> {
  await menuButton(page, patient).click();
  const items = await page.getByRole('menu').getByRole('menuitem').allTextContents();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  return items;
}

async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('button', { name: new RegExp(`${label}$`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function expectStatusAfterReload(page: Page, patient: string, status: string): Promise<void> {
  await page.reload();
  await expect(rowOf(page, patient)).toContainText(status);
}

test.describe('the portal appointments', () => {
  test('create, edit, confirm and complete an appointment: each survives a reload, and the new one is in the schedule week', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await signInAsNewPractitioner(page, { timeZone: ZONE });
    await page.goto(LIST);
    await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No appointments found' })).toBeVisible();
    await expect(page.getByText('Schedule your first appointment to get started.')).toBeVisible();

    await page.getByRole('link', { name: 'New Appointment' }).first().click();
    await expect(page).toHaveURL(/\/provider-portal\/appointments\/new$/);
    await expect(page.getByRole('heading', { level: 1, name: 'New Appointment' })).toBeVisible();
    const form = page.getByRole('form', { name: 'New Appointment' });
    await expect(form.getByRole('button', { name: /Appointment Type$/ })).toContainText('Consultation');
    await expect(form.getByRole('button', { name: /Duration$/ })).toContainText('60 minutes');

    const day = dayFromToday(2);
    const email = uniqueEmail('nora.portal');
    await form.getByLabel('Patient Name').fill('Nora Portal');
    await form.getByLabel('Patient Email').fill(email);
    await form.getByLabel('Date and Time').fill(`${day}T10:00`);
    await choose(page, form, 'Appointment Type', 'Treatment');
    await choose(page, form, 'Duration', '90 minutes');
    await form.getByLabel('Notes').fill('Acupuncture, second course');
    await expectNoA11yViolationsInBothThemes(page);
    await form.getByRole('button', { name: 'Schedule Appointment' }).click();

    await expect(toast(page, 'Appointment scheduled successfully!')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${LIST}$`));
    const created = rowOf(page, 'Nora Portal');
    await expect(created).toContainText(email);
    await expect(created).toContainText('Treatment');
    await expect(created).toContainText(`${formatLongDate(day, 'UTC')} at 10:00 AM`);
    await expect(created).toContainText('90');
    await expect(created).toContainText('Scheduled');
    await page.reload();
    await expect(rowOf(page, 'Nora Portal')).toContainText(`${formatLongDate(day, 'UTC')} at 10:00 AM`);

    // The same appointment in the practice's schedule week (docs/product.md#schedule).
    await page.goto(`/dashboard/schedule?date=${day}`);
    await expect(page.getByRole('link', { name: /10:00 AM\s*Nora Portal/ })).toBeVisible();

    // Edit: the form loads the appointment's values; the update moves it.
    await page.goto(LIST);
    await chooseFromMenu(page, 'Nora Portal', 'Edit');
    await expect(page).toHaveURL(/\/provider-portal\/appointments\/edit\/[^/]+$/);
    const edit = page.getByRole('form', { name: 'Edit Appointment' });
    await expect(edit.getByLabel('Patient Name')).toHaveValue('Nora Portal');
    await expect(edit.getByLabel('Date and Time')).toHaveValue(`${day}T10:00`);
    await expect(edit.getByRole('button', { name: /Duration$/ })).toContainText('90 minutes');
    await expect(edit.getByLabel('Notes')).toHaveValue('Acupuncture, second course');
    await edit.getByLabel('Date and Time').fill(`${day}T11:30`);
    await edit.getByRole('button', { name: 'Update Appointment' }).click();
    await expect(toast(page, 'Appointment scheduled successfully!')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${LIST}$`));
    await expect(rowOf(page, 'Nora Portal')).toContainText(`${formatLongDate(day, 'UTC')} at 11:30 AM`);
    await expectStatusAfterReload(page, 'Nora Portal', `${formatLongDate(day, 'UTC')} at 11:30 AM`);

    // Confirm, with the keyboard only: the menu opens on its first item.
    expect(await menuItems(page, 'Nora Portal')).toEqual(['Mark as Confirmed', 'Cancel Appointment', 'Edit', 'Billing Codes', 'Delete']);
    await menuButton(page, 'Nora Portal').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Mark as Confirmed' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Appointment status updated to confirmed')).toBeVisible();
    await expect(rowOf(page, 'Nora Portal')).toContainText('Confirmed');
    await expectStatusAfterReload(page, 'Nora Portal', 'Confirmed');

    expect(await menuItems(page, 'Nora Portal')).toEqual(['Mark as Completed', 'Cancel Appointment', 'Edit', 'Billing Codes', 'Delete']);
    await chooseFromMenu(page, 'Nora Portal', 'Mark as Completed');
    await expect(toast(page, 'Appointment status updated to completed')).toBeVisible();
    await expectStatusAfterReload(page, 'Nora Portal', 'Completed');
    expect(await menuItems(page, 'Nora Portal')).toEqual(['New Invoice', 'Billing Codes', 'Delete']);

    await expectNoA11yViolationsInBothThemes(page);
    // For a look at the list at desktop and phone width, at rest: in the test's output folder, or APPOINTMENTS_SCREENSHOT_DIR.
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined));
    for (const [name, width, height] of [
      ['desktop', 1280, 800],
      ['phone', 390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await expect(menuButton(page, 'Nora Portal')).toBeInViewport();
      await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
      await page.screenshot({ path: `${process.env.APPOINTMENTS_SCREENSHOT_DIR ?? testInfo.outputPath()}/appointments-${name}.png`, fullPage: true });
    }
  });

  test('cancel and delete, each seen after a reload; a delete refused for an appointment with a payment', async ({ page }) => {
    test.setTimeout(90_000);
    const me = await signInAsNewPractitioner(page, { timeZone: ZONE });
    const ivy = await addPatient(me.practiceId, { name: 'Ivy Cancel', email: uniqueEmail('ivy') });
    const otto = await addPatient(me.practiceId, { name: 'Otto Delete', email: uniqueEmail('otto') });
    const paula = await addPatient(me.practiceId, { name: 'Paula Paid', email: uniqueEmail('paula') });
    await addAppointment(me.practiceId, ivy, { startsAt: new Date(Date.now() + 3 * DAY_MS), type: 'consultation' });
    await addAppointment(me.practiceId, otto, { startsAt: new Date(Date.now() + 4 * DAY_MS), type: 'assessment' });
    const paid = await addAppointment(me.practiceId, paula, { startsAt: new Date(Date.now() - 2 * DAY_MS), type: 'treatment', status: 'completed' });

    await page.goto(LIST);
    await expect(page.getByText('Showing 1–3 of 3 appointments')).toBeVisible();

    await chooseFromMenu(page, 'Ivy Cancel', 'Cancel Appointment');
    await expect(toast(page, 'Appointment status updated to cancelled')).toBeVisible();
    await expectStatusAfterReload(page, 'Ivy Cancel', 'Cancelled');
    expect(await menuItems(page, 'Ivy Cancel')).toEqual(['Delete']);

    await chooseFromMenu(page, 'Otto Delete', 'Delete');
    const confirm = page.getByRole('alertdialog', { name: 'Delete this appointment?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Appointment deleted')).toBeVisible();
    await expect(rowOf(page, 'Otto Delete')).toHaveCount(0);
    await page.reload();
    await expect(rowOf(page, 'Ivy Cancel')).toBeVisible();
    await expect(rowOf(page, 'Otto Delete')).toHaveCount(0);

    await recordPaymentFor(page, paid);
    await chooseFromMenu(page, 'Paula Paid', 'Delete');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    const refusal = toast(page, 'Appointment not deleted');
    await expect(refusal).toBeVisible();
    await expect(refusal).toContainText('This appointment has clinical notes or payments, so it cannot be deleted. Cancel it instead.');
    await page.reload();
    await expect(rowOf(page, 'Paula Paid')).toContainText('Completed');
  });

  test('an unknown id, or another practice’s, in the edit address says so and returns to the list', async ({ page }) => {
    const other = await signInAsNewPractitioner(page, { timeZone: ZONE });
    const theirPatient = await addPatient(other.practiceId, { name: 'Not Yours', email: uniqueEmail('not.yours') });
    const theirs = await addAppointment(other.practiceId, theirPatient, { startsAt: new Date(Date.now() + DAY_MS) });
    await signInAsNewPractitioner(page, { timeZone: ZONE });

    for (const id of ['no-such-appointment', theirs]) {
      await page.goto(`${LIST}/edit/${id}`);
      await expect(toast(page, 'Failed to load appointment details.').first()).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${LIST}$`));
      await expect(page.getByRole('heading', { name: 'No appointments found' })).toBeVisible();
      await expect(page.getByText('Not Yours')).toHaveCount(0);
    }
  });
});
