import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { linkIn, mailsTo } from './mail-sink.ts';

/** A unique address per test run, so reruns against the same database never collide. */
export const uniqueEmail = (label: string): string =>
  `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** What one accessibility scan adds to its test's time limit. */
const A11Y_SCAN_BUDGET_MS = 10_000;

/**
 * Fails on any accessibility violation of the page as it is now, whatever its impact (minor and
 * moderate too): docs/architecture.md#budgets aims at accessibility 100. No rule is turned off.
 */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  // A scan is the test's own cost, not the product's: 3-7 s on a busy 2-core machine (more under the
  // e2e run's own load), so each one adds its budget to the journey's instead of eating into it.
  test.info().setTimeout(test.info().timeout + A11Y_SCAN_BUDGET_MS);
  // Colours mid-transition (a theme switch, a hover ending) are neither the old nor the new ones:
  // scan once running CSS transitions have finished (endless animations, like skeletons, are left).
  await page.evaluate(() => Promise.all(document.getAnimations().filter((animation) => animation instanceof CSSTransition).map((animation) => animation.finished.catch(() => undefined))));
  const results = await new AxeBuilder({ page }).analyze();
  const violations = results.violations.map(
    (violation) => `${violation.impact ?? 'unknown'} ${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(violations).toEqual([]);
}

/** The toast with this title (react-toastify renders each toast as role="alert"). */
/**
 * Picks an option of an open combo box once the option is wholly on screen. A react-aria combo box
 * closes its list when the page scrolls (and clears the text that chose nothing), so a click that
 * first scrolls a still-arriving list into view would close it under the pointer.
 */
export async function chooseComboBoxOption(page: Page, name: string): Promise<void> {
  const option = page.getByRole('option', { name, exact: true });
  await expect(option).toBeInViewport({ ratio: 1 });
  await option.click();
}

export const toast = (page: Page, title: string) => page.getByRole('alert').filter({ hasText: title });

export const E2E_PASSWORD = 'correct horse battery';

/**
 * Creates a practitioner account through the sign-up page, confirms its address through the link
 * the e-mail carries (the SMTP sink), and signs in: the browser ends on /dashboard, with a proved
 * address (publishing a listing and taking bookings need one).
 */
export async function signUp(page: Page, { name, email, password = E2E_PASSWORD }: { name: string; email: string; password?: string }): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await confirmEmail(page, email);
  await signIn(page, { email, password });
}

/**
 * Opens the confirmation link of the newest e-mail asking `email` to confirm its address, once
 * `count` of them have come (a new link asked for replaces the older ones).
 */
export async function confirmEmail(page: Page, email: string, { count = 1 }: { count?: number } = {}): Promise<void> {
  const subject = 'Confirm your email address for Wellspring';
  await expect.poll(async () => (await mailsTo(email.toLowerCase())).filter((mail) => mail.subject === subject).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
  const mail = (await mailsTo(email.toLowerCase())).filter((candidate) => candidate.subject === subject).at(-1);
  if (!mail) throw new Error(`no confirmation e-mail to ${email}`);
  await page.goto(linkIn(mail, '/verify-email'));
  await expect(page.getByRole('status')).toHaveText('Your email address is confirmed.');
}

/** Signs in through the sign-in page (ends on /dashboard). */
export async function signIn(page: Page, { email, password = E2E_PASSWORD }: { email: string; password?: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Signs out with the dashboard's "Log Out" (ends on /). */
export async function signOut(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(toast(page, 'Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}
