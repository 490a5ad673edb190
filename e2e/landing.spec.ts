import { expect, test } from '@playwright/test';
import { expectNoA11yViolationsInBothThemes } from './public-site.ts';

test.describe('landing page', () => {
  test('shows every section of the pre-launch landing page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Healing starts here.' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Starting with Access' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Join the Waitlist' })).toHaveCount(2);

    // Two waitlist cards: one per audience, each with its own form.
    await expect(page.getByRole('button', { name: 'Join Waitlist', exact: true })).toHaveCount(2);
    await expect(page.getByLabel('Full Name')).toHaveCount(2);

    // The preview directory: disabled search inputs and filter, four sample cards, the disclaimer.
    await expect(page.getByText('Dr. Elena Rodriguez')).toBeVisible();
    await expect(page.getByText('Dr. James Chen')).toBeVisible();
    await expect(page.getByText('Priya Sharma')).toBeVisible();
    await expect(page.getByText('Dr. Michael Okafor')).toBeVisible();
    await expect(page.getByText(/for demonstration/i).first()).toBeVisible();
    await expect(page.getByText(/coming soon/i).first()).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Acupuncture' })).toBeDisabled();
    await expect(page.getByText(/25 miles/)).toBeVisible();

    await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'hello@wellspring.health' })).toHaveAttribute('href', 'mailto:hello@wellspring.health');
  });

  test('"Join the Waitlist" scrolls smoothly to the sign-up section', async ({ page }) => {
    await page.goto('/');
    const signUp = page.locator('#waitlist');
    // The section loads after the first paint: out of view once it is there, not merely while it is missing.
    await expect(signUp).toBeAttached();
    await expect(signUp).not.toBeInViewport();
    await page.getByRole('button', { name: 'Join the Waitlist' }).first().click();
    await expect(signUp).toBeInViewport();
  });

  test('the header gains its scrolled state after 20 px', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header).not.toHaveAttribute('data-scrolled', 'true');
    await page.mouse.wheel(0, 400);
    await expect(header).toHaveAttribute('data-scrolled', 'true');
  });

  test('has no accessibility violations', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoA11yViolationsInBothThemes(page);
  });
});
