import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, bookingSubmitSchema, calendarDateInZone, calendarToUtc, daysBetween, zonedTimeToInstant, type OpenSlot } from '@wellspring/domain';
import { samplePractitioners } from '@wellspring/domain/samples';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { conflict, stubApi, type ApiHandler } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { findToast } from '../../test/toasts.ts';
import { PractitionerProfilePage } from './practitioner-profile.page.tsx';

const { distance: _distance, ...elena } = samplePractitioners[0]!;

const practiceZone = 'America/Los_Angeles';
const offer = {
  enabled: true,
  timeZone: practiceZone,
  currency: 'GBP',
  horizonDays: 60,
  sessionTypes: [
    { id: 'intro', name: 'Initial consultation', durationMinutes: 60, priceMinor: 12000, mode: 'in-person', newPatientsOnly: true, description: 'A first, longer visit.' },
    { id: 'follow', name: 'Follow-up', durationMinutes: 30, priceMinor: 6000, mode: 'virtual', newPatientsOnly: false, description: '' },
  ],
};
/** An open time of the practice's calendar, `daysAhead` days from its today. */
const slot = (daysAhead: number, localTime: string): OpenSlot => {
  const localDate = addDays(calendarDateInZone(new Date(), practiceZone), daysAhead);
  const startsAt = zonedTimeToInstant(localDate, localTime, practiceZone).toISOString();
  return { startsAt, endsAt: new Date(Date.parse(startsAt) + 30 * 60_000).toISOString(), localDate, localTime };
};
// Two times the day after tomorrow, one the day after that (in the practice's calendar).
const slots = [slot(2, '09:00'), slot(2, '09:30'), slot(3, '10:00')];
/** `booking.slots` as the server pages it: the practice's dates from `from` (today), `days` of them. */
const slotsPage = (openTimes: readonly OpenSlot[]) => (raw: unknown) => {
  const input = raw as { from?: string; days: number };
  const from = input.from ?? calendarDateInZone(new Date(), practiceZone);
  return { timeZone: practiceZone, slots: openTimes.filter((each) => each.localDate >= from && daysBetween(from, each.localDate) < input.days) };
};
/** The visitor's zone in these tests (the runner's). */
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const timeIn = (startsAt: string) => new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: zone }).format(new Date(startsAt));
const dayIn = (startsAt: string) => calendarDateInZone(startsAt, zone);
/** The calendar's button for a day of the visitor's calendar ("yyyy-MM-dd"), by the name react-aria gives it. */
const dayCell = (dialog: HTMLElement, date: string) => {
  const name = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(calendarToUtc(date));
  const cell = within(within(dialog).getByRole('grid'))
    .getAllByRole('button')
    .find((button) => !button.hasAttribute('data-outside-month') && (button.getAttribute('aria-label') ?? '').includes(name));
  if (!cell) throw new Error(`No day ${date} in the calendar`);
  return cell;
};

async function openProfile(handlers: Record<string, ApiHandler>) {
  const api = stubApi({ 'auth.me': () => ({ user: null }), 'practitioners.byId': () => elena, 'favorites.ids': () => [], ...handlers });
  const user = userEvent.setup();
  renderWithProviders(<Route path="/practitioners/:id" component={PractitionerProfilePage} />, { path: '/practitioners/1' });
  await screen.findByRole('heading', { level: 1, name: elena.name });
  return { ...api, user };
}

const HOLD_ID = 'hold-id-of-22-chars-xx';

async function chooseTime(handlers: Record<string, ApiHandler>) {
  const opened = await openProfile({ 'booking.offer': () => offer, 'booking.slots': slotsPage(slots), 'booking.hold': () => ({ holdId: HOLD_ID, expiresAt: '2031-03-04T17:10:00.000Z' }), ...handlers });
  await opened.user.click(await screen.findByRole('button', { name: 'Book' }));
  const dialog = await screen.findByRole('dialog', { name: `Book with ${elena.name}` });
  await opened.user.click(within(dialog).getByRole('radio', { name: /Follow-up/ }));
  await opened.user.click(await within(dialog).findByRole('button', { name: new RegExp(`at ${timeIn(slots[1]!.startsAt)}$`) }));
  return { ...opened, dialog };
}

describe('book on a profile', { timeout: 20_000 }, () => {
  it('shows no Book button where the practice takes no online bookings', async () => {
    await openProfile({ 'booking.offer': () => ({ enabled: false, timeZone: null, currency: 'USD', horizonDays: 0, sessionTypes: [] }) });
    expect(screen.getByRole('button', { name: 'Contact' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Book' })).toBeNull();
  });

  it('lists the session types with their prices, then a calendar on the first day with open times, in the visitor’s zone, naming the practice’s zone when it differs', async () => {
    const { user, calls } = await openProfile({ 'booking.offer': () => offer, 'booking.slots': slotsPage(slots) });
    await user.click(await screen.findByRole('button', { name: 'Book' }));
    const dialog = await screen.findByRole('dialog', { name: `Book with ${elena.name}` });
    expect(within(dialog).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Initial consultation60 min · In person · £120.00 · New patientsA first, longer visit.',
      'Follow-up30 min · Virtual · £60.00',
    ]);
    await user.click(within(dialog).getByRole('radio', { name: /Follow-up/ }));
    await within(dialog).findByRole('button', { name: new RegExp(`at ${timeIn(slots[0]!.startsAt)}$`) });
    expect(calls.find((call) => call.path === 'booking.slots')?.input).toMatchObject({ practitionerId: '1', sessionTypeId: 'follow', from: calendarDateInZone(new Date(), practiceZone), days: 14 });
    // The first day with open times is chosen, and only its times are listed.
    expect(within(dialog).getAllByRole('heading', { level: 3 })).toHaveLength(1);
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(2);
    expect(dayCell(dialog, dayIn(slots[0]!.startsAt)).getAttribute('aria-label')).toMatch(/selected/i);
    // Days known to have no open time are marked unavailable (today and the days after the last
    // open time, in the month shown); days with times are not.
    const first = dayIn(slots[0]!.startsAt);
    const next = dayIn(slots[2]!.startsAt);
    expect(dayCell(dialog, first).hasAttribute('data-unavailable')).toBe(false);
    for (const empty of [calendarDateInZone(new Date(), zone), addDays(next, 1)].filter((day) => day.slice(0, 7) === first.slice(0, 7) && day !== first)) {
      expect(dayCell(dialog, empty).getAttribute('aria-disabled')).toBe('true');
    }
    const note = within(dialog).getByText(/Times are in your time zone/);
    expect(note.textContent).toContain(zone);
    if (zone !== practiceZone) expect(note.textContent).toContain(`the practice is in ${practiceZone}`);

    // Another day: its times replace the first day's. (At a month's end it is in the next month: the
    // header's Next; react-aria repeats that button after the grid, visually hidden, for screen readers.)
    if (next.slice(0, 7) !== first.slice(0, 7)) await user.click(within(dialog).getAllByRole('button', { name: 'Next' })[0]!);
    await user.click(dayCell(dialog, next));
    await within(dialog).findByRole('button', { name: new RegExp(`at ${timeIn(slots[2]!.startsAt)}$`) });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(1);
  });

  it('moves through the calendar with the keyboard: arrows move the focus, Enter chooses the day, a day without times cannot be chosen', async () => {
    const { user } = await openProfile({ 'booking.offer': () => offer, 'booking.slots': slotsPage(slots) });
    await user.click(await screen.findByRole('button', { name: 'Book' }));
    const dialog = await screen.findByRole('dialog', { name: `Book with ${elena.name}` });
    await user.click(within(dialog).getByRole('radio', { name: /Follow-up/ }));
    await within(dialog).findByRole('button', { name: new RegExp(`at ${timeIn(slots[0]!.startsAt)}$`) });
    const first = dayIn(slots[0]!.startsAt);
    const next = dayIn(slots[2]!.startsAt);
    // The chosen day holds the calendar's focus (Tab reaches it after the month buttons).
    dayCell(dialog, first).focus();
    for (let day = first; day < next; day = addDays(day, 1)) await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(dayCell(dialog, next));
    await user.keyboard('{Enter}');
    await within(dialog).findByRole('button', { name: new RegExp(`at ${timeIn(slots[2]!.startsAt)}$`) });
    await user.keyboard('{ArrowRight}');
    await user.keyboard('{Enter}');
    // The day after has no open time: the choice stays.
    expect(document.activeElement?.getAttribute('aria-disabled')).toBe('true');
    expect(within(dialog).getByRole('button', { name: new RegExp(`at ${timeIn(slots[2]!.startsAt)}$`) })).toBeTruthy();
  });

  it('opens on the first day with open times even in a later month, reading the days in pages of 14', async () => {
    const later = [slot(40, '11:00')];
    const { user, calls } = await openProfile({ 'booking.offer': () => offer, 'booking.slots': slotsPage(later) });
    await user.click(await screen.findByRole('button', { name: 'Book' }));
    const dialog = await screen.findByRole('dialog', { name: `Book with ${elena.name}` });
    await user.click(within(dialog).getByRole('radio', { name: /Follow-up/ }));
    await within(dialog).findByRole('button', { name: new RegExp(`at ${timeIn(later[0]!.startsAt)}$`) });
    expect(dayCell(dialog, dayIn(later[0]!.startsAt)).getAttribute('aria-label')).toMatch(/selected/i);
    const pages = calls.filter((call) => call.path === 'booking.slots').map((call) => call.input as { from: string; days: number });
    const practiceToday = calendarDateInZone(new Date(), practiceZone);
    expect(pages.every((page) => page.days === 14 && daysBetween(practiceToday, page.from) % 14 === 0)).toBe(true);
    expect(pages.some((page) => page.from <= later[0]!.localDate && daysBetween(page.from, later[0]!.localDate) < 14)).toBe(true);
  });

  it('asks for name, e-mail and consent before booking, sends the chosen time, and says the request is sent', async () => {
    const { user, dialog, calls } = await chooseTime({ 'booking.book': () => ({ appointmentId: 'a1', startsAt: slots[1]!.startsAt, endsAt: slots[1]!.endsAt, status: 'scheduled', sessionType: 'Follow-up' }) });
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    expect(within(dialog).getByText('Please enter your name.')).toBeTruthy();
    expect(within(dialog).getByText('Please agree to share these details with the practitioner.')).toBeTruthy();
    expect(calls.some((call) => call.path === 'booking.book')).toBe(false);

    await user.type(within(dialog).getByLabelText('Your Name'), 'Ada Lovelace');
    await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await user.click(within(dialog).getByRole('checkbox', { name: /I agree that/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    expect(await within(dialog).findByText('Your request is sent.')).toBeTruthy();
    const sent = calls.find((call) => call.path === 'booking.book');
    expect(bookingSubmitSchema.parse(sent?.input)).toMatchObject({ practitionerId: '1', sessionTypeId: 'follow', startsAt: slots[1]!.startsAt, name: 'Ada Lovelace', email: 'ada@example.com', consent: true, holdId: HOLD_ID });
    // The time was held for the visitor the moment they chose it.
    expect(calls.find((call) => call.path === 'booking.hold')?.input).toEqual({ practitionerId: '1', sessionTypeId: 'follow', startsAt: slots[1]!.startsAt });
  });

  it('goes back to the times, saying so, when the time was just taken — and keeps what was typed', async () => {
    const { user, dialog, calls } = await chooseTime({ 'booking.book': () => Promise.reject(conflict('That time was just taken — please choose another')) });
    await user.type(within(dialog).getByLabelText('Your Name'), 'Ada Lovelace');
    await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await user.click(within(dialog).getByRole('checkbox', { name: /I agree that/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    expect(await findToast('That time was just taken — please choose another')).toBeTruthy();
    await waitFor(() => expect(calls.filter((call) => call.path === 'booking.slots').length).toBeGreaterThan(1));
    await user.click(await within(dialog).findByRole('button', { name: new RegExp(`at ${timeIn(slots[0]!.startsAt)}$`) }));
    expect((within(dialog).getByLabelText('Your Name') as HTMLInputElement).value).toBe('Ada Lovelace');
  });
});
