/**
 * The superbill and the patient's copy (issue 26), as a practitioner does it: the NPI and tax id in
 * the profile editor, codes on a completed and paid visit from the portal's appointments, then, on
 * the patient's page, the superbill PDF and the record as a FHIR bundle (and by keyboard as a PDF).
 * The files are read back as the patient would read them.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { toast } from './fixtures.ts';
import { addAppointment, addPatient, signInAsNewPractitioner, takeDownListings } from './practice-fixtures.ts';
import { recordPaymentFor } from './portal-appointments-fixtures.ts';
import { expectNoA11yViolationsInBothThemes } from './public-site.ts';
import { pdfText } from '../apps/server/test/support/pdf-text.ts';

const ZONE = 'America/Los_Angeles';
const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** The practices whose listings this file published (saving the profile publishes it). */
const publishedBy: string[] = [];
test.afterEach(() => takeDownListings(publishedBy));

async function downloaded(page: Page, start: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), start()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(path) };
}

test.describe('superbill and record export', () => {
  test('NPI and tax id in the profile, codes on a paid visit, the superbill PDF and the record as FHIR JSON and PDF', async ({ page }) => {
    test.setTimeout(150_000);
    const me = await signInAsNewPractitioner(page, { name: 'Dr. Iris Ledger', timeZone: ZONE });
    publishedBy.push(me.practiceId);
    const patientId = await addPatient(me.practiceId, { name: 'Hazel Exportwright', dateOfBirth: '1988-05-04', conditions: ['Low back pain'] });
    // Completed this morning (two hours ago) and paid $120.
    const visitId = await addAppointment(me.practiceId, patientId, { startsAt: new Date(Date.now() - 2 * 60 * 60 * 1000), status: 'completed', durationMinutes: 50 });

    // The billing details, on the profile editor's Credentials tab.
    await page.goto('/practitioner-profile/create');
    await textbox(page, 'Full Name').fill('Dr. Iris Ledger');
    await textbox(page, 'Location').fill('Portland, OR');
    await textbox(page, 'About').fill('Naturopathic care for back pain, with a long enough about text for the editor to accept.');
    await textbox(page, 'Years of Experience').fill('7');
    await page.getByRole('tab', { name: 'Credentials' }).click();
    await textbox(page, 'NPI').fill('1234567890');
    await textbox(page, 'Tax ID (EIN)').fill('123456789');
    await textbox(page, 'Practice address').fill('12 Alder St, Portland, OR 97201');
    await page.getByRole('button', { name: 'Create Profile' }).click();
    await expect(page.getByText('This NPI is not valid: please check its digits')).toBeVisible();
    await expectNoA11yViolationsInBothThemes(page);
    await textbox(page, 'NPI').fill('1234567893');
    await page.getByRole('button', { name: 'Create Profile' }).click();
    await expect(toast(page, 'Profile created successfully!')).toBeVisible();

    await recordPaymentFor(page, visitId, '120.00');

    // The visit's codes, from its row menu in the portal.
    await page.goto('/provider-portal/appointments');
    await page.getByRole('button', { name: /^Actions for Hazel Exportwright, / }).click();
    await page.getByRole('menuitem', { name: 'Billing Codes', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Billing codes' });
    await dialog.getByRole('textbox', { name: 'CPT codes' }).fill('99213, 9714');
    await dialog.getByRole('textbox', { name: 'ICD-10-CM codes' }).fill('m545');
    await dialog.getByRole('button', { name: 'Save codes' }).click();
    await expect(dialog.getByText('"9714" is not a CPT code: use 5 digits, or 4 digits and F or T (e.g. 99213)')).toBeVisible();
    await expectNoA11yViolationsInBothThemes(page);
    await dialog.getByRole('textbox', { name: 'CPT codes' }).fill('99213, 97140');
    await dialog.getByRole('button', { name: 'Save codes' }).click();
    await expect(toast(page, 'Visit codes saved')).toBeVisible();
    await page.getByRole('button', { name: /^Actions for Hazel Exportwright, / }).click();
    await page.getByRole('menuitem', { name: 'Billing Codes', exact: true }).click();
    await expect(dialog.getByRole('textbox', { name: 'ICD-10-CM codes' })).toHaveValue('M54.5');
    await page.keyboard.press('Escape');

    // The superbill: this year so far, from the patient's Overview.
    await page.goto(`/dashboard/patients/${patientId}`);
    const superbill = page.getByRole('region', { name: 'Superbill' });
    await expect(superbill).toBeVisible();
    const bill = await downloaded(page, () => superbill.getByRole('button', { name: 'Download superbill' }).click());
    expect(bill.name).toMatch(/^superbill-hazel-exportwright-\d{4}-01-01-to-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(bill.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await pdfText(bill.bytes);
    for (const expected of ['Dr. Iris Ledger', '12 Alder St, Portland, OR 97201', 'NPI: 1234567893', 'Tax ID (EIN): 12-3456789', 'Name: Hazel Exportwright', '99213, 97140', 'M54.5', 'Total paid: $120.00']) {
      expect(text).toContain(expected);
    }
    await expect(toast(page, 'Superbill downloaded')).toBeVisible();

    // The patient's copy: the FHIR bundle from the menu by pointer…
    const json = await downloaded(page, async () => {
      await page.getByRole('button', { name: 'Export record' }).click();
      await page.getByRole('menuitem', { name: 'FHIR R4 bundle (JSON)' }).click();
    });
    expect(json.name).toBe('record-hazel-exportwright.fhir.json');
    const bundle = JSON.parse(json.bytes.toString('utf8')) as { resourceType: string; type: string; entry: { resource: { resourceType: string; name?: { text: string }[] } }[] };
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    expect(bundle.entry.find((entry) => entry.resource.resourceType === 'Patient')?.resource.name?.[0]?.text).toBe('Hazel Exportwright');
    expect(bundle.entry.filter((entry) => entry.resource.resourceType === 'Encounter')).toHaveLength(1);

    // …and the PDF by keyboard.
    await page.getByRole('button', { name: 'Export record' }).focus();
    const pdf = await downloaded(page, async () => {
      await page.keyboard.press('Enter');
      await expect(page.getByRole('menuitem', { name: 'FHIR R4 bundle (JSON)' })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
    });
    expect(pdf.name).toBe('record-hazel-exportwright.pdf');
    expect((await pdfText(pdf.bytes)).text).toContain('Low back pain');
    await expectNoA11yViolationsInBothThemes(page);

    // On a phone: the export and the superbill stay reachable and clean.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: 'Export record' })).toBeInViewport();
    await superbill.scrollIntoViewIfNeeded();
    await expect(superbill.getByRole('button', { name: 'Download superbill' })).toBeVisible();
    await expectNoA11yViolationsInBothThemes(page);
  });
});
