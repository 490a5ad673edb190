import { expect, test, type Locator, type Page } from '@playwright/test';
import { addDays, calendarDateInZone, formatLongDate, weekOf, zonedTimeToInstant, type CalendarDate } from '@wellspring/domain';
import { chooseComboBoxOption, expectNoA11yViolations, toast } from './fixtures.ts';
import { expectNoA11yViolationsInBothThemes } from './public-site.ts';
import { addAppointment, addPatient, signInAsNewPractitioner } from './practice-fixtures.ts';

const ZONE = 'America/Los_Angeles';
const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "Sunday, June 1, 2025", as the grid's day headings and Add buttons name a day. */
const dayName = (date: CalendarDate): string => `${weekdays[new Date(`${date}T00:00:00Z`).getUTCDay()]}, ${formatLongDate(date, 'UTC')}`;

const thisWeek = () => weekOf(calendarDateInZone(new Date(), ZONE), ZONE);
const nextWeek = () => thisWeek().map((day) => addDays(day, 7));

const dayHeadings = (page: Page) => page.getByRole('heading', { level: 2, name: /, \d{4}/ });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Schedule New Appointment' });

async function optionsOf(page: Page, scope: Locator, label: string): Promise<string[]> {
  await scope.getByRole('button', { name: new RegExp(`${label}$`) }).click();
  const options = await page.getByRole('listbox').getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  return options;
}

async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('button', { name: new RegExp(`${label}$`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('the schedule', () => {
  test('shows the week from Sunday with today highlighted, a week at a time, and jumps with the date picker', async ({ page }) => {
    await signInAsNewPractitioner(page);
    await page.goto('/dashboard/schedule');
    const week = thisWeek();
    await expect(dayHeadings(page)).toHaveCount(7);
    for (const [index, day] of week.entries()) await expect(dayHeadings(page).nth(index)).toContainText(dayName(day));
    const today = calendarDateInZone(new Date(), ZONE);
    const todayHeading = page.getByRole('heading', { level: 2, name: `${dayName(today)}, today` });
    await expect(todayHeading).toHaveAttribute('aria-current', 'date');

    // docs/product.md#schedule: each column is 500 px high.
    const column = page.getByRole('listitem').filter({ has: todayHeading });
    expect((await column.boundingBox())?.height).toBe(500);

    await page.getByRole('button', { name: 'Next week' }).click();
    await expect(dayHeadings(page).first()).toContainText(dayName(nextWeek()[0] ?? ''));
    await expect(page.getByRole('heading', { level: 2, name: /today/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Previous week' }).click();
    await page.getByRole('button', { name: 'Previous week' }).click();
    await expect(dayHeadings(page).first()).toContainText(dayName(addDays(week[0] ?? '', -7)));

    // The month-year date picker: typing a day shows its week.
    await page.getByRole('spinbutton', { name: /month/ }).click();
    await page.keyboard.type('12152026');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\?date=2026-12-15$/);
    await expect(page.getByRole('heading', { level: 2, name: 'December 2026' })).toBeVisible();
    await expect(dayHeadings(page).first()).toContainText('Sunday, December 13, 2026');
    await page.getByRole('button', { name: 'Today' }).click();
    await expect(todayHeading).toBeVisible();

    await expectNoA11yViolationsInBothThemes(page);
  });

  test('has a Month view that is coming soon, with a button back to Week', async ({ page }) => {
    await signInAsNewPractitioner(page);
    await page.goto('/dashboard/schedule');
    await expect(dayHeadings(page)).toHaveCount(7);
    await page.getByRole('radio', { name: 'Month' }).click();
    await expect(page.getByRole('heading', { name: 'Month view coming soon' })).toBeVisible();
    await expect(dayHeadings(page)).toHaveCount(0);
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Back to Week View' }).click();
    await expect(dayHeadings(page)).toHaveCount(7);
    await expect(page.getByRole('radio', { name: 'Week' })).toBeChecked();
  });

  test('the dialog offers the spec’s options and the practice’s own patients', async ({ page }) => {
    // Another practice's patient is never offered.
    const other = await signInAsNewPractitioner(page);
    await addPatient(other.practiceId, { name: 'Somebody Elses' });
    const { practiceId } = await signInAsNewPractitioner(page);
    await addPatient(practiceId, { name: 'Michael Chen' });
    await addPatient(practiceId, { name: 'Emma Thompson' });

    await page.goto('/dashboard/schedule');
    const friday = thisWeek()[5] ?? '';
    await page.getByRole('button', { name: `Add appointment on ${dayName(friday)}` }).click();
    const form = dialog(page);
    await expect(form).toBeVisible();
    await expect(form.getByText(dayName(friday), { exact: true })).toBeVisible();
    expect(await optionsOf(page, form, 'Time')).toEqual(['9:00 AM', '10:00 AM', '11:00 AM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM']);
    expect(await optionsOf(page, form, 'Duration')).toEqual(['30 min', '45 min', '60 min', '90 min']);
    expect(await optionsOf(page, form, 'Appointment Type')).toEqual(['Initial Consultation', 'Follow-up', 'Assessment', 'Treatment Session']);
    expect(await optionsOf(page, form, 'Mode')).toEqual(['Virtual', 'In-Person']);

    await form.getByRole('combobox', { name: 'Patient' }).click();
    await expect(page.getByRole('option')).toHaveText(['Emma Thompson', 'Michael Chen', 'New Patient']);
    await form.getByRole('combobox', { name: 'Patient' }).fill('mich');
    await expect(page.getByRole('option')).toHaveText(['Michael Chen', 'New Patient']);
    // Escape closes the list and clears text that chose nothing; the dialog stays.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(form.getByRole('combobox', { name: 'Patient' })).toHaveValue('');
    await expect(form).toBeVisible();

    await expectNoA11yViolationsInBothThemes(page);
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog(page)).toHaveCount(0);
  });

  test('schedules for a NEW patient: saved, in the grid after a reload, on the dashboard and the patient’s record', async ({ page }) => {
    await signInAsNewPractitioner(page);
    await page.goto('/dashboard/schedule');
    await page.getByRole('button', { name: 'Next week' }).click();
    const saturday = nextWeek()[6] ?? '';
    await page.getByRole('button', { name: `Add appointment on ${dayName(saturday)}` }).click();
    const form = dialog(page);
    await expect(form.getByText(dayName(saturday), { exact: true })).toBeVisible();

    await form.getByRole('combobox', { name: 'Patient' }).click();
    await chooseComboBoxOption(page, 'New Patient');
    await form.getByRole('button', { name: 'Schedule Appointment' }).click();
    await expect(form.getByText('Please enter the new patient’s name (at least 2 characters).')).toBeVisible();
    await expect(form.getByLabel('Patient name')).toBeFocused();

    await form.getByLabel('Patient name').fill('Nora Newcomb');
    await form.getByLabel('Patient email (optional)').fill('nora.newcomb@example.com');
    await form.getByLabel('Patient phone (optional)').fill('555-010-2030');
    await choose(page, form, 'Time', '2:00 PM');
    await choose(page, form, 'Duration', '45 min');
    await choose(page, form, 'Appointment Type', 'Follow-up');
    await choose(page, form, 'Mode', 'Virtual');
    await form.getByLabel('Notes').fill('First visit, referred by a friend.');
    await form.getByRole('button', { name: 'Schedule Appointment' }).click();

    await expect(toast(page, 'Appointment scheduled')).toContainText('New appointment has been added to your calendar');
    await expect(dialog(page)).toHaveCount(0);
    const entry = page.getByRole('link', { name: '2:00 PM Nora Newcomb Follow-up' });
    await expect(entry).toBeVisible();

    await page.reload();
    await expect(entry).toBeVisible();
    const column = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: dayName(saturday) }) });
    await expect(column.getByRole('link')).toHaveText(['2:00 PM Nora Newcomb Follow-up']);

    await page.goto('/dashboard');
    const upcoming = page.getByRole('region', { name: 'Upcoming Appointments' }).getByRole('listitem').filter({ hasText: 'Nora Newcomb' });
    await expect(upcoming).toContainText('Virtual');
    await expect(upcoming).toContainText('45 min');
    await expect(page.getByRole('listitem').filter({ hasText: 'Total Patients' })).toContainText('1');

    await page.goto(`/dashboard/schedule?date=${saturday}`);
    await entry.click();
    await expect(page).toHaveURL(/\/dashboard\/patients\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Nora Newcomb').first()).toBeVisible();
    await expect(page.getByText('nora.newcomb@example.com').first()).toBeVisible();
  });

  test('warns about an overlapping appointment, and schedules it anyway', async ({ page }) => {
    const { practiceId } = await signInAsNewPractitioner(page, { timeZone: ZONE });
    const ann = await addPatient(practiceId, { name: 'Ann Early' });
    await addPatient(practiceId, { name: 'Ben Overlap' });
    const tuesday = nextWeek()[2] ?? '';
    await addAppointment(practiceId, ann, { startsAt: zonedTimeToInstant(tuesday, '10:00', ZONE), durationMinutes: 60, type: 'assessment' });

    await page.goto(`/dashboard/schedule?date=${tuesday}`);
    await expect(page.getByRole('link', { name: '10:00 AM Ann Early Assessment' })).toBeVisible();
    await page.getByRole('button', { name: `Add appointment on ${dayName(tuesday)}` }).click();
    const form = dialog(page);
    await form.getByRole('combobox', { name: 'Patient' }).fill('Ben');
    // The list first shows the patients it had (Ann too) until the server's answer for "Ben" arrives:
    // choosing while it shrinks could click where the option was a moment before.
    await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['Ben Overlap', 'New Patient']);
    await chooseComboBoxOption(page, 'Ben Overlap');
    await expect(form.getByRole('combobox', { name: 'Patient' })).toHaveValue('Ben Overlap');
    await expect(form.getByText(/overlaps/)).toHaveCount(0);
    await choose(page, form, 'Time', '10:00 AM');
    await expect(form.getByRole('status')).toContainText('This time overlaps another appointment. You can still schedule it.');
    await expect(form.getByRole('status')).toContainText('Ann Early');
    await expectNoA11yViolations(page);
    // 9:00 for 30 minutes ends before Ann's 10:00: no warning.
    await choose(page, form, 'Time', '9:00 AM');
    await choose(page, form, 'Duration', '30 min');
    await expect(form.getByText(/overlaps/)).toHaveCount(0);
    await choose(page, form, 'Time', '10:00 AM');
    await expect(form.getByRole('status')).toContainText('overlaps another appointment');
    await form.getByRole('button', { name: 'Schedule Appointment' }).click();
    await expect(toast(page, 'Appointment scheduled')).toBeVisible();
    const column = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: dayName(tuesday) }) });
    // Both at 10:00: appointments starting together come in id order.
    await expect(column.getByRole('link')).toHaveCount(2);
    expect((await column.getByRole('link').allTextContents()).sort()).toEqual(['10:00 AM Ann Early Assessment', '10:00 AM Ben Overlap Initial Consultation']);
  });

  test('on a phone the week scrolls sideways inside the page', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInAsNewPractitioner(page);
    await page.goto('/dashboard/schedule');
    await expect(dayHeadings(page)).toHaveCount(7);
    const pageOverflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(pageOverflow).toBeLessThanOrEqual(0);
    const weekList = page.getByRole('list', { name: /^Week of/ });
    const scroller = weekList.locator('xpath=..');
    const { scrollWidth, clientWidth } = await scroller.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    await page.getByRole('button', { name: /Add appointment on Saturday/ }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('button', { name: /Add appointment on Saturday/ })).toBeInViewport();
    await page.screenshot({ path: 'test-results/schedule-phone.png' });
    await expectNoA11yViolations(page);
  });
});
