import { expect, test, type Page } from '@playwright/test';
import { toast } from './fixtures.ts';
import { waitForMail } from './mail-sink.ts';
import { addAppointment, addPatient, signInAsNewPractitioner } from './practice-fixtures.ts';
import { expectNoA11yViolationsInBothThemes } from './public-site.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const ZONE = 'America/Los_Angeles';
/** This year in the practice's zone: the year an invoice issued now is numbered in. */
const year = () => new Date().toLocaleDateString('en-US', { timeZone: ZONE, year: 'numeric' });
const totals = (page: Page) => page.getByRole('group', { name: 'Totals' }).getByRole('definition');

test.describe('billing', () => {
  test('invoices a completed visit: draft from the appointment, issued as INV-YYYY-0001, e-mailed with its PDF, paid by a recorded payment', async ({ page }) => {
    test.setTimeout(90_000);
    const practitioner = await signInAsNewPractitioner(page, { name: 'Dr. Iris Ledger', timeZone: ZONE });
    const email = `ada.billing.${Date.now().toString(36)}@example.com`;
    const ada = await addPatient(practitioner.practiceId, { name: 'Ada Billing', email });
    const visit = await addAppointment(practitioner.practiceId, ada, { startsAt: new Date(Date.now() - DAY_MS), type: 'consultation', status: 'completed' });

    // The completed appointment's row menu in the portal offers New Invoice.
    await page.goto('/provider-portal/appointments');
    await page.getByRole('button', { name: /^Actions for Ada Billing, / }).click();
    await page.getByRole('menuitem', { name: 'New Invoice' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/billing\\?appointment=${visit}$`));
    const dialog = page.getByRole('dialog', { name: 'New invoice' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Create draft' }).click();
    await expect(toast(page, 'Invoice created')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Draft invoice' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Description, line 1' })).toHaveValue(/^Consultation — /);

    // Price the visit, add a line and a tax rate: the totals follow as typed.
    await page.getByRole('textbox', { name: 'Unit price (USD)' }).first().fill('120');
    await page.getByRole('button', { name: 'Add line' }).click();
    await page.getByRole('textbox', { name: 'Description, line 2' }).fill('Herbal tincture');
    await page.getByRole('textbox', { name: 'Quantity' }).nth(1).fill('2');
    await page.getByRole('textbox', { name: 'Unit price (USD)' }).nth(1).fill('15.50');
    await page.getByRole('textbox', { name: 'Tax rate (%)' }).fill('10');
    await expect(totals(page)).toHaveText(['$151.00', '$15.10', '$166.10']);

    // A bad price is refused under its field, and nothing typed is lost.
    await page.getByRole('textbox', { name: 'Unit price (USD)' }).nth(1).fill('15.505');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('Amount can have at most 2 decimal places.').first()).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Description, line 2' })).toHaveValue('Herbal tincture');
    await page.getByRole('textbox', { name: 'Unit price (USD)' }).nth(1).fill('15.50');
    await expectNoA11yViolationsInBothThemes(page);

    const number = `INV-${year()}-0001`;
    await page.getByRole('button', { name: 'Issue invoice' }).click();
    await expect(toast(page, `Invoice ${number} issued`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `Invoice ${number}` })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Herbal tincture' })).toContainText('$31.00');
    await expect(totals(page)).toHaveText(['$151.00', '$15.10', '$166.10']);

    await page.getByRole('button', { name: 'Send by e-mail' }).click();
    await expect(toast(page, `Invoice sent to ${email}`)).toBeVisible();
    const mail = await waitForMail(email, `Invoice ${number} from Dr. Iris Ledger`);
    expect(mail.text).toContain(`filename=${number}.pdf`);
    expect(mail.text).toContain('Content-Type: application/pdf');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    expect((await download).suggestedFilename()).toBe(`${number}.pdf`);

    await page.getByRole('button', { name: 'Record payment' }).click();
    const payDialog = page.getByRole('dialog', { name: 'Record payment' });
    await expect(payDialog).toContainText('A payment of $166.10 from Ada Billing is recorded');
    await payDialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(toast(page, 'Payment recorded; the invoice is paid')).toBeVisible();
    await expect(page.getByText('Paid', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Record payment' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Void' })).toHaveCount(0);

    // The list, filtered to paid invoices, in light and dark, on a desktop and a phone.
    await page.getByRole('link', { name: 'All invoices' }).click();
    await page.getByRole('button', { name: /Status$/ }).click();
    await page.getByRole('option', { name: 'Paid', exact: true }).click();
    await expect(page).toHaveURL(/status=paid/);
    const row = page.getByRole('row').filter({ hasText: number });
    await expect(row).toContainText('Ada Billing');
    await expect(row).toContainText('$166.10');
    await expectNoA11yViolationsInBothThemes(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(row).toBeVisible();
    await expectNoA11yViolationsInBothThemes(page);

    // The payment is in the portal's records, for the patient.
    await page.goto('/provider-portal/payments');
    await expect(page.getByRole('row').filter({ hasText: '$166.10' })).toContainText('Ada Billing');
  });
});
