import { expect, test } from '@playwright/test';
import { toast } from './fixtures.ts';
import { expectNoA11yViolationsInBothThemes, locationFieldOf } from './public-site.ts';

test.describe('diagnostic quiz', () => {
  test('five questions, results matched on the server, the toast, an approach opens the search with its query', async ({ page }) => {
    await page.goto('/diagnostic');
    await expect(page.getByText('Question 1 of 5')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
    await expectNoA11yViolationsInBothThemes(page);

    const answers = page.getByRole('list', { name: 'Answers' });
    for (let question = 1; question <= 5; question += 1) {
      await expect(page.getByText(`Question ${question} of 5`)).toBeVisible();
      await answers.getByRole('button').first().click();
    }

    await expect(toast(page, 'Your personalized practitioner recommendations are ready!')).toBeVisible();
    const approaches = page.getByRole('region', { name: 'Recommended approaches' });
    await expect(approaches.getByRole('link')).toHaveCount(3);
    const matches = page.getByRole('region', { name: 'Your top practitioner matches' });
    await expect(matches.getByRole('link', { name: /^View Profile of / })).toHaveCount(3);
    await expectNoA11yViolationsInBothThemes(page);

    // Retake Quiz starts over.
    await page.getByRole('button', { name: 'Retake Quiz' }).click();
    await expect(page.getByText('Question 1 of 5')).toBeVisible();
    for (let question = 1; question <= 5; question += 1) await answers.getByRole('button').first().click();

    const firstApproach = page.getByRole('region', { name: 'Recommended approaches' }).getByRole('link').first();
    const approachName = (await firstApproach.textContent())?.trim() ?? '';
    await firstApproach.click();
    // docs/product.md#quiz: the search gets that query and an empty location as history state; the address holds the query too.
    await expect(page).toHaveURL(new RegExp(`/search\\?query=${encodeURIComponent(approachName).replace(/%20/g, '\\+')}$`));
    expect(await page.evaluate(() => window.history.state as unknown)).toEqual({ query: approachName, location: '' });
    await expect(page.getByRole('searchbox', { name: 'Search', exact: true })).toHaveValue(approachName);
    await expect(locationFieldOf(page)).toHaveValue('');
    await expect(page.getByText(/practitioners? found/)).toBeVisible();
  });

  test('"Browse Practitioners" opens the directory', async ({ page }) => {
    await page.goto('/diagnostic');
    await page.getByRole('link', { name: 'Browse Practitioners' }).click();
    await expect(page).toHaveURL(/\/search$/);
  });
});
