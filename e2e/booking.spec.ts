import { expect, test } from '@playwright/test';
import { defaultBookingSettings } from '@wellspring/domain';
import { manageLinkIn, waitForMail } from './mail-sink.ts';
import { bringRemindersDue, enableOnlineBooking, publishListing, signInAsNewPractitioner, takeDownListing } from './practice-fixtures.ts';
import { expectNoA11yViolationsInBothThemes } from './public-site.ts';

const ZONE = 'America/Los_Angeles';
const everyDay = Array.from({ length: 7 }, () => [{ start: '08:00', end: '20:00' }]);

/** The practices whose listings this file published (taken down after each test: the directory journeys count five). */
const publishedBy: string[] = [];

test.afterEach(async () => {
  for (const practiceId of publishedBy.splice(0)) await takeDownListing(practiceId);
});

test.describe('online booking', () => {
  test('a patient books a time on the profile with the keyboard; the practitioner sees it in the portal and confirms it; the time is no longer offered', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const name = `Dr. Bea Bookable ${Date.now().toString(36)}`;
    const practitioner = await signInAsNewPractitioner(page, { name, timeZone: ZONE });
    publishedBy.push(practitioner.practiceId);
    const listingId = await publishListing(practitioner.practiceId, { name });
    await enableOnlineBooking(practitioner.practiceId, {
      ...defaultBookingSettings(ZONE),
      enabled: true,
      weeklyHours: everyDay,
      minimumNoticeMinutes: 60,
      sessionTypes: [{ id: 'follow', name: 'Follow-up visit', durationMinutes: 30, priceMinor: 6000, mode: 'virtual', newPatientsOnly: false, description: 'A short check-in.', approval: 'confirm' }],
    });

    // The patient, in a browser of their own, signed out, in New York.
    const patientContext = await browser.newContext({ timezoneId: 'America/New_York' });
    const patient = await patientContext.newPage();
    await patient.goto(`/practitioners/${listingId}`);
    await expect(patient.getByRole('heading', { level: 1, name })).toBeVisible();
    const book = patient.getByRole('button', { name: 'Book' });
    await book.focus();
    await patient.keyboard.press('Enter');
    const dialog = patient.getByRole('dialog', { name: `Book with ${name}` });
    await expect(dialog).toBeVisible();

    // The session type with the keyboard (arrow keys in the radio group select it), then the times.
    await dialog.getByRole('radio', { name: /Follow-up visit/ }).focus();
    await patient.keyboard.press('Space');
    await expect(dialog.getByText('Times are in your time zone (America/New_York); the practice is in America/Los_Angeles.')).toBeVisible();
    const firstTime = dialog.getByRole('listitem').first().getByRole('button');
    await expect(firstTime).toBeVisible();
    const chosenLabel = (await firstTime.getAttribute('aria-label')) ?? '';
    await expectNoA11yViolationsInBothThemes(patient);
    await firstTime.focus();
    await patient.keyboard.press('Enter');

    // The form: sent empty, each message under its field; then filled and sent.
    await expect(dialog.getByRole('textbox', { name: 'Your Name' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Book', exact: true }).click();
    await expect(dialog.getByText('Please enter your name.')).toBeVisible();
    await expect(dialog.getByText('Please agree to share these details with the practitioner.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Your Name' }).fill('Bo Booker');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('bo.booker@example.com');
    await dialog.getByRole('checkbox', { name: /I agree that/ }).focus();
    await patient.keyboard.press('Space');
    await expect(dialog.getByRole('checkbox', { name: /I agree that/ })).toBeChecked();
    await dialog.getByRole('button', { name: 'Book', exact: true }).click();
    await expect(dialog.getByRole('status')).toContainText('Your request is sent.');
    await expect(dialog.getByRole('status')).toContainText('Follow-up visit');

    // The practitioner sees it in the portal, waiting, and confirms it.
    await page.goto('/provider-portal/appointments');
    const row = page.getByRole('grid', { name: 'Appointments' }).getByRole('row').filter({ hasText: 'Bo Booker' });
    await expect(row).toBeVisible();
    await page.getByRole('button', { name: /^Actions for Bo Booker, / }).click();
    await page.getByRole('menuitem', { name: 'Mark as Confirmed', exact: true }).click();
    await expect(row).toContainText('Confirmed');

    // The booked time is gone from the picker.
    await patient.reload();
    await patient.getByRole('button', { name: 'Book' }).click();
    await dialog.locator('label', { hasText: 'Follow-up visit' }).click();
    await expect(dialog.getByRole('listitem').first().getByRole('button')).toBeVisible();
    await expect(dialog.getByRole('button', { name: chosenLabel, exact: true })).toHaveCount(0);
    await patientContext.close();
  });

  test('by e-mail: the request, the confirmation and the reminder arrive; the patient cancels from the manage link and the time is offered again', async ({ page, browser }) => {
    test.setTimeout(150_000);
    const stamp = Date.now().toString(36);
    const name = `Dr. Eda Emailer ${stamp}`;
    const email = `eda.patient.${stamp}@example.com`;
    const practitioner = await signInAsNewPractitioner(page, { name, timeZone: ZONE });
    publishedBy.push(practitioner.practiceId);
    const listingId = await publishListing(practitioner.practiceId, { name });
    await enableOnlineBooking(practitioner.practiceId, {
      ...defaultBookingSettings(ZONE),
      enabled: true,
      weeklyHours: everyDay,
      // More than a day ahead, so the 24-hour reminder is still to come when the booking is made.
      minimumNoticeMinutes: 26 * 60,
      cancellationWindowHours: 2,
      reminder: '24h',
      sessionTypes: [{ id: 'visit', name: 'Herbal consult', durationMinutes: 45, priceMinor: 9000, mode: 'in-person', newPatientsOnly: false, description: '', approval: 'confirm' }],
    });

    // The patient books, signed out, in a browser of their own.
    const patientContext = await browser.newContext({ timezoneId: 'America/Chicago' });
    const patient = await patientContext.newPage();
    await patient.goto(`/practitioners/${listingId}`);
    await patient.getByRole('button', { name: 'Book' }).click();
    const dialog = patient.getByRole('dialog', { name: `Book with ${name}` });
    await dialog.locator('label', { hasText: 'Herbal consult' }).click();
    const firstTime = dialog.getByRole('listitem').first().getByRole('button');
    await expect(firstTime).toBeVisible();
    const chosenLabel = (await firstTime.getAttribute('aria-label')) ?? '';
    await firstTime.click();
    await dialog.getByRole('textbox', { name: 'Your Name' }).fill('Eli Emailed');
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog.getByRole('checkbox', { name: /I agree that/ }).focus();
    await patient.keyboard.press('Space');
    await dialog.getByRole('button', { name: 'Book', exact: true }).click();
    await expect(dialog.getByRole('status')).toContainText(`We e-mailed the details to ${email}`);
    const request = await waitForMail(email, `Your booking request with ${name} was received`);
    expect(request.text).toContain('METHOD:REQUEST');

    // The practitioner sees the request in the portal and confirms it: the patient hears at once.
    await page.goto('/provider-portal/appointments');
    const row = page.getByRole('grid', { name: 'Appointments' }).getByRole('row').filter({ hasText: 'Eli Emailed' });
    await expect(row).toBeVisible();
    await page.getByRole('button', { name: /^Actions for Eli Emailed, / }).click();
    await page.getByRole('menuitem', { name: 'Mark as Confirmed', exact: true }).click();
    await expect(row).toContainText('Confirmed');
    const confirmed = await waitForMail(email, `${name} confirmed your appointment`);
    expect(confirmed.text).toContain('STATUS:CONFIRMED');

    // The day before comes: the reminder arrives, with the manage link.
    expect(await bringRemindersDue(practitioner.practiceId)).toBe(1);
    const reminder = await waitForMail(email, `Reminder: your appointment with ${name}`);

    // The patient opens the link from the reminder and cancels.
    await patient.goto(manageLinkIn(reminder));
    await expect(patient.getByRole('heading', { level: 1, name: 'Your booking' })).toBeVisible();
    await expect(patient.getByText('Confirmed', { exact: true })).toBeVisible();
    await expectNoA11yViolationsInBothThemes(patient);
    await patient.getByRole('button', { name: 'Cancel booking' }).click();
    const ask = patient.getByRole('dialog', { name: 'Cancel this booking?' });
    await ask.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(patient.getByRole('status')).toContainText('Your booking is cancelled.');
    const cancelled = await waitForMail(email, `Your appointment with ${name} is cancelled`);
    expect(cancelled.text).toContain('METHOD:CANCEL');
    // The link is dead at once (opened afresh, as from the e-mail).
    await patient.goto('about:blank');
    await patient.goto(manageLinkIn(reminder));
    await expect(patient.getByRole('alert')).toContainText('This link no longer works');

    // The time is offered again.
    await patient.goto(`/practitioners/${listingId}`);
    await patient.getByRole('button', { name: 'Book' }).click();
    await dialog.locator('label', { hasText: 'Herbal consult' }).click();
    await expect(dialog.getByRole('button', { name: chosenLabel, exact: true })).toBeVisible();
    await patientContext.close();
  });

  test('the manage page fits a phone', async ({ browser }) => {
    test.setTimeout(90_000);
    const stamp = Date.now().toString(36);
    const name = `Dr. Mo Mobile ${stamp}`;
    const email = `mo.patient.${stamp}@example.com`;
    const practitionerContext = await browser.newContext();
    const practitioner = await signInAsNewPractitioner(await practitionerContext.newPage(), { name, timeZone: ZONE });
    publishedBy.push(practitioner.practiceId);
    const listingId = await publishListing(practitioner.practiceId, { name });
    await enableOnlineBooking(practitioner.practiceId, { ...defaultBookingSettings(ZONE), enabled: true, weeklyHours: everyDay, minimumNoticeMinutes: 60, cancellationWindowHours: 0 });
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await phone.newPage();
    await page.goto(`/practitioners/${listingId}`);
    await page.getByRole('button', { name: 'Book' }).click();
    const dialog = page.getByRole('dialog', { name: `Book with ${name}` });
    await dialog.locator('label', { hasText: 'Consultation' }).click();
    await dialog.getByRole('listitem').first().getByRole('button').click();
    await dialog.getByRole('textbox', { name: 'Your Name' }).fill('Mo Phone');
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog.getByRole('checkbox', { name: /I agree that/ }).focus();
    await page.keyboard.press('Space');
    await dialog.getByRole('button', { name: 'Book', exact: true }).click();
    const mail = await waitForMail(email, `Your booking request with ${name} was received`);
    await page.goto(manageLinkIn(mail));
    await page.getByRole('button', { name: 'Reschedule' }).click();
    await expect(page.getByRole('region', { name: 'Open times' }).getByRole('button').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoA11yViolationsInBothThemes(page);
    await phone.close();
    await practitionerContext.close();
  });

  test('a search card shows Book once the practice takes online bookings (the cached search follows at once), and it opens the same dialog', async ({ page, browser }) => {
    const name = `Dr. Sam Searchable ${Date.now().toString(36)}`;
    const practitionerContext = await browser.newContext();
    const practitioner = await signInAsNewPractitioner(await practitionerContext.newPage(), { name, timeZone: ZONE });
    publishedBy.push(practitioner.practiceId);
    await publishListing(practitioner.practiceId, { name });

    const search = async () => {
      await page.goto(`/search?query=${encodeURIComponent(name)}`);
      const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name }) });
      await expect(card).toBeVisible();
      return card;
    };
    await expect((await search()).getByRole('button', { name: /Book/ })).toHaveCount(0);

    const defaults = defaultBookingSettings(ZONE);
    const sessionTypes = defaults.sessionTypes.map((type) => ({ ...type, priceMinor: 4500 }));
    await enableOnlineBooking(practitioner.practiceId, { ...defaults, enabled: true, currency: 'EUR', sessionTypes, weeklyHours: everyDay, minimumNoticeMinutes: 60 });
    const book = (await search()).getByRole('button', { name: `Book with ${name}` });
    await expect(book).toBeVisible();
    await book.click();
    const dialog = page.getByRole('dialog', { name: `Book with ${name}` });
    await expect(dialog.getByRole('radio', { name: /Consultation/ })).toBeVisible();
    await expect(dialog.locator('label', { hasText: 'Consultation' })).toContainText('€45.00');
    await dialog.locator('label', { hasText: 'Consultation' }).click();
    await expect(dialog.getByRole('grid')).toBeVisible();
    await expect(dialog.getByRole('listitem').first().getByRole('button')).toBeVisible();
    await expect(page).toHaveURL(/\/search\?/);

    // The calendar with the keyboard: the chosen day holds the focus, an arrow moves it, Enter chooses.
    const firstDay = (await dialog.getByRole('heading', { level: 3 }).textContent()) ?? '';
    await dialog.getByRole('grid').getByRole('button', { name: /selected/ }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('heading', { level: 3 })).not.toHaveText(firstDay);
    await expect(dialog.getByRole('grid').getByRole('button', { name: /selected/ })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('listitem').first().getByRole('button')).toBeFocused();
    await practitionerContext.close();
  });

  test('the dialog fits a phone', async ({ browser }) => {
    const practitionerContext = await browser.newContext();
    const practitionerPage = await practitionerContext.newPage();
    const name = `Dr. Pia Phone ${Date.now().toString(36)}`;
    const practitioner = await signInAsNewPractitioner(practitionerPage, { name, timeZone: ZONE });
    publishedBy.push(practitioner.practiceId);
    const listingId = await publishListing(practitioner.practiceId, { name });
    await enableOnlineBooking(practitioner.practiceId, { ...defaultBookingSettings(ZONE), enabled: true, weeklyHours: everyDay, minimumNoticeMinutes: 60 });
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await phone.newPage();
    await page.goto(`/practitioners/${listingId}`);
    await page.getByRole('button', { name: 'Book' }).click();
    const dialog = page.getByRole('dialog', { name: `Book with ${name}` });
    await dialog.locator('label', { hasText: 'Consultation' }).click();
    await expect(dialog.getByRole('listitem').first().getByRole('button')).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.close();
    await practitionerContext.close();
  });
});
