import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { generateSessionToken, sessionIdFromToken } from '../apps/server/src/auth/session.ts';
import { baseURL } from '../playwright.config.ts';
import { databaseUrl } from './database.ts';
import { toast } from './fixtures.ts';
import { addAppointment, addPatient, signInAsNewPractitioner } from './practice-fixtures.ts';
import { expectNoA11yViolationsInBothThemes } from './public-site.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A new session for `userId` on `page`'s browser, as signing in again would make. */
async function signInAgain(page: Page, userId: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    const token = generateSessionToken();
    await client.query('INSERT INTO session (id, user_id, expires_at) VALUES ($1, $2, $3)', [sessionIdFromToken(token), userId, new Date(Date.now() + DAY_MS)]);
    await page.context().addCookies([{ name: 'session', value: token, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
  } finally {
    await client.end();
  }
}

test.describe('the provider portal’s EHR records', () => {
  test('a new practitioner has "No records found" with "Create New Record"', async ({ page }) => {
    await signInAsNewPractitioner(page, { name: 'Dr. Nora Quill' });
    await page.goto('/provider-portal/ehr');
    await expect(page.getByRole('heading', { level: 1, name: 'All EHR Records' })).toBeVisible();
    await expect(page.getByText(/preview of EHR functionality/)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'No records found' })).toBeVisible();
    await page.getByRole('link', { name: 'Create New Record' }).click();
    await expect(page).toHaveURL(/\/provider-portal\/ehr\/create$/);
    await expect(page.getByRole('heading', { level: 1, name: 'New EHR Record' })).toBeVisible();
    // A name typed that is none of the practice's patients is not a patient (issue 26): only New Patient is.
    const patient = page.getByRole('combobox', { name: 'Patient' });
    await patient.click();
    await patient.pressSequentially('Jon Nobody');
    await expect(page.getByRole('option')).toHaveText(['New Patient']);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Sign Record' }).click();
    await expect(page.getByText('Please choose one of your patients, or New Patient.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to EHR Records' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'All EHR Records' })).toBeVisible();
  });

  test('a record from an appointment is signed, listed, on the patient’s Clinical Notes and Timeline; an addendum shows under it; the Access log has the sign and the amend', async ({ page }) => {
    // A long journey (two axe scans in both themes among them): more than the default 30 s on a busy machine.
    test.setTimeout(90_000);
    const { practiceId, name } = await signInAsNewPractitioner(page, { name: 'Dr. Nora Quill' });
    const ada = await addPatient(practiceId, { name: 'Ada Lovelace', email: 'ada@example.com' });
    const appointment = await addAppointment(practiceId, ada, { startsAt: new Date(Date.now() - DAY_MS), status: 'completed' });

    await page.goto(`/provider-portal/ehr/create?appointmentId=${appointment}&patientId=${ada}&patientName=${encodeURIComponent('Ada Lovelace')}`);
    await expect(page.getByRole('heading', { level: 1, name: 'New EHR Record' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Patient Name' })).toHaveValue('Ada Lovelace');
    await expect(page.getByRole('button', { name: /Record Type$/ })).toContainText('SOAP Note');
    await expectNoA11yViolationsInBothThemes(page);

    // Keyboard only, from the first section to Save.
    await page.getByRole('textbox', { name: 'Subjective' }).focus();
    await page.keyboard.type('Tension headaches for two weeks');
    await page.keyboard.press('Tab');
    await page.keyboard.type('BP 120/80');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Tension-type headache, improving');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Magnesium glycinate 200 mg nightly');
    await page.getByRole('button', { name: 'Sign Record' }).focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'SOAP note saved')).not.toContainText('not fully implemented');

    // Back on the patient's records.
    await expect(page).toHaveURL(new RegExp(`/provider-portal/ehr\\?patientId=${ada}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Patient Records' })).toBeVisible();
    const record = page.getByRole('article', { name: 'SOAP Note' });
    await expect(record).toContainText('Tension-type headache, improving');
    await expect(record).toContainText('Signed');
    await expect(record).toContainText(name);

    // All records, after a reload: it is stored.
    await page.goto('/provider-portal/ehr');
    await expect(page.getByRole('heading', { level: 1, name: 'All EHR Records' })).toBeVisible();
    await expect(record.getByRole('link', { name: 'Ada Lovelace' })).toBeVisible();

    // The correction of a locked record: an addendum.
    await record.getByRole('button', { name: /^Add addendum/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Add addendum' });
    await dialog.getByRole('textbox', { name: 'Addendum' }).fill('BP was 125/80, not 120/80.');
    await dialog.getByRole('button', { name: 'Save addendum' }).click();
    await expect(toast(page, 'Addendum added')).toBeVisible();
    await expect(dialog).toBeHidden();
    const addenda = record.getByRole('region', { name: 'Addenda' });
    await expect(addenda).toContainText('BP was 125/80, not 120/80.');
    await expect(addenda).toContainText(name);
    // react-aria's live announcer keeps a nameless role="img" message for a few seconds after the
    // dialog closes (its label is gone with the dialog); axe flags it, so the scan waits it out.
    await expect(page.locator('[role="log"] > [role="img"]')).toHaveCount(0, { timeout: 10_000 });
    await expectNoA11yViolationsInBothThemes(page);

    // The patient's Clinical Notes: the note, with the addendum under it.
    await page.goto(`/dashboard/patients/${ada}?tab=notes`);
    const noteCard = page.getByRole('button', { name: /SOAP Note/ }).first();
    await expect(noteCard).toContainText('1 addendum');
    await noteCard.click();
    await expect(page.getByText('Tension headaches for two weeks')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Addenda' })).toContainText('BP was 125/80, not 120/80.');

    // The Timeline has it too.
    await page.getByRole('tab', { name: 'Timeline' }).click();
    await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Tension-type headache, improving');

    // The Access log: who signed and amended the note.
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByRole('button', { name: 'Access log' }).click();
    const log = page.getByRole('list', { name: 'Access log entries, newest first' });
    await expect(log.getByRole('listitem').filter({ hasText: 'signed the clinical note' })).toContainText(name);
    await expect(log.getByRole('listitem').filter({ hasText: 'amended the clinical note' })).toContainText(name);
    // Newest first: the amend above the sign.
    const texts = await log.getByRole('listitem').allTextContents();
    expect(texts.findIndex((text) => text.includes('amended the clinical note'))).toBeLessThan(texts.findIndex((text) => text.includes('signed the clinical note')));
  });

  test('a save after the session ended says "User not authenticated"; signing in again brings the form back as it was', async ({ page }) => {
    const { practiceId, userId } = await signInAsNewPractitioner(page, { name: 'Dr. Nora Quill' });
    const grace = await addPatient(practiceId, { name: 'Grace Hopper' });
    const formPath = `/provider-portal/ehr/create?patientId=${grace}&patientName=${encodeURIComponent('Grace Hopper')}`;
    await page.goto(formPath);
    await page.getByRole('textbox', { name: 'Assessment' }).fill('Sleeping better');
    await page.getByRole('textbox', { name: 'Plan' }).fill('Continue the evening routine');

    await page.context().clearCookies();
    await page.getByRole('button', { name: 'Sign Record' }).click();
    await expect(toast(page, 'User not authenticated')).toBeVisible();
    await expect(page).toHaveURL(/\/login\?/);

    await signInAgain(page, userId);
    await page.goto(formPath);
    await expect(page.getByRole('textbox', { name: 'Assessment' })).toHaveValue('Sleeping better');
    await expect(page.getByRole('textbox', { name: 'Plan' })).toHaveValue('Continue the evening routine');
    await page.getByRole('button', { name: 'Sign Record' }).click();
    await expect(toast(page, 'SOAP note saved')).toBeVisible();
    await expect(page.getByRole('article', { name: 'SOAP Note' })).toContainText('Continue the evening routine');
  });
});
