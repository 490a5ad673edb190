import { expect, test, type Page } from '@playwright/test';
import { ageSessionsOf } from './database.ts';
import { chooseComboBoxOption, E2E_PASSWORD, expectNoA11yViolations, signUp, toast, uniqueEmail } from './fixtures.ts';

const SESSION_ENDED_NOTICE = 'Your session ended after a period of inactivity. Please sign in again to continue where you left off.';
/** Past the idle limit the e2e server runs with (SESSION_IDLE_MINUTES, default 30). */
const IDLE_MINUTES = Number(process.env.SESSION_IDLE_MINUTES ?? 30) + 1;

async function walkAway(email: string): Promise<void> {
  expect(await ageSessionsOf(email, IDLE_MINUTES)).toBe(1);
}

async function signInAgain(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('a session idle past the limit', () => {
  test('the dashboard, opened again after walking away, asks to sign in and comes back', async ({ page }) => {
    const email = uniqueEmail('idle-dashboard');
    await signUp(page, { name: 'Dr. Idle Vale', email });
    await expect(page.getByRole('heading', { name: 'Welcome back, Dr. Idle Vale' })).toBeVisible();

    await walkAway(email);
    await page.reload();

    await expect(page).toHaveURL(/\/login\?next=%2Fdashboard&reason=session-ended$/);
    await expect(page.getByRole('status').filter({ hasText: SESSION_ENDED_NOTICE })).toBeVisible();
    await expectNoA11yViolations(page);

    await signInAgain(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome back, Dr. Idle Vale' })).toBeVisible();
  });

  test('a signed-in page left open past the limit goes to sign-in by itself, and comes back', async ({ page }) => {
    const email = uniqueEmail('idle-left-open');
    await page.clock.install();
    await signUp(page, { name: 'Dr. Idle Okafor', email });
    await expect(page.getByRole('heading', { name: 'Welcome back, Dr. Idle Okafor' })).toBeVisible();

    // Nobody touches the page: the server ends the session, and the page must not stay on screen.
    await walkAway(email);
    await page.clock.fastForward(`${IDLE_MINUTES}:00`);

    await expect(page).toHaveURL(/\/login\?next=%2Fdashboard&reason=session-ended$/);
    await expect(page.getByRole('heading', { name: 'Welcome back, Dr. Idle Okafor' })).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: SESSION_ENDED_NOTICE })).toBeVisible();

    await signInAgain(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the schedule dialog left open past the limit comes back as it was typed, after signing in again', async ({ page }) => {
    const email = uniqueEmail('idle-dialog');
    await page.clock.install();
    await signUp(page, { name: 'Dr. Idle Draper', email });
    await page.goto('/dashboard/schedule');
    await page.getByRole('button', { name: 'New Appointment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule New Appointment' });
    await dialog.getByRole('combobox', { name: 'Patient' }).click();
    await chooseComboBoxOption(page, 'New Patient');
    await dialog.getByLabel('Patient name').fill('Drafted Dana');
    await dialog.getByLabel('Notes').fill('Typed before walking away.');

    await walkAway(email);
    await page.clock.fastForward(`${IDLE_MINUTES}:00`);
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboard%2Fschedule&reason=session-ended$/);

    await signInAgain(page, email);
    await expect(page).toHaveURL(/\/dashboard\/schedule$/);
    const restored = page.getByRole('dialog', { name: 'Schedule New Appointment' });
    await expect(restored.getByLabel('Patient name')).toHaveValue('Drafted Dana');
    await expect(restored.getByLabel('Notes')).toHaveValue('Typed before walking away.');
    // Closing it drops the draft: the next dialog starts empty.
    await restored.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'New Appointment' }).click();
    await expect(page.getByRole('dialog', { name: 'Schedule New Appointment' }).getByLabel('Notes')).toHaveValue('');
  });

  test('an action on a signed-in page after walking away leads to sign-in and back to that page', async ({ page }) => {
    const email = uniqueEmail('idle-favorite');
    await signUp(page, { name: 'Dr. Idle Ortiz', email });
    await page.goto('/practitioners/1');
    const heart = page.getByRole('button', { name: 'Favorite' });
    await expect(heart).toBeEnabled();

    await walkAway(email);
    await heart.click();

    await expect(page).toHaveURL(/\/login\?next=%2Fpractitioners%2F1&reason=session-ended$/);
    await expect(page.getByRole('status').filter({ hasText: SESSION_ENDED_NOTICE })).toBeVisible();

    await signInAgain(page, email);
    await expect(page).toHaveURL(/\/practitioners\/1$/);
    await expect(page.getByRole('button', { name: 'Favorite' })).toHaveAttribute('aria-pressed', 'false');
    await page.getByRole('button', { name: 'Favorite' }).click();
    await expect(toast(page, 'Added to favorites')).toBeVisible();
  });
});
