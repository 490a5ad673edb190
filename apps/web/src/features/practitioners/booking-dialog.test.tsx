import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bookingSubmitSchema, samplePractitioners, type OpenSlot } from '@wellspring/domain';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { conflict, stubApi, type ApiHandler } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { findToast } from '../../test/toasts.ts';
import { PractitionerProfilePage } from './practitioner-profile.page.tsx';

const { distance: _distance, ...elena } = samplePractitioners[0]!;

const offer = {
  enabled: true,
  timeZone: 'America/Los_Angeles',
  sessionTypes: [
    { id: 'intro', name: 'Initial consultation', durationMinutes: 60, priceMinor: 12000, mode: 'in-person', newPatientsOnly: true, description: 'A first, longer visit.' },
    { id: 'follow', name: 'Follow-up', durationMinutes: 30, priceMinor: 6000, mode: 'virtual', newPatientsOnly: false, description: '' },
  ],
};
const slot = (startsAt: string, localDate: string, localTime: string): OpenSlot => ({ startsAt, endsAt: new Date(Date.parse(startsAt) + 30 * 60_000).toISOString(), localDate, localTime });
const slots = [slot('2031-03-04T17:00:00.000Z', '2031-03-04', '09:00'), slot('2031-03-04T17:30:00.000Z', '2031-03-04', '09:30'), slot('2031-03-05T18:00:00.000Z', '2031-03-05', '10:00')];
/** The visitor's zone in these tests (the runner's). */
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const timeIn = (startsAt: string) => new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: zone }).format(new Date(startsAt));

async function openProfile(handlers: Record<string, ApiHandler>) {
  const api = stubApi({ 'auth.me': () => ({ user: null }), 'practitioners.byId': () => elena, 'favorites.ids': () => [], ...handlers });
  const user = userEvent.setup();
  renderWithProviders(<Route path="/practitioners/:id" component={PractitionerProfilePage} />, { path: '/practitioners/1' });
  await screen.findByRole('heading', { level: 1, name: elena.name });
  return { ...api, user };
}

async function chooseTime(handlers: Record<string, ApiHandler>) {
  const opened = await openProfile({ 'booking.offer': () => offer, 'booking.slots': () => ({ timeZone: 'America/Los_Angeles', slots }), ...handlers });
  await opened.user.click(await screen.findByRole('button', { name: 'Book' }));
  const dialog = await screen.findByRole('dialog', { name: `Book with ${elena.name}` });
  await opened.user.click(within(dialog).getByRole('radio', { name: /Follow-up/ }));
  await opened.user.click(await within(dialog).findByRole('button', { name: new RegExp(`at ${timeIn(slots[1]!.startsAt)}$`) }));
  return { ...opened, dialog };
}

describe('book on a profile', { timeout: 20_000 }, () => {
  it('shows no Book button where the practice takes no online bookings', async () => {
    await openProfile({ 'booking.offer': () => ({ enabled: false, timeZone: null, sessionTypes: [] }) });
    expect(screen.getByRole('button', { name: 'Contact' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Book' })).toBeNull();
  });

  it('lists the session types, then the open times by day in the visitor’s zone, naming the practice’s zone when it differs', async () => {
    const { user, calls } = await openProfile({ 'booking.offer': () => offer, 'booking.slots': () => ({ timeZone: 'America/Los_Angeles', slots }) });
    await user.click(await screen.findByRole('button', { name: 'Book' }));
    const dialog = await screen.findByRole('dialog', { name: `Book with ${elena.name}` });
    expect(within(dialog).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Initial consultation60 min · In person · New patientsA first, longer visit.',
      'Follow-up30 min · Virtual',
    ]);
    await user.click(within(dialog).getByRole('radio', { name: /Follow-up/ }));
    await within(dialog).findByRole('button', { name: new RegExp(`at ${timeIn(slots[0]!.startsAt)}$`) });
    expect(calls.find((call) => call.path === 'booking.slots')?.input).toMatchObject({ practitionerId: '1', sessionTypeId: 'follow', days: 7 });
    expect(within(dialog).getAllByRole('heading', { level: 3 })).toHaveLength(2);
    const note = within(dialog).getByText(/Times are in your time zone/);
    expect(note.textContent).toContain(zone);
    if (zone !== 'America/Los_Angeles') expect(note.textContent).toContain('the practice is in America/Los_Angeles');
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
    expect(bookingSubmitSchema.parse(sent?.input)).toMatchObject({ practitionerId: '1', sessionTypeId: 'follow', startsAt: slots[1]!.startsAt, name: 'Ada Lovelace', email: 'ada@example.com', consent: true });
  });

  it('goes back to the times, saying so, when the time was just taken — and keeps what was typed', async () => {
    const { user, dialog, calls } = await chooseTime({ 'booking.book': () => Promise.reject(conflict('That time was just taken — please choose another')) });
    await user.type(within(dialog).getByLabelText('Your Name'), 'Ada Lovelace');
    await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await user.click(within(dialog).getByRole('checkbox', { name: /I agree that/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    expect(await findToast('That time was just taken — please choose another')).toBeTruthy();
    await waitFor(() => expect(calls.filter((call) => call.path === 'booking.slots').length).toBeGreaterThan(1));
    await user.click(await within(dialog).findByRole('button', { name: new RegExp(`at ${timeIn(slots[2]!.startsAt)}$`) }));
    expect((within(dialog).getByLabelText('Your Name') as HTMLInputElement).value).toBe('Ada Lovelace');
  });
});
