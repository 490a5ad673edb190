import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoA11yViolationsInBothThemes, locationFieldOf } from './public-site.ts';

/** The location field once focused: the page comes with a plain field, which the combo box with suggestions replaces then. */
async function focusLocationComboBox(page: Page): Promise<Locator> {
  await locationFieldOf(page).click();
  const comboBox = page.getByRole('combobox', { name: 'Location' });
  await expect(comboBox).toBeFocused();
  return comboBox;
}

test.describe('directory search', () => {
  test('filters change the results and the address, and a reload keeps them', async ({ page }) => {
    await page.goto('/search');
    await expect(page.getByText('5 practitioners found')).toBeVisible();
    await expectNoA11yViolationsInBothThemes(page);

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
    await (await focusLocationComboBox(page)).fill('Seattle, WA');
    await expect(page).toHaveURL(/location=Seattle%2C\+WA/);
    await expect(page.getByText('1 practitioner found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Dr. Aisha Patel' })).toBeVisible();
    await expect(page.getByText('0 miles away')).toBeVisible();
    await expect(page.getByRole('button', { name: /Distance/ })).toBeEnabled();

    await page.getByRole('button', { name: /Distance/ }).click();
    await page.getByRole('option', { name: 'Within 5 miles' }).click();
    await expect(page).toHaveURL(/distance=5/);

    await page.reload();
    await expect(locationFieldOf(page)).toHaveValue('Seattle, WA');
    await expect(page.getByRole('button', { name: /Distance/ })).toContainText('Within 5 miles');
    await expect(page.getByText('1 practitioner found')).toBeVisible();
  });

  test('a search with no match shows the empty state, and "Clear filters" shows everyone again', async ({ page }) => {
    await page.goto('/search?query=zzzzzz');
    await expect(page.getByRole('heading', { name: 'No practitioners found' })).toBeVisible();
    await expectNoA11yViolationsInBothThemes(page);
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

  test('pages with Next and Previous and "Page N of M" (two per page through the address)', async ({ page }) => {
    await page.goto('/search?pageSize=2');
    await expect(page.getByText('5 practitioners found')).toBeVisible();
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    const results = page.getByRole('list', { name: /practitioners? found/ });
    await expect(pagination.getByText('Page 1 of 3')).toBeVisible();
    await expect(pagination.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(results.getByRole('heading', { level: 3 })).toHaveCount(2);
    const firstPage = await results.getByRole('heading', { level: 3 }).allTextContents();
    await expectNoA11yViolationsInBothThemes(page);

    await pagination.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/search\?page=2&pageSize=2$/);
    await expect(pagination.getByText('Page 2 of 3')).toBeVisible();
    // The first page stays on screen, marked busy, until the second has come.
    await expect(results).not.toHaveAttribute('aria-busy');
    await expect(results.getByRole('heading', { level: 3 })).toHaveCount(2);
    const secondPage = await results.getByRole('heading', { level: 3 }).allTextContents();
    expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);

    await pagination.getByRole('button', { name: 'Next' }).click();
    await expect(pagination.getByText('Page 3 of 3')).toBeVisible();
    await expect(pagination.getByRole('button', { name: 'Next' })).toBeDisabled();
    // Best match orders by rating: the lowest rated comes last.
    await expect(results.getByRole('heading', { level: 3 })).toHaveText(['Dr. Michael Okafor']);

    // A reload keeps the page; Previous goes back one.
    await page.reload();
    await expect(pagination.getByText('Page 3 of 3')).toBeVisible();
    await pagination.getByRole('button', { name: 'Previous' }).click();
    await expect(page).toHaveURL(/\/search\?page=2&pageSize=2$/);
    await expect(pagination.getByText('Page 2 of 3')).toBeVisible();
    await expect(results.getByRole('heading', { level: 3 })).toHaveText(secondPage);
  });

  test('a link to a page past the last one opens the last page', async ({ page }) => {
    await page.goto('/search?page=3');
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByText('5 practitioners found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Dr. Elena Rodriguez' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No practitioners found' })).toBeHidden();

    await page.goto('/search?pageSize=2&page=7');
    await expect(page).toHaveURL(/\/search\?page=3&pageSize=2$/);
    await expect(page.getByText('Page 3 of 3')).toBeVisible();
  });

  test('the experience filter narrows the results and is kept in the address', async ({ page }) => {
    await page.goto('/search');
    await expect(page.getByText('5 practitioners found')).toBeVisible();
    await page.getByRole('button', { name: /Experience/ }).click();
    await page.getByRole('option', { name: '6-10 years' }).click();
    await expect(page).toHaveURL(/\/search\?experience=6-10$/);
    await expect(page.getByText('2 practitioners found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Priya Sharma' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Dr. Michael Okafor' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Dr. James Chen' })).toBeHidden();
    await expect(page.getByText('8 years experience')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('button', { name: /Experience/ })).toContainText('6-10 years');
    await expect(page.getByText('2 practitioners found')).toBeVisible();

    await page.getByRole('button', { name: /Experience/ }).click();
    await page.getByRole('option', { name: '11-20 years' }).click();
    await expect(page).toHaveURL(/\/search\?experience=11-20$/);
    await expect(page.getByText('3 practitioners found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Priya Sharma' })).toBeHidden();
    await expectNoA11yViolationsInBothThemes(page);
  });

  test('a query and location sent as history state (docs/product.md#directory) become the search and its address', async ({ page }) => {
    // From a page that is not the app, so nothing navigates before the reload (the app, hearing the
    // address change, would start its own navigation to /search and race the reload for the entry).
    await page.goto('/healthz');
    // As a link that sends only the state would: a bare /search with { query, location }.
    await page.evaluate(() => window.history.pushState({ query: 'Priya', location: '' }, '', '/search'));
    await page.reload();
    await expect(page).toHaveURL(/\/search\?query=Priya$/);
    await expect(page.getByRole('searchbox', { name: 'Search', exact: true })).toHaveValue('Priya');
    await expect(page.getByText('1 practitioner found')).toBeVisible();
    // Replaced, not pushed: Back leaves the directory.
    await page.goBack();
    await expect(page).toHaveURL(/\/healthz$/);
  });

  test('on a phone the filters fold behind a button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/search');
    await expect(page.getByRole('checkbox', { name: 'Acupuncture' })).toBeHidden();
    await page.getByRole('button', { name: 'Show filters' }).click();
    await expect(page.getByRole('checkbox', { name: 'Acupuncture' })).toBeVisible();
    await expectNoA11yViolationsInBothThemes(page);
  });

  test('the location field suggests places as one types; the keyboard chooses one, and the search finds practitioners near it', async ({ page }) => {
    await page.goto('/search');
    await expect(page.getByText('5 practitioners found')).toBeVisible();
    const location = await focusLocationComboBox(page);
    await location.pressSequentially('seatt', { delay: 40 });
    const suggestions = page.getByRole('listbox');
    await expect(suggestions.getByRole('option').first()).toHaveText('Seattle, WA');
    // The list open, once the search for the text typed so far has settled.
    await expect(page.getByText('Showing practitioners in locations matching “seatt”')).toBeVisible();
    await expect(page.getByRole('list', { name: /practitioners? found/ })).not.toHaveAttribute('data-fetching');
    await expectNoA11yViolationsInBothThemes(page);
    await expect(suggestions).toBeVisible();
    // The rest of the page stays readable while the list is open.
    await expect(page.getByRole('heading', { level: 1, name: 'Find a practitioner' })).toBeVisible();
    await expect(page.getByRole('banner')).not.toHaveAttribute('aria-hidden', 'true');

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(suggestions).toBeHidden();
    await expect(location).toHaveValue('Seattle, WA');
    await expect(page).toHaveURL(/\/search\?location=Seattle%2C\+WA$/);
    await expect(page.getByText('Within 25 miles of Seattle, WA')).toBeVisible();
    await expect(page.getByText('1 practitioner found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Dr. Aisha Patel' })).toBeVisible();

    // A ZIP code, typed in part, and a city written as people write it.
    await location.fill('');
    await location.pressSequentially('9720', { delay: 40 });
    await expect(suggestions.getByRole('option').first()).toHaveText('Portland, OR 97201');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Within 25 miles of Portland, OR')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Dr. Elena Rodriguez' })).toBeVisible();

    await location.fill('austin tx');
    await expect(page.getByText('Within 25 miles of Austin, TX')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Priya Sharma' })).toBeVisible();
  });

  test('the location field takes typing before its suggestions have loaded, and the text, focus and caret carry over to them', async ({ page }) => {
    // The page paints with a plain field; the combo box's code is held back here until released.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/combo-box-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/search');
    await expect(page.getByText('5 practitioners found')).toBeVisible();
    const plainField = page.getByRole('textbox', { name: 'Location' });
    await plainField.pressSequentially('Seattle WA');
    await plainField.press('ArrowLeft');
    await plainField.press('ArrowLeft');
    await plainField.press('ArrowLeft');
    await expect(page).toHaveURL(/location=Seattle\+WA/);
    const searchBar = page.getByRole('search', { name: 'Search practitioners' });
    const heightBefore = (await searchBar.boundingBox())?.height;

    release();
    const comboBox = page.getByRole('combobox', { name: 'Location' });
    await expect(comboBox).toBeFocused();
    // The combo box takes the plain field's place without moving anything.
    expect((await searchBar.boundingBox())?.height).toBe(heightBefore);
    await expect(comboBox).toHaveValue('Seattle WA');
    await page.keyboard.type(',');
    await expect(comboBox).toHaveValue('Seattle, WA');
    await expect(page).toHaveURL(/location=Seattle%2C\+WA/);
    await expect(page.getByText('1 practitioner found')).toBeVisible();
  });

  test('a location that names no place says "We couldn\'t find that place" beside the field, and lists no one', async ({ page }) => {
    await page.goto('/search');
    await expect(page.getByText('5 practitioners found')).toBeVisible();
    const location = await focusLocationComboBox(page);
    await location.pressSequentially('Qwxyzzy', { delay: 20 });
    const message = page.getByText("We couldn't find that place");
    await expect(message).toBeVisible();
    await expect(location).toHaveAttribute('aria-invalid', 'true');
    await expect(location).toHaveAccessibleDescription("We couldn't find that place");
    await expect(page.getByText('0 practitioners found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Dr. Elena Rodriguez' })).toBeHidden();
    // Beside the field, not somewhere below the results.
    const field = await location.boundingBox();
    const said = await message.boundingBox();
    expect(said && field && said.y - (field.y + field.height)).toBeLessThan(40);
    await expectNoA11yViolationsInBothThemes(page);

    // A real place clears it.
    await location.fill('Denver, CO');
    await expect(page.getByText('Within 25 miles of Denver, CO')).toBeVisible();
    await expect(message).toBeHidden();
  });

  test('the cards of a row line up: the rating, experience and insurance lines start at the same height', async ({ page }) => {
    // Two cards a row, narrow enough for some insurance lists to wrap.
    await page.setViewportSize({ width: 1024, height: 900 });
    await page.goto('/search');
    const results = page.getByRole('list', { name: /practitioners? found/ });
    await expect(results.getByRole('heading', { level: 3 })).toHaveCount(5);
    const cards = results.locator(':scope > li');
    const tops = async (card: Locator) =>
      card.evaluate((element) => {
        // The three facts, last in the card: rating, experience, insurance.
        const [rating, experience, insurance] = Array.from(element.querySelectorAll(':scope > div:last-child > span'), (span) => span.getBoundingClientRect().top);
        return { card: element.getBoundingClientRect().top, rating: rating ?? NaN, experience: experience ?? NaN, insurance: insurance ?? NaN };
      });
    const all = await Promise.all([0, 1, 2, 3].map(async (index) => tops(cards.nth(index))));
    await expect(cards.nth(1)).toContainText('+ 2 more');
    for (const [left, right] of [[all[0], all[1]], [all[2], all[3]]] as const) {
      if (!left || !right) throw new Error('Four cards expected');
      expect(left.rating).toBeGreaterThan(left.card);
      expect(right.card).toBe(left.card);
      expect(right.rating).toBeCloseTo(left.rating, 0);
      expect(right.experience).toBeCloseTo(left.experience, 0);
      expect(right.insurance).toBeCloseTo(left.insurance, 0);
    }
  });
  for (const { name, viewport } of [
    { name: 'a wide screen', viewport: { width: 1280, height: 720 } },
    { name: 'a phone', viewport: { width: 390, height: 844 } },
  ]) {
    test(`on ${name}, a profile opened from far down the results starts at its head, and Back returns to the same place`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/search');
      const results = page.getByRole('list', { name: /practitioners? found/ });
      await expect(results.getByRole('heading', { level: 3 })).toHaveCount(5);
      // The last result, scrolled to: the page is well down the list.
      const last = results.getByRole('link').last();
      const name = (await last.textContent()) ?? '';
      await last.scrollIntoViewIfNeeded();
      const resultsScroll = await page.evaluate(() => window.scrollY);
      expect(resultsScroll).toBeGreaterThan(300);

      await last.click();
      await expect(page).toHaveURL(/\/practitioners\/\d+$/);
      await expect(page.getByRole('heading', { level: 1, name })).toBeInViewport();
      await expect(page.getByRole('button', { name: 'Contact' })).toBeInViewport();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);

      await page.getByRole('button', { name: 'Back' }).click();
      await expect(page).toHaveURL(/\/search$/);
      await expect(results.getByRole('link', { name })).toBeInViewport();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    });
  }
});
