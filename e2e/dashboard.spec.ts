import { expect, test, type Page } from '@playwright/test';
import { signUp, toast, uniqueEmail } from './fixtures.ts';
import { expectNoA11yViolationsInBothThemes } from './public-site.ts';
import { addAppointment, addPatient, signInAsDemo, signInAsNewPractitioner } from './practice-fixtures.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The figure under a stat's label ("Total Patients" → its card). */
const figure = (page: Page, label: string) => page.getByRole('listitem').filter({ hasText: label });

/** The upcoming appointment row of a patient. */
const upcomingRow = (page: Page, patient: string) =>
  page.getByRole('region', { name: 'Upcoming Appointments' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: patient }) });

test.describe('the provider dashboard', () => {
  test('shows the demo practice’s figures: 42 patients, 12 this week, 55 min, 85 %', async ({ page }) => {
    await signInAsDemo(page);
    await page.goto('/dashboard');
    await expect(figure(page, 'Total Patients')).toContainText('42');
    await expect(figure(page, 'Appointments This Week')).toContainText('12');
    await expect(figure(page, 'Average Session')).toContainText('55 min');
    await expect(figure(page, 'Profile Completion')).toContainText('85%');
    await expect(page.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/practitioner-profile/edit');
    await expectNoA11yViolationsInBothThemes(page);
  });

  test('lists upcoming appointments with status and mode; Start Session only for a virtual, confirmed one', async ({ page }) => {
    const { practiceId } = await signInAsNewPractitioner(page, { name: 'Dr. Dana Rowe' });
    const ava = await addPatient(practiceId, { name: 'Ava Virtual' });
    const ian = await addPatient(practiceId, { name: 'Ian Inperson' });
    const pia = await addPatient(practiceId, { name: 'Pia Pending' });
    const soon = (days: number) => new Date(Date.now() + days * DAY_MS);
    await addAppointment(practiceId, ava, { startsAt: soon(1), mode: 'virtual', status: 'confirmed', type: 'consultation' });
    await addAppointment(practiceId, ian, { startsAt: soon(2), mode: 'in-person', status: 'confirmed', durationMinutes: 45 });
    await addAppointment(practiceId, pia, { startsAt: soon(3), mode: 'virtual', status: 'scheduled', durationMinutes: 90 });

    await page.goto('/dashboard');
    const avaRow = upcomingRow(page, 'Ava Virtual');
    await expect(avaRow).toContainText('Virtual');
    await expect(avaRow).toContainText('Confirmed');
    await expect(avaRow).toContainText('Initial Consultation');
    await expect(avaRow.getByRole('button', { name: /Start Session/ })).toBeEnabled();

    const ianRow = upcomingRow(page, 'Ian Inperson');
    await expect(ianRow).toContainText('In-Person');
    await expect(ianRow).toContainText('Confirmed');
    await expect(ianRow.getByRole('button', { name: /Start Session/ })).toBeDisabled();

    const piaRow = upcomingRow(page, 'Pia Pending');
    await expect(piaRow).toContainText('Virtual');
    await expect(piaRow).toContainText('Pending');
    await expect(piaRow.getByRole('button', { name: /Start Session/ })).toBeDisabled();

    await avaRow.getByRole('button', { name: /Start Session/ }).click();
    await expect(toast(page, 'Starting appointment')).toBeVisible();

    await expectNoA11yViolationsInBothThemes(page);

    await upcomingRow(page, 'Ava Virtual').getByRole('link', { name: 'Ava Virtual' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/patients/${ava}$`));
  });

  test('a new practitioner sees zero figures and the empty state, whose Manage Schedule opens the schedule', async ({ page }) => {
    await signInAsNewPractitioner(page);
    await page.goto('/dashboard');
    await expect(figure(page, 'Total Patients')).toContainText('0');
    await expect(figure(page, 'Appointments This Week')).toContainText('0');
    await expect(page.getByRole('heading', { name: 'No upcoming appointments' })).toBeVisible();
    await expectNoA11yViolationsInBothThemes(page);
    await page.getByRole('link', { name: 'Manage Schedule' }).click();
    await expect(page).toHaveURL(/\/dashboard\/schedule$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
  });

  test('fits a phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInAsDemo(page);
    await page.goto('/dashboard');
    await expect(figure(page, 'Total Patients')).toContainText('42');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: 'test-results/dashboard-phone.png', fullPage: true });
  });

  test('fits a phone with a long e-mail address too', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signUp(page, { name: 'Dr. Bartholomew Featherstonehaugh', email: uniqueEmail('bartholomew.featherstonehaugh.integrative') });
    await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
