import { expect, test, type Page } from '@playwright/test';
import { demoAccount } from '@wellspring/domain/samples';
import { toast } from './fixtures.ts';
import { signInAsNewPractitioner } from './practice-fixtures.ts';
import { expectNoA11yViolationsInBothThemes } from './public-site.ts';

const sideMenu = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });
const menuLink = (page: Page, name: string) => sideMenu(page).getByRole('link', { name, exact: true });

test.describe('the signed-in shell', () => {
  test('a visitor opening a signed-in page signs in and comes back to it', async ({ page }) => {
    await page.goto('/dashboard/patients');
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboard%2Fpatients$/);
    // No "session ended" note: this visitor never had a session.
    await expect(page.getByRole('status')).toHaveCount(0);

    await page.getByLabel('Email').fill(demoAccount.email);
    await page.getByLabel('Password').fill(demoAccount.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(/\/dashboard\/patients$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Patient Records' })).toBeVisible();
    await expect(menuLink(page, 'Patient Records')).toHaveAttribute('aria-current', 'page');
  });

  test('the side menu moves between dashboard, schedule and patients; Log Out ends the session', async ({ page }) => {
    await signInAsNewPractitioner(page, { name: 'Dr. Quinn Shell' });
    await page.goto('/dashboard');
    await expect(menuLink(page, 'Dashboard')).toHaveAttribute('aria-current', 'page');

    await menuLink(page, 'Schedule').click();
    await expect(page).toHaveURL(/\/dashboard\/schedule$/);
    await expect(menuLink(page, 'Schedule')).toHaveAttribute('aria-current', 'page');
    await expect(menuLink(page, 'Dashboard')).not.toHaveAttribute('aria-current', 'page');

    await menuLink(page, 'Patient Records').click();
    await expect(page).toHaveURL(/\/dashboard\/patients$/);
    await expect(menuLink(page, 'Patient Records')).toHaveAttribute('aria-current', 'page');

    // Keyboard: Tab reaches the menu's links, Enter follows one.
    await menuLink(page, 'Schedule').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/schedule$/);

    await menuLink(page, 'Settings').click();
    await expect(page).toHaveURL(/\/dashboard\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(menuLink(page, 'Settings')).toHaveAttribute('aria-current', 'page');

    await menuLink(page, 'Dashboard').click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await sideMenu(page).getByRole('button', { name: 'Log Out' }).click();
    await expect(toast(page, 'Logged out successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    // The server ended the session: a signed-in page now asks to sign in.
    await page.goto('/dashboard/schedule');
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboard%2Fschedule$/);
  });

  test('the shell passes axe in light and dark', async ({ page }) => {
    await signInAsNewPractitioner(page);
    await page.goto('/dashboard/schedule');
    await expect(menuLink(page, 'Schedule')).toHaveAttribute('aria-current', 'page');
    // The page's own content (its h1) arrives after the shell: scan the page as a user sees it.
    await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
    await expectNoA11yViolationsInBothThemes(page);
  });

  test('on a phone the menu folds behind a button, and folds again after choosing a screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsNewPractitioner(page);
    await page.goto('/dashboard');
    const toggle = page.getByRole('button', { name: 'Dashboard menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(sideMenu(page)).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(menuLink(page, 'Patient Records')).toBeVisible();
    await expectNoA11yViolationsInBothThemes(page);

    await menuLink(page, 'Patient Records').click();
    await expect(page).toHaveURL(/\/dashboard\/patients$/);
    await expect(sideMenu(page)).toBeHidden();
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(390);
  });
});
