import { expect, test } from '@playwright/test';
import { toast } from './fixtures.ts';
import { expectNoSeriousA11yViolationsInBothThemes } from './public-site.ts';

test.describe('practitioner profile', () => {
  test('a seeded practitioner: tabs, insurance "+ N more", favorite kept after a reload, copy link, contact', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/practitioners/1');
    await expect(page.getByRole('status', { name: 'Loading practitioner profile' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Dr. Elena Rodriguez' })).toBeVisible();
    await expect(page.getByText('Responds within 24 hours')).toBeVisible();
    await expect(page.getByText('+ 3 more')).toBeVisible();
    await expect(page.getByRole('img', { name: '4.9 out of 5 stars' }).first()).toBeVisible();
    await expect(page.getByText(new RegExp(`In practice since ${new Date().getFullYear() - 12}`))).toBeVisible();

    await expect(page.getByRole('tab')).toHaveText(['About', 'Approach', 'Credentials', 'Reviews', 'Referrals', 'Physicians', 'Awards']);
    await page.getByRole('tab', { name: 'Referrals' }).click();
    await expect(page.getByRole('tabpanel').getByText('Maria Gonzalez')).toBeVisible();
    await page.getByRole('tab', { name: 'Credentials' }).click();
    await expect(page.getByRole('tabpanel').getByText('Naturopathic Physician License')).toBeVisible();
    await expectNoSeriousA11yViolationsInBothThemes(page);

    // Signed out, the heart is kept in this browser.
    const heart = page.getByRole('button', { name: 'Favorite' });
    await heart.click();
    await expect(toast(page, 'Added to favorites')).toBeVisible();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Favorite' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Favorite' }).click();
    await expect(toast(page, 'Removed from favorites')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Favorite' })).toHaveAttribute('aria-pressed', 'false');

    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(toast(page, 'Link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

    await page.getByRole('button', { name: 'Contact' }).click();
    await expect(toast(page, 'Contact initiated')).toContainText('A message has been sent to the practitioner.');
  });

  test('a practitioner without referrals, licensures or awards shows the empty states', async ({ page }) => {
    await page.goto('/practitioners/4');
    await expect(page.getByRole('heading', { level: 1, name: 'Dr. Michael Okafor' })).toBeVisible();
    await page.getByRole('tab', { name: 'Referrals' }).click();
    await expect(page.getByText('No Patient Referrals')).toBeVisible();
    await page.getByRole('tab', { name: 'Physicians' }).click();
    await expect(page.getByText('No Physician Referrals')).toBeVisible();
    await page.getByRole('tab', { name: 'Credentials' }).click();
    await expect(page.getByText('No Licensure Information')).toBeVisible();
    await page.getByRole('tab', { name: 'Awards' }).click();
    await expect(page.getByText('No Awards Information')).toBeVisible();
  });

  test('Back returns to the search the profile was opened from', async ({ page }) => {
    await page.goto('/search?specialties=acupuncture');
    await page.getByRole('link', { name: 'Dr. James Chen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dr. James Chen' })).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/search\?specialties=acupuncture$/);
  });

  test('an unknown id shows "Practitioner Not Found" and leads to the directory', async ({ page }) => {
    await page.goto('/practitioners/no-such-practitioner');
    await expect(page.getByRole('heading', { name: 'Practitioner Not Found' })).toBeVisible();
    await expect(page.getByText("We couldn't find the practitioner you're looking for.")).toBeVisible();
    await expectNoSeriousA11yViolationsInBothThemes(page);
    await page.getByRole('link', { name: 'Browse All Practitioners' }).click();
    await expect(page).toHaveURL(/\/search$/);
  });
});
