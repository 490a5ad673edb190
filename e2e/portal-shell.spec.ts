import { expect, test, type Page } from '@playwright/test';
import { formatLongDate } from '@wellspring/domain';
import { demoAccount } from '@wellspring/domain/samples';
import { baseURL } from '../playwright.config.ts';
import { toast } from './fixtures.ts';
import { addPatient, signInAsNewPractitioner } from './practice-fixtures.ts';
import { expectNoA11yViolationsInBothThemes } from './public-site.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Provider portal' });
const sidebarLink = (page: Page, name: string) => sidebar(page).getByRole('link', { name, exact: true });
const logOut = (page: Page) => sidebar(page).getByRole('button', { name: /^(Log Out|Logging out\.\.\.)$/ });
const figure = (page: Page, label: string) => page.getByRole('list', { name: 'Practice figures' }).getByRole('listitem').filter({ hasText: label });

/** A portal procedure called from the page, with its session cookie, as the portal's own screens call it. */
async function callPortal(page: Page, procedure: string, input: Record<string, unknown>): Promise<void> {
  const response = await page.request.post(`/api/trpc/${procedure}`, { data: { json: input }, headers: { Origin: baseURL } });
  expect(response.status(), `${procedure}: ${await response.text()}`).toBe(200);
}

/** A screenshot to look at (test-results/), once the theme switch of the axe scan has finished fading. */
async function screenshot(page: Page, path: string): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().filter((animation) => animation instanceof CSSTransition).map((animation) => animation.finished.catch(() => undefined))));
  await page.screenshot({ path, fullPage: true });
}

/** The failure tRPC answers for an unexpected server error, for a stubbed call. */
const serverFailure = (path: string) =>
  JSON.stringify([{ error: { json: { message: 'Internal server error', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path } } } }]);

test.describe('the provider portal’s shell', () => {
  test('a visitor opening a portal page signs in and comes back to it', async ({ page }) => {
    await page.goto('/provider-portal/dashboard');
    await expect(page).toHaveURL(/\/login\?next=%2Fprovider-portal%2Fdashboard$/);

    await page.getByLabel('Email').fill(demoAccount.email);
    await page.getByLabel('Password').fill(demoAccount.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(/\/provider-portal\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Provider Dashboard' })).toBeVisible();
    await expect(sidebarLink(page, 'Dashboard')).toHaveAttribute('aria-current', 'page');
  });

  test('the layout: one header and footer, the sidebar moves between screens and marks the current one', async ({ page }) => {
    const practitioner = await signInAsNewPractitioner(page, { name: 'Dr. Portia Shell' });
    const patientId = await addPatient(practitioner.practiceId, { name: 'Sidebar Patient', email: 'sidebar.patient@example.com' });

    await page.goto('/provider-portal');
    await expect(page).toHaveURL(/\/provider-portal\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Provider Dashboard' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(1);
    await expect(page.getByRole('contentinfo')).toHaveCount(1);
    await expect(sidebar(page).getByRole('link')).toHaveText(['Dashboard', 'Appointments', 'Patients', 'EHR Records', 'Payments', 'Settings', 'Back to Home']);
    await expect(logOut(page)).toHaveText('Log Out');
    await expect(sidebar(page).locator('[aria-current="page"]')).toHaveText(['Dashboard']);

    for (const [name, path] of [
      ['Appointments', '/provider-portal/appointments'],
      ['EHR Records', '/provider-portal/ehr'],
      ['Payments', '/provider-portal/payments'],
    ] as const) {
      await sidebarLink(page, name).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(sidebar(page).locator('[aria-current="page"]')).toHaveText([name]);
    }

    await sidebarLink(page, 'Settings').click();
    await expect(page).toHaveURL(/\/provider-portal\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings', exact: true })).toBeVisible();
    await expect(sidebar(page).locator('[aria-current="page"]')).toHaveText(['Settings']);

    // The workspace's patient screens, inside the portal: the record and Back stay in it.
    await sidebarLink(page, 'Patients').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Patient Records' })).toBeVisible();
    await page.getByRole('link', { name: 'View Sidebar Patient' }).click();
    await expect(page).toHaveURL(new RegExp(`/provider-portal/patients/${patientId}$`));
    await expect(page.getByRole('heading', { name: 'Sidebar Patient' }).first()).toBeVisible();
    await expect(sidebar(page).locator('[aria-current="page"]')).toHaveText(['Patients']);
    await page.getByRole('link', { name: 'Back to Patient List' }).click();
    await expect(page).toHaveURL(/\/provider-portal\/patients$/);

    // Keyboard: a sidebar link is reached and followed with Enter.
    await sidebarLink(page, 'Dashboard').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/provider-portal\/dashboard$/);

    await sidebarLink(page, 'Back to Home').click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/provider-portal/no-such-screen');
    await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
    await expect(sidebar(page)).toHaveCount(0);
  });

  test('Log Out: "Logging out..." and disabled while it runs; a failure says so and stays; then it ends the session', async ({ page }) => {
    await signInAsNewPractitioner(page);
    await page.goto('/provider-portal/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings', exact: true })).toBeVisible();

    // The server fails to end the session.
    let releaseFailure: () => void = () => undefined;
    const failureHeld = new Promise<void>((resolve) => (releaseFailure = resolve));
    await page.route('**/api/trpc/auth.signOut*', async (route) => {
      await failureHeld;
      await route.fulfill({ status: 500, contentType: 'application/json', body: serverFailure('auth.signOut') });
    });
    await logOut(page).click();
    await expect(logOut(page)).toHaveText('Logging out...');
    await expect(logOut(page)).toBeDisabled();
    releaseFailure();
    await expect(toast(page, 'Error')).toContainText('Failed to log out. Please try again.');
    await expect(page).toHaveURL(/\/provider-portal\/settings$/);
    await expect(logOut(page)).toHaveText('Log Out');
    await expect(logOut(page)).toBeEnabled();
    await page.unroute('**/api/trpc/auth.signOut*');

    // Again, with the server answering (held a moment so the transient state is seen).
    let releaseSignOut: () => void = () => undefined;
    const signOutHeld = new Promise<void>((resolve) => (releaseSignOut = resolve));
    await page.route('**/api/trpc/auth.signOut*', async (route) => {
      await signOutHeld;
      await route.continue();
    });
    await logOut(page).click();
    await expect(logOut(page)).toHaveText('Logging out...');
    await expect(logOut(page)).toBeDisabled();
    releaseSignOut();
    await expect(toast(page, 'Logged out')).toContainText('You have been successfully logged out.');
    await expect(page).toHaveURL(/\/$/);

    // The server ended the session: a portal page now asks to sign in.
    await page.goto('/provider-portal/payments');
    await expect(page).toHaveURL(/\/login\?next=%2Fprovider-portal%2Fpayments$/);
  });

  test('the dashboard’s figures follow a new appointment and new payments; other currencies stay apart', async ({ page }) => {
    await signInAsNewPractitioner(page, { timeZone: 'America/Los_Angeles' });
    await page.goto('/provider-portal/dashboard');
    await expect(figure(page, 'Total Appointments')).toContainText('0');
    await expect(figure(page, 'Total Appointments')).toContainText('0 upcoming');
    await expect(figure(page, 'Unique Patients')).toContainText('0');
    await expect(figure(page, 'EHR Records')).toContainText('0');
    await expect(figure(page, 'Total Revenue')).toContainText('$0.00');
    await expect(page.getByRole('heading', { name: 'No upcoming appointments' })).toBeVisible();

    const day = new Date(Date.now() + 3 * DAY_MS).toISOString().slice(0, 10);
    await callPortal(page, 'appointments.create', {
      patientName: 'Dana Figures',
      patientEmail: 'dana.figures@example.com',
      appointmentType: 'follow_up',
      date: day,
      time: '10:30',
      duration: 60,
      notes: '',
    });
    await callPortal(page, 'payments.create', { amount: '150.00', currency: 'usd', paymentMethod: 'card', status: 'completed' });
    await callPortal(page, 'payments.create', { amount: '85.50', currency: 'eur', paymentMethod: 'cash', status: 'completed' });
    // Not completed: not revenue.
    await callPortal(page, 'payments.create', { amount: '40.00', currency: 'usd', paymentMethod: 'card', status: 'pending' });

    await page.reload();
    await expect(figure(page, 'Total Appointments')).toContainText('1 upcoming');
    await expect(figure(page, 'Total Appointments').locator('span').nth(1)).toHaveText('1');
    await expect(figure(page, 'Unique Patients')).toContainText('1');
    await expect(figure(page, 'Total Revenue').locator('span').nth(1)).toHaveText('$150.00');
    const others = page.getByRole('list', { name: 'Revenue in other currencies' });
    await expect(others.getByRole('listitem')).toHaveText(['EUR€85.50']);

    const upcoming = page.getByRole('region', { name: 'Upcoming Appointments' });
    const row = upcoming.getByRole('listitem').filter({ hasText: 'Dana Figures' });
    await expect(row).toContainText('Follow-up · 60 min');
    await expect(row).toContainText(`${formatLongDate(day, 'UTC')} at 10:30 AM`);
    await expect(row).toContainText('Scheduled');
    await row.getByRole('link', { name: 'Dana Figures' }).click();
    await expect(page).toHaveURL(/\/provider-portal\/patients\/[^/]+$/);
    await expect(sidebar(page).locator('[aria-current="page"]')).toHaveText(['Patients']);

    // Client-side back to the dashboard (no reload): the figures are fetched again.
    await callPortal(page, 'payments.create', { amount: '10.00', currency: 'usd', paymentMethod: 'card', status: 'completed' });
    await sidebarLink(page, 'Dashboard').click();
    await expect(figure(page, 'Total Revenue').locator('span').nth(1)).toHaveText('$160.00');
  });

  test('a failed dashboard load says so, and Try again loads it', async ({ page }) => {
    await signInAsNewPractitioner(page);
    let failing = true;
    await page.route('**/api/trpc/*portalDashboard.overview*', async (route) => {
      if (failing) await route.fulfill({ status: 500, contentType: 'application/json', body: serverFailure('portalDashboard.overview') });
      else await route.continue();
    });
    await page.goto('/provider-portal/dashboard');
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to load dashboard data. Please try again.' });
    await expect(alert).toBeVisible({ timeout: 10_000 });
    failing = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(figure(page, 'Total Revenue')).toContainText('$0.00');
  });

  test('the dashboard and settings pass axe in light and dark, on a desktop and on a phone', async ({ page }, testInfo) => {
    // Eight scans, two of them of the whole settings screen: over a minute on a loaded 2-core machine.
    test.setTimeout(120_000);
    await signInAsNewPractitioner(page);
    const day = new Date(Date.now() + 2 * DAY_MS).toISOString().slice(0, 10);
    await callPortal(page, 'appointments.create', { patientName: 'Axe Patient', patientEmail: 'axe.patient@example.com', appointmentType: 'consultation', date: day, time: '09:00', duration: 30, notes: '' });
    await callPortal(page, 'payments.create', { amount: '120.00', currency: 'gbp', paymentMethod: 'card', status: 'completed' });

    await page.goto('/provider-portal/dashboard');
    await expect(page.getByRole('list', { name: 'Revenue in other currencies' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Upcoming Appointments' }).getByText('Axe Patient')).toBeVisible();
    await expectNoA11yViolationsInBothThemes(page);
    await screenshot(page, testInfo.outputPath('dashboard-desktop.png'));

    await page.goto('/provider-portal/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings', exact: true })).toBeVisible();
    // The screen as it is once the account's settings have loaded (not its skeleton).
    await expect(page.getByRole('region', { name: 'Notifications' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Where you’re signed in' })).toBeVisible();
    await expectNoA11yViolationsInBothThemes(page);

    // A phone: the sidebar folds behind a button above the screen instead of squeezing it.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/provider-portal/dashboard');
    await expect(page.getByRole('list', { name: 'Revenue in other currencies' })).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Portal menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebar(page)).toBeHidden();
    const heading = await page.getByRole('heading', { level: 1, name: 'Provider Dashboard' }).boundingBox();
    expect(heading?.width ?? 0).toBeGreaterThan(250);
    await expectNoA11yViolationsInBothThemes(page);
    await screenshot(page, testInfo.outputPath('dashboard-phone.png'));

    await toggle.click();
    await expect(sidebarLink(page, 'Payments')).toBeVisible();
    await expectNoA11yViolationsInBothThemes(page);
    await sidebarLink(page, 'Settings').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings', exact: true })).toBeVisible();
    await expect(sidebar(page)).toBeHidden();
  });
});
