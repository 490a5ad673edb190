import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * Each public page opened directly does not jump while it loads (issue 16): the layout shift the
 * browser itself reports (Layout Instability API), summed over the whole load as Core Web Vitals'
 * CLS counts it for a short visit, stays under 0.1 ("good") on a desktop and on a phone screen.
 */

/** Collects every layout shift from the start of the document (buffered), except those right after input. */
const RECORD_LAYOUT_SHIFTS = `
  window.__layoutShifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      window.__layoutShifts.push({
        value: entry.value,
        at: Math.round(entry.startTime),
        moved: entry.sources.map((source) => source.node ? source.node.nodeName + (source.node.id ? '#' + source.node.id : '') + (typeof source.node.className === 'string' && source.node.className ? '.' + source.node.className.split(' ').join('.') : '') : '(removed)'),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

interface LayoutShift {
  readonly value: number;
  readonly at: number;
  readonly moved: readonly string[];
}

/** The page's own content, once its code and data have arrived. */
const PAGES: readonly { readonly path: string; readonly loaded: (page: Page) => Locator }[] = [
  { path: '/', loaded: (page) => page.locator('#waitlist') },
  { path: '/about', loaded: (page) => page.getByRole('heading', { level: 1 }) },
  { path: '/search', loaded: (page) => page.getByRole('list', { name: /practitioners? found/ }).getByRole('listitem').first() },
  { path: '/practitioners/1', loaded: (page) => page.getByRole('tabpanel') },
  { path: '/diagnostic', loaded: (page) => page.getByRole('heading', { level: 1 }) },
  { path: '/for-practitioners', loaded: (page) => page.getByRole('heading', { level: 1 }) },
  { path: '/privacy', loaded: (page) => page.getByRole('heading', { level: 1 }) },
  { path: '/terms', loaded: (page) => page.getByRole('heading', { level: 1 }) },
];

const SCREENS = [
  { name: 'desktop', viewport: { width: 1280, height: 720 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** "Good" cumulative layout shift in Core Web Vitals. */
const GOOD_LAYOUT_SHIFT = 0.1;

for (const screen of SCREENS) {
  test.describe(`layout shift on a ${screen.name} screen (${screen.viewport.width} px)`, () => {
    test.use({ viewport: screen.viewport });

    for (const { path, loaded } of PAGES) {
      test(`${path} opened directly shifts less than ${GOOD_LAYOUT_SHIFT}`, async ({ page }) => {
        await page.addInitScript(RECORD_LAYOUT_SHIFTS);
        await page.goto(path);
        await expect(loaded(page)).toBeVisible();
        await page.waitForLoadState('networkidle');
        // Two frames more: a shift caused by the last response is laid out and reported by then.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        const shifts = await page.evaluate(() => (window as unknown as { __layoutShifts: LayoutShift[] }).__layoutShifts);
        const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
        expect(total, `layout shifts: ${JSON.stringify(shifts)}`).toBeLessThan(GOOD_LAYOUT_SHIFT);
      });
    }
  });
}
