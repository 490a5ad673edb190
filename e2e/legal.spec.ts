import { expect, test } from '@playwright/test';
import { expectNoA11yViolationsInBothThemes } from './public-site.ts';

test.describe('privacy policy and terms', () => {
  test('the footer leads to each page, which says what Wellspring stores and the terms in plain words', async ({ page }) => {
    await page.goto('/about');
    const legal = page.getByRole('contentinfo').getByRole('navigation', { name: 'Legal' });
    await legal.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '1. What we store, and why' })).toBeVisible();
    await expect(page.getByText(/We do not sell or rent your information/)).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'hello@wellspring.health' })).toHaveAttribute('href', 'mailto:hello@wellspring.health');
    await expectNoA11yViolationsInBothThemes(page);

    await legal.getByRole('link', { name: 'Terms and Conditions' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '2. Not medical advice' })).toBeVisible();
    await expectNoA11yViolationsInBothThemes(page);
  });

  test('the application form links its terms and the privacy policy in new tabs, keeping what was typed', async ({ page }) => {
    await page.goto('/practitioner-waitlist');
    await page.getByLabel('Full Name').fill('Dr. Kept Typing');
    const terms = page.getByRole('link', { name: 'terms and conditions', exact: true });
    await expect(terms).toHaveAttribute('target', '_blank');
    const [opened] = await Promise.all([page.context().waitForEvent('page'), terms.click()]);
    await expect(opened.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
    await opened.close();
    await expect(page.getByLabel('Full Name')).toHaveValue('Dr. Kept Typing');
    await expect(page.getByRole('link', { name: 'privacy policy', exact: true })).toHaveAttribute('href', '/privacy');
  });
});
