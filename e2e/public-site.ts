import { expect, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './fixtures.ts';

/**
 * Scans the page as it is now in the light theme and again in the dark theme. The theme defaults
 * to "system", so emulating the OS preference switches it without a reload.
 */
export async function expectNoA11yViolationsInBothThemes(page: Page): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await expectNoA11yViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectNoA11yViolations(page);
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * /search's location field, whichever it is at the moment: the plain field the page comes with, or
 * the combo box with suggestions that replaces it once focused (apps/web features/search/location-field).
 */
export const locationFieldOf = (page: Page) => page.getByPlaceholder('City and state or ZIP, e.g. Portland, OR');
