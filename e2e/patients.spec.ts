import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations, toast } from './fixtures.ts';
import { expectNoA11yViolationsInBothThemes } from './public-site.ts';
import { addAppointment, addPatient, signInAsDemo, signInAsNewPractitioner } from './practice-fixtures.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search patients' });
const patientsTable = (page: Page) => page.getByRole('grid', { name: 'Patients' });
/** The names in the table, in order (a row header holds the name, and the email shown under it on a phone). */
const rowNames = (page: Page) => patientsTable(page).getByRole('rowheader').locator(':scope > span > span:first-child');
const listCount = (page: Page) => page.getByRole('navigation', { name: 'Patient list pages' }).getByRole('status');
const sectionToggle = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function search(page: Page, text: string): Promise<void> {
  await searchBox(page).fill(text);
  // The search enters the address once typing pauses.
  await expect.poll(() => new URL(page.url()).searchParams.get('q') ?? '').toBe(text);
}

test.describe('the patient list', () => {
  test('searches a practice: names and emails in any case, phones exactly as typed, "No patients found"; the search survives a reload', async ({ page }) => {
    const { practiceId } = await signInAsNewPractitioner(page, { name: 'Dr. Lena Park' });
    const ada = await addPatient(practiceId, { name: 'Ada Lovelace', email: 'ada@Analytical.example', phone: '(555) 010-2030', status: 'active' });
    await addPatient(practiceId, { name: 'Grace Hopper', email: 'grace.hopper@navy.example', phone: '555-0199', status: 'new' });
    await addPatient(practiceId, { name: 'Alan Turing', email: 'alan@bletchley.example', phone: '+44 20 7946 0000', status: 'inactive' });

    await page.goto('/dashboard/patients');
    await expect(page.getByRole('heading', { level: 1, name: 'Patient Records' })).toBeVisible();
    await expect(searchBox(page)).toHaveAttribute('placeholder', 'Search patients by name, email, or phone');
    await expect(rowNames(page)).toHaveText(['Ada Lovelace', 'Alan Turing', 'Grace Hopper']);
    await expect(patientsTable(page).getByRole('row', { name: /Grace Hopper/ })).toContainText('New');
    await expect(patientsTable(page).getByRole('row', { name: /Alan Turing/ })).toContainText('Inactive');
    await expect(patientsTable(page).getByRole('row', { name: /Ada Lovelace/ })).toContainText('Active');

    await search(page, 'LOVELACE');
    await expect(rowNames(page)).toHaveText(['Ada Lovelace']);
    await search(page, 'NAVY.Example');
    await expect(rowNames(page)).toHaveText(['Grace Hopper']);
    await search(page, '(555) 010');
    await expect(rowNames(page)).toHaveText(['Ada Lovelace']);
    await search(page, '5550102030');
    await expect(page.getByText('No patients found')).toBeVisible();
    await expect(listCount(page)).toHaveText('0 patients');
    await search(page, '+44 20');
    await expect(rowNames(page)).toHaveText(['Alan Turing']);

    await page.reload();
    await expect(searchBox(page)).toHaveValue('+44 20');
    await expect(rowNames(page)).toHaveText(['Alan Turing']);

    await search(page, '');
    await patientsTable(page).getByRole('link', { name: 'View Ada Lovelace' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/patients/${ada}$`));
    await expect(page.getByRole('heading', { level: 2, name: 'Ada Lovelace' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Patient List' }).click();
    await expect(page).toHaveURL(/\/dashboard\/patients$/);
    await patientsTable(page).getByRole('row', { name: /Grace Hopper/ }).getByText('555-0199').click();
    await expect(page.getByRole('heading', { level: 2, name: 'Grace Hopper' })).toBeVisible();
  });

  test('pages the demo practice’s 42 patients 25 at a time, each page kept in the address; passes axe in light and dark', async ({ page }) => {
    await signInAsDemo(page);
    await page.goto('/dashboard/patients');
    await expect(listCount(page)).toHaveText('Showing 1–25 of 42 patients');
    await expect(rowNames(page)).toHaveCount(25);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(listCount(page)).toHaveText('Showing 26–42 of 42 patients');
    await expect(rowNames(page)).toHaveCount(17);
    // Page 2 is read at the cursor of page 1's last row (keyset paging), kept in the address: a reload shows the same rows.
    await expect(page).toHaveURL(/\?page=2&cursor=[A-Za-z0-9_-]+$/);
    await page.reload();
    await expect(listCount(page)).toHaveText('Showing 26–42 of 42 patients');
    await page.goBack();
    await expect(listCount(page)).toHaveText('Showing 1–25 of 42 patients');

    await search(page, 'emma thompson');
    await expect(rowNames(page)).toHaveText(['Emma Thompson']);
    await expectNoA11yViolationsInBothThemes(page);
  });

  test('fits a phone: the email under the name, contact and visit columns hidden', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInAsDemo(page);
    await page.goto('/dashboard/patients?q=emma.thompson');
    const row = patientsTable(page).getByRole('row', { name: /Emma Thompson/ });
    await expect(row.getByRole('rowheader')).toContainText('emma.thompson@example.com');
    for (const column of ['Contact', 'Last Visit', 'Next Appointment']) await expect(patientsTable(page).getByRole('columnheader', { name: column })).toBeHidden();
    await expect(patientsTable(page).getByRole('columnheader', { name: 'Status' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoA11yViolations(page);
  });
});

test.describe('the patient form', () => {
  test('adds a patient (warning about one the practice may already have), edits them from the record, archives them', async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    const { practiceId } = await signInAsNewPractitioner(page, { name: 'Dr. Nia Form' });
    await addPatient(practiceId, { name: 'Grace Hopper', email: 'grace.hopper@navy.example', phone: '555-0199', status: 'active' });
    await page.goto('/dashboard/patients');
    await expect(rowNames(page)).toHaveText(['Grace Hopper']);

    await page.getByRole('button', { name: 'Add New Patient' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Patient' });
    await dialog.getByRole('button', { name: 'Add patient' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Full name' })).toBeFocused();
    await dialog.getByRole('textbox', { name: 'Full name' }).fill('Ada Lovelace');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('GRACE.HOPPER@navy.example');
    await dialog.getByRole('textbox', { name: 'Conditions' }).fill('Insomnia, Migraine');
    await dialog.getByRole('textbox', { name: 'Contact name' }).fill('Byron Lovelace');
    await dialog.getByRole('button', { name: 'Add patient' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Grace Hopper has the email grace.hopper@navy.example');
    await expectNoA11yViolationsInBothThemes(page);
    await page.screenshot({ path: testInfo.outputPath('patient-form-warning.png'), fullPage: true });
    await dialog.getByRole('textbox', { name: 'Email' }).fill('ada@analytical.example');
    await dialog.getByRole('button', { name: 'Add anyway' }).click();
    await expect(toast(page, 'Patient added')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/patients\/[0-9a-f-]{36}$/);
    const card = page.getByRole('region', { name: 'Ada Lovelace' });
    await expect(card).toContainText('ada@analytical.example');
    await expect(card.getByRole('list', { name: 'Conditions' }).getByRole('listitem')).toHaveText(['Insomnia', 'Migraine']);
    await expect(page.getByRole('region', { name: 'Patient Overview' })).toContainText('Byron Lovelace');

    // Edit from the Overview: the form holds the record; a wrong phone keeps everything typed.
    await page.getByRole('button', { name: 'Edit patient overview' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit patient info' });
    await expect(edit.getByRole('textbox', { name: 'Full name' })).toHaveValue('Ada Lovelace');
    await edit.getByRole('textbox', { name: 'Phone', exact: true }).fill('12');
    await edit.getByRole('textbox', { name: 'Address' }).fill('12 St James Square, London');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit.getByRole('textbox', { name: 'Phone', exact: true })).toHaveAccessibleDescription(/Please enter a valid phone number/);
    await expect(edit.getByRole('textbox', { name: 'Address' })).toHaveValue('12 St James Square, London');
    await edit.getByRole('textbox', { name: 'Phone', exact: true }).fill('(555) 010-2030');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Patient info saved')).toBeVisible();
    await expect(card).toContainText('(555) 010-2030');
    await expect(page.getByRole('region', { name: 'Patient Overview' })).toContainText('12 St James Square, London');

    // Archived, never deleted: inactive in the list, and back.
    await card.getByRole('button', { name: 'Edit patient info' }).click();
    await edit.getByRole('button', { name: 'Archive patient' }).click();
    await expect(toast(page, 'Patient archived')).toBeVisible();
    await page.goto('/dashboard/patients');
    await expect(patientsTable(page).getByRole('row', { name: /Ada Lovelace/ })).toContainText('Inactive');
  });
});

test.describe('the patient record', () => {
  test('shows a demo patient’s full record: card, upcoming appointments, recent activity and the four tabs', async ({ page }) => {
    // Four tabs, each checked with axe: longer than the default on a loaded 2-core machine.
    test.setTimeout(60_000);
    const demo = await signInAsDemo(page);
    await page.goto('/dashboard/patients?q=Emma Thompson');
    await patientsTable(page).getByRole('row', { name: /Emma Thompson/ }).getByRole('rowheader').click();
    await expect(page).toHaveURL(/\/dashboard\/patients\/[0-9a-f-]{36}$/);

    const card = page.getByRole('region', { name: 'Emma Thompson' });
    await expect(card).toContainText(/\d+ years \(4\/12\/1985\)/);
    await expect(card).toContainText('emma.thompson@example.com');
    await expect(card).toContainText('(503) 555-0142');
    const conditions = card.getByRole('list', { name: 'Conditions' }).getByRole('listitem');
    await expect(conditions).toHaveText(['Chronic Fatigue', 'IBS', 'Anxiety']);
    await card.getByRole('button', { name: '+2 more' }).click();
    await expect(conditions).toHaveCount(5);
    await card.getByRole('button', { name: 'Show less' }).click();
    await expect(conditions).toHaveCount(3);

    const upcoming = page.getByRole('region', { name: 'Upcoming Appointments' }).getByRole('listitem');
    // "Month day at time", then type and duration.
    await expect(upcoming.first()).toHaveText(/^[A-Z][a-z]+ \d{1,2} at \d{1,2}:\d{2} [AP]M(Initial Consultation|Follow-up Visit|Assessment|Treatment Session) · \d+ min$/);
    await expect(page.getByRole('region', { name: 'Recent Activity' }).getByRole('listitem')).toHaveCount(2);
    await expect(page.getByRole('region', { name: 'Recent Activity' })).toContainText('Follow-up: energy and digestion');

    // Overview, the default tab.
    await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    const overview = page.getByRole('region', { name: 'Patient Overview' });
    await expect(overview).toContainText('2145 NW Everett St, Portland, OR 97210');
    await expect(overview).toContainText('David Thompson (Spouse)');
    await expect(overview).toContainText('BCB-448812907');
    const visits = page.getByRole('region', { name: 'Visit History' });
    await expect(visits.getByText('Upcoming').first()).toBeVisible();
    await expect(visits.getByText('Completed').first()).toBeVisible();
    await expect(visits.getByRole('link', { name: 'New Visit' })).toHaveAttribute('href', '/dashboard/schedule');
    // Opening the record left an audit entry, listed in the Access log.
    await page.getByRole('button', { name: 'Access log' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'viewed the record' }).first()).toContainText(demo.name);
    await expectNoA11yViolationsInBothThemes(page);

    // Health Record: three sections open, two closed.
    await page.getByRole('tab', { name: 'Health Record' }).click();
    await expect(page).toHaveURL(/\?tab=health-record$/);
    for (const open of ['Allergies & Intolerances', 'Current Medications & Supplements', 'Medical History']) await expect(sectionToggle(page, open)).toHaveAttribute('aria-expanded', 'true');
    for (const closed of ['Family History', 'Lifestyle & Social History']) await expect(sectionToggle(page, closed)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText('Penicillin')).toBeVisible();
    await sectionToggle(page, 'Lifestyle & Social History').click();
    await expect(sectionToggle(page, 'Lifestyle & Social History')).toHaveAttribute('aria-expanded', 'true');
    await expectNoA11yViolations(page);

    // Clinical Notes: closed SOAP cards.
    await page.getByRole('tab', { name: 'Clinical Notes' }).click();
    const note = page.getByRole('button', { name: /^Follow-up: energy and digestion/ });
    await expect(note).toHaveAttribute('aria-expanded', 'false');
    await expect(note).toContainText('SOAP Note');
    await note.click();
    for (const part of ['Subjective', 'Objective', 'Assessment', 'Plan']) await expect(page.getByRole('heading', { name: part, exact: true })).toBeVisible();
    // A signed note is locked: its button adds an addendum (issue 26).
    await expect(page.getByRole('button', { name: 'Edit Note' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add addendum' }).first()).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'New Note' }).click();
    await expect(page.getByRole('dialog', { name: 'New Note' })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Save draft and close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Timeline: merged, newest first, the note's assessment shown.
    await page.getByRole('tab', { name: 'Timeline' }).click();
    const timeline = page.getByRole('region', { name: 'Timeline' }).getByRole('listitem');
    await expect(timeline.first()).toContainText('Appointment: Treatment Session');
    await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Fatigue improving with vitamin D repletion');

    // The tab is in the address: a reload keeps it.
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true');
  });

  test('a new practitioner’s new patient: every empty state and the sections’ initial state', async ({ page }) => {
    const { practiceId } = await signInAsNewPractitioner(page, { name: 'Dr. Noor Haddad' });
    const id = await addPatient(practiceId, { name: 'Nia Newcomer', email: 'nia@example.com', phone: '555-0100', dateOfBirth: '1990-02-28' });
    await page.goto(`/dashboard/patients/${id}`);

    const card = page.getByRole('region', { name: 'Nia Newcomer' });
    await expect(card).toContainText('(2/28/1990)');
    await expect(card.getByRole('list', { name: 'Conditions' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Upcoming Appointments' })).toContainText('No upcoming appointments');
    await expect(page.getByRole('region', { name: 'Recent Activity' })).toContainText('No recent activity');
    await page.getByRole('region', { name: 'Upcoming Appointments' }).getByRole('link', { name: 'Schedule' }).click();
    await expect(page).toHaveURL(/\/dashboard\/schedule$/);
    await page.goBack();

    await page.getByRole('tab', { name: 'Health Record' }).click();
    for (const open of ['Allergies & Intolerances', 'Current Medications & Supplements', 'Medical History']) await expect(sectionToggle(page, open)).toHaveAttribute('aria-expanded', 'true');
    for (const closed of ['Family History', 'Lifestyle & Social History']) await expect(sectionToggle(page, closed)).toHaveAttribute('aria-expanded', 'false');
    for (const text of ['No known allergies', 'No current medications', 'No medical history recorded']) await expect(page.getByText(text)).toBeVisible();
    await sectionToggle(page, 'Family History').click();
    await expect(page.getByText('No family history recorded')).toBeVisible();

    await page.getByRole('tab', { name: 'Clinical Notes' }).click();
    await expect(page.getByRole('heading', { name: 'No Clinical Notes' })).toBeVisible();
    await expect(page.getByText('There are no clinical notes for this patient yet.')).toBeVisible();
    await expectNoA11yViolationsInBothThemes(page);
    // Opening the editor and closing it leaves no note behind.
    await page.getByRole('button', { name: 'Create First Note' }).click();
    await expect(page.getByRole('dialog', { name: 'New Note' })).toBeVisible();
    await page.getByRole('button', { name: 'Save draft and close' }).click();
    await expect(page.getByRole('heading', { name: 'No Clinical Notes' })).toBeVisible();
  });

  test('an appointment booked for tomorrow shows as upcoming on the card and in the visit history', async ({ page }) => {
    const { practiceId } = await signInAsNewPractitioner(page, { timeZone: 'UTC' });
    const id = await addPatient(practiceId, { name: 'Uma Upcoming' });
    const tomorrow = new Date(Date.now() + DAY_MS);
    tomorrow.setUTCHours(14, 0, 0, 0);
    await addAppointment(practiceId, id, { startsAt: tomorrow, durationMinutes: 45, type: 'treatment', status: 'confirmed' });
    await page.goto(`/dashboard/patients/${id}`);
    const month = tomorrow.toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
    await expect(page.getByRole('region', { name: 'Upcoming Appointments' }).getByRole('listitem')).toHaveText([`${month} at 2:00 PMTreatment Session · 45 min`]);
    await expect(page.getByRole('region', { name: 'Visit History' }).getByRole('listitem')).toContainText(['Upcoming']);
  });

  test('a visit that began earlier and nobody completed has one status everywhere: Scheduled and Past, in the record and in the portal', async ({ page }, testInfo) => {
    const { practiceId } = await signInAsNewPractitioner(page, { timeZone: 'UTC' });
    const id = await addPatient(practiceId, { name: 'Pia Past', email: 'pia.past@example.com' });
    const earlier = new Date(Date.now() - 2 * 60 * 60 * 1000);
    earlier.setUTCMinutes(0, 0, 0);
    await addAppointment(practiceId, id, { startsAt: earlier, durationMinutes: 30, type: 'follow_up', status: 'scheduled' });

    for (const [width, height, label] of [[1280, 900, 'desktop'], [390, 844, 'phone']] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`/dashboard/patients/${id}`);
      const visit = page.getByRole('region', { name: 'Visit History' }).getByRole('listitem');
      await expect(visit).toContainText('Scheduled');
      await expect(visit).toContainText('Past');
      await expect(visit).not.toContainText('Completed');
      await expect(page.getByRole('region', { name: 'Upcoming Appointments' })).toContainText('No upcoming appointments');
      await visit.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`record-${label}.png`), fullPage: true });

      await page.goto('/provider-portal/appointments');
      const row = page.getByRole('grid', { name: 'Appointments' }).getByRole('row', { name: /Pia Past/ });
      await expect(row).toContainText('Scheduled');
      await expect(row).toContainText('Past');
      await expect(row).not.toContainText('Completed');
      await page.screenshot({ path: testInfo.outputPath(`portal-${label}.png`), fullPage: true });
    }
  });

  test('"Unknown Patient" for an unknown id and for another practitioner’s patient — the same screen', async ({ page, browser }) => {
    // Another practitioner's patient, created in another browser.
    const other = await browser.newPage();
    const { practiceId: othersPractice } = await signInAsNewPractitioner(other, { name: 'Dr. Other' });
    const theirs = await addPatient(othersPractice, { name: 'Private Person', email: 'private@example.com', conditions: ['Secret'] });
    await other.close();

    await signInAsNewPractitioner(page, { name: 'Dr. Curious' });
    const screenFor = async (id: string) => {
      await page.goto(`/dashboard/patients/${id}`);
      await expect(page.getByRole('heading', { level: 2, name: 'Unknown Patient' })).toBeVisible();
      await expect(page.getByText('No upcoming appointments')).toBeVisible();
      await expect(page.getByText('No recent activity')).toBeVisible();
      return (await page.locator('main').innerText()).replaceAll(id, 'ID');
    };
    const foreign = await screenFor(theirs);
    expect(foreign).not.toContain('Private Person');
    expect(foreign).not.toContain('Secret');
    const unknown = await screenFor('3f0c2a52-0000-4000-8000-000000000000');
    const malformed = await screenFor('not a real id');
    expect(unknown).toBe(foreign);
    expect(malformed).toBe(foreign);
    await expectNoA11yViolationsInBothThemes(page);
  });

  test('fits a phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInAsDemo(page);
    await page.goto('/dashboard/patients?q=Sofia Martinez');
    await patientsTable(page).getByRole('link', { name: 'View Sofia Martinez' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Sofia Martinez' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoA11yViolations(page);
  });
});
