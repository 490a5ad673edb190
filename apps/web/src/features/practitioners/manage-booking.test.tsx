import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bookingManageMessages, type OpenSlot } from '@wellspring/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { ApiError, conflict, stubApi, type ApiHandler } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ManageBookingPage } from './manage-booking.page.tsx';

const token = 'T'.repeat(43);
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const booking = {
  practitionerId: '42',
  practitionerName: 'Dr. Mara Quinn',
  sessionTypeId: 'follow',
  sessionTypeName: 'Follow-up',
  startsAt: '2031-03-10T17:00:00.000Z',
  endsAt: '2031-03-10T17:30:00.000Z',
  mode: 'virtual',
  confirmed: true,
  timeZone: zone,
  changeable: true,
  changeableUntil: '2031-03-09T17:00:00.000Z',
  cancellationWindowHours: 24,
};
const slot = (startsAt: string): OpenSlot => ({ startsAt, endsAt: new Date(Date.parse(startsAt) + 30 * 60_000).toISOString(), localDate: startsAt.slice(0, 10), localTime: '00:00' });
const timeIn = (startsAt: string) => new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: zone }).format(new Date(startsAt));

function open(handlers: Record<string, ApiHandler>, link = `/bookings/manage#${token}`) {
  window.history.replaceState(null, '', link);
  const api = stubApi({ 'auth.me': () => ({ user: null }), 'booking.manage': () => booking, ...handlers });
  renderWithProviders(<Route path="/bookings/manage" component={ManageBookingPage} />, { path: '/bookings/manage' });
  return { ...api, user: userEvent.setup() };
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the manage link of a booking', { timeout: 20_000 }, () => {
  it('shows the booking from the token in the link’s fragment, and cancels it after asking', async () => {
    const { user, calls } = open({ 'booking.cancel': () => ({ cancelled: true }) });
    expect(await screen.findByText('Dr. Mara Quinn')).toBeTruthy();
    expect(screen.getByText('Confirmed')).toBeTruthy();
    expect(calls.find((call) => call.path === 'booking.manage')?.input).toEqual({ token });
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByText(bookingManageMessages.cancelled)).toBeTruthy();
    expect(calls.find((call) => call.path === 'booking.cancel')?.input).toEqual({ token });
  });

  it('moves it to another open time of its session', async () => {
    const other = '2031-03-12T18:00:00.000Z';
    const { user, calls } = open({
      'booking.slots': () => ({ timeZone: zone, slots: [slot(booking.startsAt), slot(other)] }),
      'booking.move': () => ({ ...booking, startsAt: other, endsAt: slot(other).endsAt }),
    });
    await user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    const times = await screen.findByRole('region', { name: 'Open times' });
    expect(within(times).getAllByRole('button')).toHaveLength(1);
    await user.click(within(times).getByRole('button', { name: new RegExp(`at ${timeIn(other)}$`) }));
    expect(await screen.findByText(bookingManageMessages.moved)).toBeTruthy();
    expect(calls.find((call) => call.path === 'booking.move')?.input).toEqual({ token, startsAt: other });
  });

  it('offers the earlier time from the e-mail, and says so when another patient took it first', async () => {
    const earlier = '2031-03-08T16:00:00.000Z';
    const { user } = open({ 'booking.move': () => Promise.reject(conflict('That time was just taken — please choose another')) }, `/bookings/manage?earlier=${encodeURIComponent(earlier)}#${token}`);
    const offer = await screen.findByRole('region', { name: 'An earlier time opened' });
    await user.click(within(offer).getByRole('button', { name: 'Take the earlier time' }));
    expect(await screen.findByText(bookingManageMessages.earlierTaken)).toBeTruthy();
    expect(screen.getByText('Dr. Mara Quinn')).toBeTruthy();
  });

  it('says how to reach the practice inside the cancellation window, and explains a dead link', async () => {
    open({ 'booking.manage': () => ({ ...booking, changeable: false }) });
    expect(await screen.findByText(bookingManageMessages.window(24, 'Dr. Mara Quinn'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Contact Dr. Mara Quinn' }).getAttribute('href')).toBe('/practitioners/42');
  });

  it('explains a link that no longer works', async () => {
    open({ 'booking.manage': () => Promise.reject(new ApiError({ code: 'NOT_FOUND', httpStatus: 404, message: bookingManageMessages.deadLink })) });
    expect(await screen.findByText(bookingManageMessages.deadLink)).toBeTruthy();
  });
});
