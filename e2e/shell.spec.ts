import { expect, test } from '@playwright/test';
import { expectNoA11yViolationsInBothThemes } from './public-site.ts';

test.describe('site shell', () => {
  test('an unknown route shows the 404 page and logs the path', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/no/such/page');
    await expect(page.getByText('404')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    expect(errors.some((text) => text.includes('/no/such/page'))).toBe(true);
    await expectNoA11yViolationsInBothThemes(page);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Healing starts here.' })).toBeVisible();
  });

  test('a production host serves only the landing page, without the Home link, and its robots.txt', async ({ page, baseURL }) => {
    // 127.0.0.2 is loopback but not a local name: the server treats it as the production host.
    const production = (baseURL ?? '').replace('localhost', '127.0.0.2');
    const robots = await page.request.get(`${production}/robots.txt`);
    expect(robots.status()).toBe(200);
    expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
    expect(await robots.text()).toMatch(/^User-agent: \*$/m);

    await page.goto(`${production}/about`);
    await expect(page).toHaveURL(`${production}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Healing starts here.' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Join Waitlist' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Home' })).toHaveCount(0);
  });

  test('theme "dark" in localStorage gives a dark page after reload', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('vite-ui-theme', 'dark'));
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = (background.match(/\d+/g) ?? []).map(Number);
    expect((r ?? 255) + (g ?? 255) + (b ?? 255)).toBeLessThan(200);
  });

  test('the small-screen menu opens full screen, locks scrolling and closes on navigation', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/does-not-exist');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog').or(page.locator('[data-mobile-menu]'));
    await expect(menu).toBeVisible();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await expectNoA11yViolationsInBothThemes(page);
    await menu.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    expect(await page.evaluate(() => document.body.style.overflow)).not.toBe('hidden');
  });
});

test('headings wrap in balanced lines on the public pages', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/', '/about', '/for-practitioners', '/diagnostic']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const unbalanced = await page.locator('h1, h2, h3').evaluateAll((headings) =>
      headings.filter((heading) => getComputedStyle(heading).textWrapStyle !== 'balance').map((heading) => heading.textContent),
    );
    expect(unbalanced, path).toEqual([]);
  }
});

test('the header links to Search, the quiz, About and For Practitioners, on a wide screen and in the small-screen menu', async ({ page }) => {
  await page.goto('/');
  const main = page.getByRole('navigation', { name: 'Main' });
  await main.getByRole('link', { name: 'Quiz' }).click();
  await expect(page).toHaveURL(/\/diagnostic$/);
  await expect(main.getByRole('link', { name: 'Quiz' })).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveTitle('Which kind of practice fits you? Take the quiz — Wellspring');
  await main.getByRole('link', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page).toHaveTitle('Find a practitioner — Wellspring');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu.getByRole('link')).toHaveText(['Home', 'Search', 'Quiz', 'About', 'For Practitioners', 'Join Waitlist', /Sign in|Dashboard/]);
  await menu.getByRole('link', { name: 'For Practitioners' }).click();
  await expect(page).toHaveURL(/\/for-practitioners$/);
  await expect(page).toHaveTitle('For practitioners — Wellspring');
});

test('the footer links to the public pages beyond the landing page', async ({ page }) => {
  await page.goto('/');
  const explore = page.getByRole('navigation', { name: 'Explore' });
  await explore.getByRole('link', { name: 'Take the Quiz' }).click();
  await expect(page).toHaveURL(/\/diagnostic$/);
  await page.getByRole('navigation', { name: 'Explore' }).getByRole('link', { name: 'Find a Practitioner' }).click();
  await expect(page).toHaveURL(/\/search$/);
});
