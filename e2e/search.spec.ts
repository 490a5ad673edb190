import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolationsInBothThemes } from './public-site.ts';

test.describe('directory search', () => {
  test('filters change the results and the address, and a reload keeps them', async ({ page }) => {
    await page.goto('/search');
    await expect(page.getByText('5 practitioners found')).toBeVisible();
    await expectNoSeriousA11yViolationsInBothThemes(page);

    await page.locator('#search-filters').getByText('Acupuncture', { exact: true }).click();
    await expect(page).toHaveURL(/\/search\?specialties=acupuncture$/);
    await expect(page.getByText('2 practitioners found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Dr. James Chen' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Dr. Elena Rodriguez' })).toBeHidden();

    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Acupuncture' })).toBeChecked();
    await expect(page.getByText('2 practitioners found')).toBeVisible();

    // A known city: distances show and the radius applies.
    await expect(page.getByRole('button', { name: /Distance/ })).toBeDisabled();
    await page.getByLabel('Location').fill('Seattle, WA');
    await expect(page).toHaveURL(/location=Seattle%2C\+WA/);
    await expect(page.getByText('1 practitioner found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Dr. Aisha Patel' })).toBeVisible();
    await expect(page.getByText('0 miles away')).toBeVisible();
    await expect(page.getByRole('button', { name: /Distance/ })).toBeEnabled();

    await page.getByRole('button', { name: /Distance/ }).click();
    await page.getByRole('option', { name: 'Within 5 miles' }).click();
    await expect(page).toHaveURL(/distance=5/);

    await page.reload();
    await expect(page.getByLabel('Location')).toHaveValue('Seattle, WA');
    await expect(page.getByRole('button', { name: /Distance/ })).toContainText('Within 5 miles');
    await expect(page.getByText('1 practitioner found')).toBeVisible();
  });

  test('a search with no match shows the empty state, and "Clear filters" shows everyone again', async ({ page }) => {
    await page.goto('/search?query=zzzzzz');
    await expect(page.getByRole('heading', { name: 'No practitioners found' })).toBeVisible();
    await expectNoSeriousA11yViolationsInBothThemes(page);
    await page.getByRole('main').getByRole('button', { name: 'Clear filters' }).last().click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByText('5 practitioners found')).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search', exact: true })).toHaveValue('');
  });

  test('typing searches by name once typing settles', async ({ page }) => {
    await page.goto('/search');
    await page.getByRole('searchbox', { name: 'Search', exact: true }).pressSequentially('Priya', { delay: 40 });
    await expect(page).toHaveURL(/\/search\?query=Priya$/);
    await expect(page.getByText('1 practitioner found')).toBeVisible();
    await page.getByRole('link', { name: 'Priya Sharma' }).click();
    await expect(page).toHaveURL(/\/practitioners\/3$/);
  });

  test('on a phone the filters fold behind a button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/search');
    await expect(page.getByRole('checkbox', { name: 'Acupuncture' })).toBeHidden();
    await page.getByRole('button', { name: 'Show filters' }).click();
    await expect(page.getByRole('checkbox', { name: 'Acupuncture' })).toBeVisible();
    await expectNoSeriousA11yViolationsInBothThemes(page);
  });
});
