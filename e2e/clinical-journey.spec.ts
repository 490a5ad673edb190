/**
 * Issue 26's whole journey, as a practitioner does it on screen: add a patient, schedule them,
 * complete the visit, write and sign a note, add an addendum, issue an invoice (the SMTP sink
 * receives it), record the payment, download the superbill and export the record. The files are
 * read back as the patient would read them. Axe in light and dark; the record on a phone.
 */
import { readFile } from 'node:fs/promises';
import { calendarDateInZone } from '@wellspring/domain';
import { expect, test, type Page } from '@playwright/test';
import { pdfText } from '../apps/server/test/support/pdf-text.ts';
import { toast, uniqueEmail } from './fixtures.ts';
import { waitForMail } from './mail-sink.ts';
import { signInAsNewPractitioner } from './practice-fixtures.ts';
import { expectNoA11yViolationsInBothThemes } from './public-site.ts';

const ZONE = 'America/Chicago';

async function downloaded(page: Page, start: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), start()]);
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

async function rowAction(page: Page, patient: string, item: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^Actions for ${patient}, `) }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

test('from a new patient to a paid invoice, a superbill and the patient’s copy of their record', async ({ page }) => {
  test.setTimeout(180_000);
  const practitioner = 'Dr. Rowan Journey';
  await signInAsNewPractitioner(page, { name: practitioner, timeZone: ZONE });
  const email = uniqueEmail('june.journey');

  // 1. Add the patient.
  await page.goto('/dashboard/patients');
  await page.getByRole('button', { name: 'Add New Patient' }).click();
  const form = page.getByRole('dialog', { name: 'Add New Patient' });
  await form.getByRole('textbox', { name: 'Full name' }).fill('June Journey');
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByRole('textbox', { name: 'Conditions' }).fill('Migraine');
  await form.getByRole('button', { name: 'Add patient' }).click();
  await expect(toast(page, 'Patient added')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/patients\/[0-9a-f-]{36}$/);
  const recordPath = new URL(page.url()).pathname;

  // 2. Schedule today's visit (its e-mail links it to June), then 3. confirm and complete it.
  await page.goto('/provider-portal/appointments/new');
  const schedule = page.getByRole('form', { name: 'New Appointment' });
  await schedule.getByLabel('Patient Name').fill('June Journey');
  await schedule.getByLabel('Patient Email').fill(email);
  await schedule.getByLabel('Date and Time').fill(`${calendarDateInZone(new Date(), ZONE)}T00:00`);
  await schedule.getByRole('button', { name: 'Schedule Appointment' }).click();
  await expect(toast(page, 'Appointment scheduled successfully!')).toBeVisible();
  await rowAction(page, 'June Journey', 'Mark as Confirmed');
  await expect(toast(page, 'Appointment status updated to confirmed')).toBeVisible();
  await rowAction(page, 'June Journey', 'Mark as Completed');
  await expect(toast(page, 'Appointment status updated to completed')).toBeVisible();
  await rowAction(page, 'June Journey', 'Billing Codes');
  const codes = page.getByRole('dialog', { name: 'Billing codes' });
  await codes.getByRole('textbox', { name: 'CPT codes' }).fill('99203');
  await codes.getByRole('textbox', { name: 'ICD-10-CM codes' }).fill('G43.909');
  await codes.getByRole('button', { name: 'Save codes' }).click();
  await expect(toast(page, 'Visit codes saved')).toBeVisible();

  // 4. Write and sign a note from the record, 5. then correct it with an addendum.
  await page.goto(`${recordPath}?tab=notes`);
  await page.getByRole('button', { name: 'Create First Note' }).click();
  const editor = page.getByRole('dialog', { name: 'New Note' });
  await editor.getByRole('textbox', { name: 'Assessment' }).fill('Migraine without aura, improving with magnesium');
  await expect(editor.getByRole('status')).toContainText('Draft saved at');
  await editor.getByRole('button', { name: 'Sign note' }).click();
  await expect(toast(page, 'Note signed')).toBeVisible();
  await page.getByRole('button', { name: /^SOAP Note/ }).click();
  await page.getByRole('button', { name: 'Add addendum' }).click();
  const addendum = page.getByRole('dialog', { name: 'Add addendum' });
  await addendum.getByRole('textbox', { name: 'Addendum' }).fill('Headache diary reviewed: 3 episodes this month.');
  await addendum.getByRole('button', { name: 'Save addendum' }).click();
  await expect(page.getByRole('list', { name: 'Addenda' })).toContainText('Headache diary reviewed');
  // After a reload (react-aria's live announcer keeps a nameless role="img" message for a while after
  // a dialog closes, which axe flags), the signed note with its addendum, scanned in both themes.
  await page.reload();
  await page.getByRole('button', { name: /^SOAP Note/ }).click();
  await expect(page.getByRole('list', { name: 'Addenda' })).toContainText('Headache diary reviewed');
  await expectNoA11yViolationsInBothThemes(page);

  // 6. Invoice the visit from its row menu, issue it and e-mail it; 7. record the payment.
  await page.goto('/provider-portal/appointments');
  await rowAction(page, 'June Journey', 'New Invoice');
  await page.getByRole('dialog', { name: 'New invoice' }).getByRole('button', { name: 'Create draft' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Draft invoice' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Unit price (USD)' }).first().fill('140');
  await page.getByRole('button', { name: 'Issue invoice' }).click();
  const issued = page.getByRole('heading', { level: 1, name: /^Invoice INV-\d{4}-0001$/ });
  await expect(issued).toBeVisible();
  const number = ((await issued.textContent()) ?? '').replace('Invoice ', '');
  await page.getByRole('button', { name: 'Send by e-mail' }).click();
  await expect(toast(page, `Invoice sent to ${email}`)).toBeVisible();
  const mail = await waitForMail(email, `Invoice ${number} from ${practitioner}`);
  expect(mail.text).toContain(`filename=${number}.pdf`);
  await page.getByRole('button', { name: 'Record payment' }).click();
  await page.getByRole('dialog', { name: 'Record payment' }).getByRole('button', { name: 'Record payment' }).click();
  await expect(toast(page, 'Payment recorded; the invoice is paid')).toBeVisible();
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();

  // 8. The superbill of this year's paid visits: the codes, the fee and what was paid.
  await page.goto(recordPath);
  const superbill = page.getByRole('region', { name: 'Superbill' });
  const bill = await downloaded(page, () => superbill.getByRole('button', { name: 'Download superbill' }).click());
  const billText = (await pdfText(bill.bytes)).text;
  for (const expected of ['June Journey', '99203', 'G43.909', 'Total paid: $140.00']) expect(billText).toContain(expected);

  // 9. The patient's copy: a FHIR bundle with the signed note, and a readable PDF.
  const json = await downloaded(page, async () => {
    await page.getByRole('button', { name: 'Export record' }).click();
    await page.getByRole('menuitem', { name: 'FHIR R4 bundle (JSON)' }).click();
  });
  const bundle = JSON.parse(json.bytes.toString('utf8')) as { entry: { resource: { resourceType: string } }[] };
  const types = bundle.entry.map((entry) => entry.resource.resourceType);
  expect(types).toEqual(expect.arrayContaining(['Patient', 'Appointment', 'Encounter', 'Composition', 'Condition']));
  expect(json.bytes.toString('utf8')).toContain('Migraine without aura, improving with magnesium');
  const pdf = await downloaded(page, async () => {
    await page.getByRole('button', { name: 'Export record' }).click();
    await page.getByRole('menuitem', { name: /PDF/ }).click();
  });
  const recordText = (await pdfText(pdf.bytes)).text;
  for (const expected of ['June Journey', 'Migraine', 'Headache diary reviewed']) expect(recordText).toContain(expected);

  // The record on a phone, in both themes.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Export record' })).toBeInViewport();
  await expectNoA11yViolationsInBothThemes(page);
  await page.getByRole('tab', { name: 'Clinical Notes' }).click();
  await expect(page.getByRole('button', { name: 'New Note' })).toBeVisible();
});
