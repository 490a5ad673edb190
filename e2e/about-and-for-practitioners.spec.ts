import { expect, test } from '@playwright/test';
import { expectNoA11yViolationsInBothThemes } from './public-site.ts';

test.describe('about page', () => {
  test('shows the story, values, team and stats; "Find Your Practitioner" opens the directory', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our values' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Meet the team' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Meet the team' }).locator('..').locator('..').getByRole('listitem')).toHaveCount(3);
    await expect(page.getByText('5,000+')).toBeVisible();
    await expect(page.getByText('1,200+')).toBeVisible();
    await expect(page.getByText('95%')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Find Your Practitioner' })).toHaveCount(2);

    await expectNoA11yViolationsInBothThemes(page);

    await page.getByRole('link', { name: 'Find Your Practitioner' }).first().click();
    await expect(page).toHaveURL(/\/search$/);
    // docs/product.md#directory: /search gets a state with query and location (both empty from About).
    expect(await page.evaluate(() => window.history.state as unknown)).toEqual({ query: '', location: '' });
    await expect(page.getByText('5 practitioners found')).toBeVisible();
  });
});

test.describe('practitioner landing page', () => {
  test('has its sections; "Join Our Waitlist" leads to the application and the portal link to the provider portal', async ({ page }) => {
    await page.goto('/for-practitioners');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const card of ['Appointment booking', 'EHR with SOAP notes', 'Payment processing', 'Patient management']) {
      await expect(page.getByRole('heading', { name: card })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Reasons to join' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Supplement tracker' })).toBeVisible();
    await expect(page.getByText(/HSA\/FSA/)).toBeVisible();
    await expect(page.getByText(/insurance claims/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What practitioners say' }).locator('..').locator('..').getByRole('blockquote')).toHaveCount(3);
    await expect(page.getByRole('link', { name: 'Access Provider Portal' })).toHaveAttribute('href', '/provider-portal/dashboard');

    await expectNoA11yViolationsInBothThemes(page);

    await page.getByRole('link', { name: 'Join Our Waitlist' }).first().click();
    await expect(page).toHaveURL(/\/practitioner-waitlist$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Join Our Practitioner Network' })).toBeVisible();
  });
});
