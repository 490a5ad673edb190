import { expect, test } from '@playwright/test';
import { signIn, signOut, signUp, toast, uniqueEmail } from './fixtures.ts';
import { expectNoA11yViolationsInBothThemes } from './public-site.ts';

test.describe('practitioner profile', () => {
  test('a seeded practitioner: tabs, insurance "+ N more", favorite kept after a reload, copy link, contact', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/practitioners/1');
    await expect(page.getByRole('status', { name: 'Loading practitioner profile' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Dr. Elena Rodriguez' })).toBeVisible();
    await expect(page.getByText('Responds within 24 hours')).toBeVisible();
    await expect(page.getByText('+ 3 more')).toBeVisible();
    await expect(page.getByRole('img', { name: '4.9 out of 5 stars' }).first()).toBeVisible();
    // docs/product.md#profile: years in practice = current year minus yearsExperience (12).
    const practiceDetails = page.getByRole('complementary', { name: 'Practice details' });
    await expect(practiceDetails.getByRole('term').filter({ hasText: 'Years in practice' })).toBeVisible();
    await expect(practiceDetails.getByRole('definition').filter({ hasText: `Since ${new Date().getFullYear() - 12}` })).toBeVisible();
    await expect(page.getByText('12 years experience')).toBeVisible();

    await expect(page.getByRole('tab')).toHaveText(['About', 'Approach', 'Credentials', 'Reviews', 'Referrals', 'Physicians', 'Awards']);
    await page.getByRole('tab', { name: 'Referrals' }).click();
    await expect(page.getByRole('tabpanel').getByText('Maria Gonzalez')).toBeVisible();
    await page.getByRole('tab', { name: 'Credentials' }).click();
    await expect(page.getByRole('tabpanel').getByText('Naturopathic Physician License')).toBeVisible();
    await expectNoA11yViolationsInBothThemes(page);

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

    // Contact opens its form (the whole journey: contact.spec.ts).
    await page.getByRole('button', { name: 'Contact' }).click();
    await expect(page.getByRole('dialog', { name: 'Contact Dr. Elena Rodriguez' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
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

  for (const [label, id] of [
    ['an id over 100 characters', 'x'.repeat(101)],
    ['a blank id', '%20'],
  ]) {
    test(`${label} (refused by the input schema) shows "Practitioner Not Found"`, async ({ page }) => {
      await page.goto(`/practitioners/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Practitioner Not Found' })).toBeVisible();
      await expect(page.getByText("We couldn't find the practitioner you're looking for.")).toBeVisible();
      await expect(page.getByText("We couldn't load this profile")).toBeHidden();
      await page.getByRole('link', { name: 'Browse All Practitioners' }).click();
      await expect(page).toHaveURL(/\/search$/);
    });
  }

  test('signed in, hearts are kept on the account: merged at sign-in, still set after a reload, off when signed out and for another user', async ({ page, browser }) => {
    // Two browser contexts, a sign-up, sign-ins and reloads: 26 s on a quiet CI run, over 30 s on a busy one.
    test.setTimeout(60_000);
    const heart = page.getByRole('button', { name: 'Favorite' });
    const email = uniqueEmail('favorites');

    // Signed out: a heart on Dr. James Chen, kept in this browser.
    await page.goto('/practitioners/2');
    await expect(page.getByRole('heading', { level: 1, name: 'Dr. James Chen' })).toBeVisible();
    await heart.click();
    await expect(toast(page, 'Added to favorites')).toBeVisible();

    // Signing up merges it into the new account and clears it here.
    await signUp(page, { name: 'Dr. Robin Vale', email });
    await page.goto('/practitioners/2');
    await expect(page.getByRole('heading', { level: 1, name: 'Dr. James Chen' })).toBeVisible();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('wellspring-favorites'))).toBe('[]');

    // Signed in: a heart on Dr. Elena Rodriguez goes to the database and survives a reload.
    await page.goto('/practitioners/1');
    await expect(page.getByRole('heading', { level: 1, name: 'Dr. Elena Rodriguez' })).toBeVisible();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(toast(page, 'Added to favorites')).toBeVisible();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dr. Elena Rodriguez' })).toBeVisible();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => window.localStorage.getItem('wellspring-favorites'))).toBe('[]');

    // Signed out, the account's hearts are not shown.
    await signOut(page);
    await page.goto('/practitioners/1');
    await expect(page.getByRole('heading', { level: 1, name: 'Dr. Elena Rodriguez' })).toBeVisible();
    await expect(heart).toBeEnabled();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');

    // Another user, in another browser, has none of them.
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signUp(other, { name: 'Dr. Sam Ortiz', email: uniqueEmail('favorites-other') });
    await other.goto('/practitioners/1');
    await expect(other.getByRole('heading', { level: 1, name: 'Dr. Elena Rodriguez' })).toBeVisible();
    await expect(other.getByRole('button', { name: 'Favorite' })).toBeEnabled();
    await expect(other.getByRole('button', { name: 'Favorite' })).toHaveAttribute('aria-pressed', 'false');
    await otherContext.close();

    // The first user, signed in again in a fresh browser, finds both hearts in the database.
    const freshContext = await browser.newContext();
    const fresh = await freshContext.newPage();
    await signIn(fresh, { email });
    for (const [id, name] of [['1', 'Dr. Elena Rodriguez'], ['2', 'Dr. James Chen']]) {
      await fresh.goto(`/practitioners/${id}`);
      await expect(fresh.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(fresh.getByRole('button', { name: 'Favorite' })).toHaveAttribute('aria-pressed', 'true');
    }
    await freshContext.close();
  });

  test('an unknown id shows "Practitioner Not Found" and leads to the directory', async ({ page }) => {
    await page.goto('/practitioners/no-such-practitioner');
    await expect(page.getByRole('heading', { name: 'Practitioner Not Found' })).toBeVisible();
    await expect(page.getByText("We couldn't find the practitioner you're looking for.")).toBeVisible();
    await expectNoA11yViolationsInBothThemes(page);
    await page.getByRole('link', { name: 'Browse All Practitioners' }).click();
    await expect(page).toHaveURL(/\/search$/);
  });
});

test('on a 390 px phone the seven tabs scroll sideways with a visible hint, and the insurance list opens', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/practitioners/1');
  const tabList = page.getByRole('tablist', { name: 'Profile sections' });
  await expect(tabList).toBeVisible();
  const frame = tabList.locator('xpath=..');

  // More tabs than fit: the row scrolls and fades out on the side that hides tabs.
  const fits = await tabList.evaluate((element) => element.scrollWidth <= element.clientWidth);
  expect(fits).toBe(false);
  await expect(frame).toHaveAttribute('data-overflow-end', 'true');
  await expect(frame).not.toHaveAttribute('data-overflow-start', /.*/);
  expect(await tabList.evaluate((element) => getComputedStyle(element).maskImage)).toContain('linear-gradient');
  // The page itself does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // With the keyboard, the last tab comes into view.
  await page.getByRole('tab', { name: 'About' }).focus();
  await page.keyboard.press('End');
  const awards = page.getByRole('tab', { name: 'Awards' });
  await expect(awards).toBeFocused();
  await expect(awards).toHaveAttribute('aria-selected', 'true');
  await expect(frame).toHaveAttribute('data-overflow-start', 'true');
  const [tabBox, listBox] = await Promise.all([awards.boundingBox(), tabList.boundingBox()]);
  expect((tabBox?.x ?? 0) + (tabBox?.width ?? 0)).toBeLessThanOrEqual((listBox?.x ?? 0) + (listBox?.width ?? 0) + 1);

  const insurance = page.getByTestId('insurance-list');
  await expect(insurance).toHaveText('Aetna, Blue Cross Blue Shield');
  await page.getByRole('button', { name: '+ 3 more' }).click();
  await expect(insurance).toHaveText(/^Aetna, Blue Cross Blue Shield, .+, .+, .+$/);
  await expect(page.getByRole('button', { name: 'Show fewer' })).toHaveAttribute('aria-expanded', 'true');
  await expectNoA11yViolationsInBothThemes(page);
});
