import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** A unique address per test run, so reruns against the same database never collide. */
export const uniqueEmail = (label: string): string =>
  `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** Fails on any serious or critical accessibility violation of the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect(serious).toEqual([]);
}

/** The toast with this title (react-toastify renders each toast as role="alert"). */
export const toast = (page: Page, title: string) => page.getByRole('alert').filter({ hasText: title });
