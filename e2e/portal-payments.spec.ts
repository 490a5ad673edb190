import { expect, test, type Page } from '@playwright/test';
import { toast } from './fixtures.ts';
import { expectNoA11yViolationsInBothThemes } from './public-site.ts';
import { addAppointment, addPatient, signInAsNewPractitioner } from './practice-fixtures.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const ZONE = 'America/Los_Angeles';

const paymentsTable = (page: Page) => page.getByRole('grid', { name: 'Payment records' });
const paymentRow = (page: Page, amount: string) => paymentsTable(page).getByRole('row').filter({ hasText: amount });
/** Today in the practice's zone, as the list shows payment dates ("11/24/2026"). */
const todayShort = () => new Date().toLocaleDateString('en-US', { timeZone: ZONE });

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`${label}$`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The portal dashboard's Total Revenue card. */
const revenueCard = (page: Page) => page.getByRole('listitem').filter({ hasText: 'Total Revenue' });

/** The portal dashboard's revenue as the server computes it (completed payments, per currency). */
async function revenue(page: Page): Promise<{ usdMinor: number; other: { currency: string; minor: number }[] }> {
  const response = await page.request.get('/api/trpc/portalDashboard.overview');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { result: { data: { json?: { revenue: unknown }; revenue?: unknown } } };
  const data = body.result.data;
  return (data.json ?? data).revenue as { usdMinor: number; other: { currency: string; minor: number }[] };
}

test.describe('the portal payments', () => {
  test('records a EUR payment for an appointment and a USD one, each listed in its own currency; revenue counts dollars only; a refund takes it back out', async ({ page }) => {
    // A long journey with two axe scans in both themes (one at phone width): 30 s is too close on a busy machine.
    test.setTimeout(60_000);
    const { practiceId } = await signInAsNewPractitioner(page, { name: 'Dr. Paz Ledger', timeZone: ZONE });
    const emma = await addPatient(practiceId, { name: 'Emma Thompson', email: 'emma@example.com' });
    const visit = await addAppointment(practiceId, emma, { startsAt: new Date(Date.now() - DAY_MS), type: 'consultation', status: 'completed' });

    await page.goto('/provider-portal/payments');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Records' })).toBeVisible();
    await expect(page.getByText(/preview of payment functionality/)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'No payment records found' })).toBeVisible();
    await expect(page.getByText("You haven't recorded any payments yet.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Record New Payment' })).toHaveAttribute('href', '/provider-portal/payments/create');

    // A EUR payment for the visit, from the address the appointment screens link to.
    await page.goto(`/provider-portal/payments/create?appointmentId=${visit}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Record Payment' })).toBeVisible();
    await expect(page.getByText(/^Consultation with Emma Thompson on /)).toBeVisible();
    await page.getByRole('textbox', { name: 'Amount' }).fill('85');
    await choose(page, 'Currency', 'EUR');
    await page.getByRole('button', { name: 'Record Payment' }).click();
    await expect(toast(page, 'Payment of EUR 85.00 recorded successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/provider-portal\/payments$/);
    await expect(paymentRow(page, '€85.00')).toContainText('Emma Thompson');

    // A USD payment with no appointment, through New Payment.
    await page.getByRole('link', { name: 'New Payment' }).click();
    await expect(page).toHaveURL(/\/provider-portal\/payments\/create$/);
    await page.getByRole('textbox', { name: 'Amount' }).fill('150.5');
    await choose(page, 'Payment Method', 'Cash');
    await page.getByRole('button', { name: 'Record Payment' }).click();
    await expect(toast(page, 'Payment of USD 150.50 recorded successfully!')).toBeVisible();

    await page.reload();
    const euro = paymentRow(page, '€85.00');
    await expect(euro).toContainText('Emma Thompson');
    await expect(euro).toContainText('Consultation');
    await expect(euro).toContainText('Credit/Debit Card');
    await expect(euro).toContainText('Completed');
    await expect(euro).toContainText(todayShort());
    await expect(euro).not.toContainText('$');
    const dollars = paymentRow(page, '$150.50');
    await expect(dollars).toContainText('No appointment');
    await expect(dollars).toContainText('Cash');
    await expect(page.getByText('Showing 1–2 of 2 payments')).toBeVisible();

    // A payment without a visit, of a patient chosen from the practice's (issue 26): listed under her
    // name. Pending, so the revenue below stays the completed payments'.
    await page.getByRole('link', { name: 'New Payment' }).click();
    await page.getByRole('textbox', { name: 'Amount' }).fill('20');
    await choose(page, 'Status', 'Pending');
    const patient = page.getByRole('combobox', { name: 'Patient (optional)' });
    await patient.click();
    await patient.pressSequentially('emm');
    await expect(page.getByRole('option')).toHaveText(['Emma Thompson']);
    await page.getByRole('option', { name: 'Emma Thompson' }).click();
    await page.getByRole('button', { name: 'Record Payment' }).click();
    await expect(toast(page, 'Payment of USD 20.00 recorded successfully!')).toBeVisible();
    await expect(paymentRow(page, '$20.00')).toContainText('Emma Thompson');
    await page.reload();
    await expect(page.getByText('Showing 1–3 of 3 payments')).toBeVisible();

    // The dashboard's Total Revenue is in dollars; the euros stand beside it, never added.
    expect(await revenue(page)).toEqual({ usdMinor: 15050, other: [{ currency: 'eur', minor: 8500 }] });
    await page.goto('/provider-portal/dashboard');
    await expect(revenueCard(page)).toContainText('$150.50');
    await expect(revenueCard(page)).not.toContainText('$235.50');
    await expect(revenueCard(page).getByRole('list', { name: 'Revenue in other currencies' })).toContainText('€85.00');

    await page.goto('/provider-portal/payments');
    await expect(dollars).toBeVisible();
    await expectNoA11yViolationsInBothThemes(page);

    // Refunding the dollar payment: confirmed first, then it no longer counts.
    await dollars.getByRole('button', { name: /Mark as Refunded/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Mark this payment as refunded?' });
    await expect(confirm).toContainText('$150.50');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(dollars).toContainText('Completed');

    await dollars.getByRole('button', { name: /Mark as Refunded/ }).click();
    await confirm.getByRole('button', { name: 'Mark as Refunded', exact: true }).click();
    await expect(toast(page, 'Payment marked as refunded')).toBeVisible();
    await expect(dollars).toContainText('Refunded');
    await expect(dollars.getByRole('button')).toHaveCount(0);

    await page.reload();
    await expect(paymentRow(page, '$150.50')).toContainText('Refunded');
    await expect(paymentRow(page, '€85.00').getByRole('button', { name: /Mark as Refunded/ })).toBeVisible();
    expect(await revenue(page)).toEqual({ usdMinor: 0, other: [{ currency: 'eur', minor: 8500 }] });
    await page.goto('/provider-portal/dashboard');
    await expect(revenueCard(page)).toContainText('$0.00');
    await page.goto('/provider-portal/payments');

    // On a phone the status and the action sit under the amount, nothing off screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(paymentRow(page, '€85.00').getByText('Completed').filter({ visible: true })).toBeInViewport({ ratio: 1 });
    await expect(paymentRow(page, '€85.00').getByRole('button', { name: /Mark as Refunded/ })).toBeInViewport({ ratio: 1 });
    await expect(paymentRow(page, '€85.00')).toContainText(todayShort());
    await expectNoA11yViolationsInBothThemes(page);
  });

  test('the form: spec defaults, cents only, refused decimals, usable with the keyboard alone, accessible in both themes', async ({ page }) => {
    await signInAsNewPractitioner(page, { name: 'Dr. Kit Keys', timeZone: ZONE });
    await page.goto('/provider-portal/payments/create');
    await expect(page.getByRole('heading', { level: 1, name: 'Record Payment' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Currency$/ })).toContainText('USD');
    await expect(page.getByRole('button', { name: /Payment Method$/ })).toContainText('Credit/Debit Card');
    await expect(page.getByRole('button', { name: /Status$/ })).toContainText('Completed');
    await expectNoA11yViolationsInBothThemes(page);

    const amount = page.getByRole('textbox', { name: 'Amount' });
    await amount.fill('12.345');
    await page.getByRole('button', { name: 'Record Payment' }).click();
    await expect(page.getByText('Amount can have at most 2 decimal places.')).toBeVisible();
    await expect(amount).toBeFocused();
    await expectNoA11yViolationsInBothThemes(page);

    // Keyboard only: the amount steps by a cent, the currency is chosen from its list, Enter submits.
    await amount.fill('0.29');
    await amount.press('ArrowUp');
    await expect(amount).toHaveValue('0.30');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: /Currency$/ })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('listbox')).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: /Currency$/ })).toContainText('EUR');
    await amount.focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Payment of EUR 0.30 recorded successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/provider-portal\/payments$/);
    await expect(paymentRow(page, '€0.30')).toContainText('Completed');

    // Back to the list from the form.
    await page.getByRole('link', { name: 'New Payment' }).click();
    await page.getByRole('link', { name: 'Back to Payments' }).click();
    await expect(page).toHaveURL(/\/provider-portal\/payments$/);
  });

  test('another practitioner’s appointment is not found, and the form stays filled', async ({ page, browser }) => {
    const other = await browser.newPage();
    const { practiceId: otherPractice } = await signInAsNewPractitioner(other, { name: 'Dr. Other' });
    const stranger = await addPatient(otherPractice, { name: 'Sam Stranger' });
    const foreign = await addAppointment(otherPractice, stranger, { startsAt: new Date(Date.now() - DAY_MS), type: 'treatment' });
    await other.close();

    await signInAsNewPractitioner(page, { name: 'Dr. Own Practice', timeZone: ZONE });
    await page.goto(`/provider-portal/payments/create?appointmentId=${foreign}`);
    await expect(page.getByText('Appointment not found.')).toBeVisible();
    await expect(page.getByText('Sam Stranger')).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Amount' }).fill('40');
    await page.getByRole('button', { name: 'Record Payment' }).click();
    await expect(toast(page, 'Error recording payment')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Amount' })).toHaveValue('40');
    await expect(page).toHaveURL(/payments\/create\?appointmentId=/);
  });
});
