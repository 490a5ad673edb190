import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bookingSettingsMessages, bookingSettingsSchema, defaultBookingSettings, type BookingSettings } from '@wellspring/domain';
import type { RouterInputs } from '@wellspring/server/router';
import { describe, expect, it } from 'vitest';
import { ApiError, serverError, stubApi, type ApiCall, type ApiHandler } from '../../test/api-stub.ts';
import { stubMatchMedia } from '../../test/match-media.ts';
import { renderApp } from '../../test/render.tsx';
import { findToast } from '../../test/toasts.ts';

type SaveInput = RouterInputs['booking']['saveSettings'];

const robin = { id: 'u1', name: 'Dr. Robin Vale', email: 'robin@example.com' };
const defaults = defaultBookingSettings('America/New_York');

function renderSettings(handlers: Record<string, ApiHandler> = {}, path = '/dashboard/booking') {
  stubMatchMedia();
  const api = stubApi({
    'auth.me': () => ({ user: robin }),
    'booking.settings': () => ({ settings: defaults, saved: false }),
    'booking.saveSettings': (input) => ({ settings: input as BookingSettings }),
    ...handlers,
  });
  return { ...api, ...renderApp({ path }) };
}

const saves = (calls: readonly ApiCall[]) => calls.filter((call) => call.path === 'booking.saveSettings').map((call) => call.input as SaveInput);

/** The page once its settings have loaded (the first render waits for the lazily loaded route). */
const findForm = async () => {
  await screen.findByRole('heading', { level: 1, name: 'Online booking' }, { timeout: 15_000 });
  return screen.findByRole('form', { name: 'Online booking settings' });
};

const section = (name: string) => screen.getByRole('region', { name });
const group = (name: string) => screen.getByRole('group', { name });
/** The input labelled so (a number field's −/+ buttons carry its label too). */
const input = (container: HTMLElement, label: string) => {
  const [field, ...others] = within(container)
    .getAllByLabelText(label)
    .filter((element) => element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement);
  if (!field || others.length > 0) throw new Error(`Not one input labelled "${label}"`);
  return field as HTMLInputElement;
};
/** The message a field shows under it (react-aria names it in the input's aria-describedby). */
const messageOf = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

async function setNumber(events: ReturnType<typeof userEvent.setup>, field: HTMLInputElement, value: string) {
  await events.clear(field);
  await events.type(field, value);
  await events.tab();
}

async function setTime(events: ReturnType<typeof userEvent.setup>, field: HTMLInputElement, value: string) {
  await events.clear(field);
  await events.type(field, value);
}

describe('the online booking settings', { timeout: 60_000 }, () => {
  it('shows the practice’s settings as loaded: the defaults before the first save, in the practice’s zone', async () => {
    renderSettings();
    await findForm();
    expect(screen.getByText(/nothing is saved yet/)).toBeTruthy();

    const booking = section('Booking');
    expect((within(booking).getByRole('switch', { name: 'Take bookings on my public profile' }) as HTMLInputElement).checked).toBe(false);
    await waitFor(() => expect(input(booking, 'Time zone').value).toMatch(/^America\/New York \(GMT-[45]\)$/));

    const sessionTypes = section('Session types');
    const consultation = within(sessionTypes).getByRole('region', { name: 'Consultation' });
    expect(input(consultation, 'Name').value).toBe('Consultation');
    expect(input(consultation, 'Duration (minutes)').value).toBe('60');
    expect(input(consultation, 'Price').value).toBe('0.00');
    expect(within(consultation).getByRole('button', { name: /Where/ }).textContent).toContain('In-Person');
    expect(within(consultation).getByRole('button', { name: /Bookings/ }).textContent).toContain('Confirm each booking myself');
    expect((within(consultation).getByRole('checkbox', { name: 'New patients only' }) as HTMLInputElement).checked).toBe(false);

    expect(within(group('Sunday')).getByText('Closed')).toBeTruthy();
    expect(within(group('Saturday')).getByText('Closed')).toBeTruthy();
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      const hours = group(`${day}, hours 1`);
      expect([input(hours, 'Start').value, input(hours, 'End').value]).toEqual(['09:00', '17:00']);
    }
    expect(within(section('Date overrides')).getByText(/No date overrides/)).toBeTruthy();

    const rules = section('Booking rules');
    expect(input(rules, 'Buffer before (minutes)').value).toBe('0');
    expect(input(rules, 'Buffer after (minutes)').value).toBe('0');
    expect(input(rules, 'Minimum notice (hours)').value).toBe('12');
    expect(input(rules, 'Booking horizon (days)').value).toBe('60');
    expect(input(rules, 'Cancellation window (hours)').value).toBe('24');
    expect(within(rules).getByRole('button', { name: /Slot step/ }).textContent).toContain('Every 30 minutes');
    expect(within(rules).getByRole('button', { name: /Reminder e-mail/ }).textContent).toContain('24 hours before');
  });

  it('puts a wrong duration’s message under it, moves focus there and sends nothing', async () => {
    const { calls } = renderSettings();
    const events = userEvent.setup();
    await findForm();
    const duration = input(section('Session types'), 'Duration (minutes)');
    await events.clear(duration);
    // Enter submits the form with the number just typed (the field commits it in the same keystroke).
    await events.type(duration, '5{Enter}');

    await waitFor(() => expect(document.activeElement).toBe(duration));
    // Kept as typed (not snapped to a step), with the schema's message.
    expect(duration.value).toBe('5');
    expect(duration.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(duration)).toContain(bookingSettingsMessages.duration);
    // One problem needs no summary: its message is where focus is.
    expect(screen.queryByText(/problems with this form/)).toBeNull();
    expect(saves(calls)).toEqual([]);
  });

  it('puts an end before its start under that end, lists every problem above the form, and focuses the first', async () => {
    const { calls } = renderSettings();
    const events = userEvent.setup();
    await findForm();
    const wednesdayEnd = input(group('Wednesday, hours 1'), 'End');
    await setTime(events, wednesdayEnd, '08:30');
    const horizon = input(section('Booking rules'), 'Booking horizon (days)');
    await setNumber(events, horizon, '0');
    await events.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() => expect(document.activeElement).toBe(wednesdayEnd));
    expect(messageOf(wednesdayEnd)).toContain(bookingSettingsMessages.endBeforeStart);
    expect(messageOf(horizon)).toContain(bookingSettingsMessages.horizon);
    const summary = screen.getByText(/There are 2 problems with this form/).closest('[role="alert"]') as HTMLElement;
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual(['Wednesday, hours 1: end', 'Booking horizon']);
    await events.click(within(summary).getByRole('link', { name: 'Booking horizon' }));
    expect(document.activeElement).toBe(horizon);
    expect(saves(calls)).toEqual([]);

    // Fixed, the end's message goes at once; the next save sends.
    await setTime(events, wednesdayEnd, '18:00');
    expect(wednesdayEnd.getAttribute('aria-invalid')).toBeNull();
    await setNumber(events, horizon, '30');
    await events.click(screen.getByRole('button', { name: 'Save settings' }));
    await findToast('Online booking settings saved.');
    expect(saves(calls)).toHaveLength(1);
  });

  it('sends exactly the settings the schema parses: a new session type priced in pounds and a second range on Monday', async () => {
    const { calls } = renderSettings();
    const events = userEvent.setup();
    await findForm();

    await events.click(screen.getByRole('switch', { name: 'Take bookings on my public profile' }));
    await events.click(screen.getByRole('button', { name: 'Add session type' }));
    const added = within(section('Session types')).getByRole('region', { name: 'Session type 2' });
    await events.type(input(added, 'Name'), 'Follow-up');
    await setNumber(events, input(added, 'Duration (minutes)'), '30');
    await events.clear(input(added, 'Price'));
    await events.type(input(added, 'Price'), '85.50');
    expect(messageOf(input(added, 'Price'))).toContain('Shown as $85.50; 0 for free.');
    await events.click(within(section('Session types')).getByRole('button', { name: /Currency/ }));
    await events.click(await screen.findByRole('option', { name: 'GBP' }));
    expect(messageOf(input(added, 'Price'))).toContain('Shown as £85.50; 0 for free.');
    await events.click(within(added).getByRole('button', { name: /Where/ }));
    await events.click(await screen.findByRole('option', { name: 'Virtual' }));
    await events.click(within(added).getByRole('button', { name: /Bookings/ }));
    await events.click(await screen.findByRole('option', { name: 'Auto-confirm' }));
    await events.type(input(added, 'Description (optional)'), 'For patients I have seen.');

    await setTime(events, input(group('Monday, hours 1'), 'End'), '12:00');
    await events.click(screen.getByRole('button', { name: 'Add hours on Monday' }));
    const second = group('Monday, hours 2');
    await setTime(events, input(second, 'Start'), '13:00');
    await setTime(events, input(second, 'End'), '17:30');

    await events.click(screen.getByRole('button', { name: 'Save settings' }));
    await findToast('Online booking settings saved.');

    const [sent] = saves(calls);
    const followUpId = sent?.sessionTypes[1]?.id ?? '';
    expect(followUpId).toMatch(/^session-[0-9a-f]{8}$/);
    const expected = bookingSettingsSchema.parse({
      ...defaults,
      enabled: true,
      currency: 'GBP',
      sessionTypes: [
        ...defaults.sessionTypes,
        { id: followUpId, name: 'Follow-up', durationMinutes: 30, priceMinor: 8550, mode: 'virtual', newPatientsOnly: false, description: 'For patients I have seen.', approval: 'auto' },
      ],
      weeklyHours: defaults.weeklyHours.map((ranges, day) =>
        day === 1
          ? [
              { start: '09:00', end: '12:00' },
              { start: '13:00', end: '17:30' },
            ]
          : ranges,
      ),
    });
    expect(sent).toEqual(expected);
    expect(saves(calls)).toHaveLength(1);

    // The form keeps what was saved on screen.
    expect(input(within(section('Session types')).getByRole('region', { name: 'Consultation' }), 'Name').value).toBe('Consultation');
    expect(input(within(section('Session types')).getByRole('region', { name: 'Follow-up' }), 'Price').value).toBe('85.50');
    expect(input(group('Monday, hours 2'), 'End').value).toBe('17:30');
    expect(screen.queryByText(/nothing is saved yet/)).toBeNull();
  });

  it('keeps everything typed when the server fails, and says why', async () => {
    let failure: ApiError = serverError();
    const { calls } = renderSettings({
      'booking.saveSettings': () => {
        throw failure;
      },
    });
    const events = userEvent.setup();
    await findForm();
    const name = input(section('Session types'), 'Name');
    await events.clear(name);
    await events.type(name, 'First visit');
    await setNumber(events, input(section('Booking rules'), 'Booking horizon (days)'), '90');
    await events.click(screen.getByRole('button', { name: 'Save settings' }));

    const alert = await screen.findByText(/Your settings were not saved/);
    expect(alert.textContent).toBe('Your settings were not saved. Something went wrong on our side. Please try again.');
    expect(name.value).toBe('First visit');
    expect(input(section('Booking rules'), 'Booking horizon (days)').value).toBe('90');
    expect(saves(calls)).toHaveLength(1);

    // A refusal the browser could not foresee (a zone this server does not know) shows under its field.
    failure = new ApiError({
      code: 'BAD_REQUEST',
      httpStatus: 400,
      message: bookingSettingsMessages.timeZone,
      fieldErrors: { timeZone: [bookingSettingsMessages.timeZone] },
    });
    await events.click(screen.getByRole('button', { name: 'Save settings' }));
    const timeZone = input(section('Booking'), 'Time zone');
    await waitFor(() => expect(document.activeElement).toBe(timeZone));
    expect(messageOf(timeZone)).toContain(bookingSettingsMessages.timeZone);
    expect(screen.getByText(/Your settings were not saved/).textContent).toBe(`Your settings were not saved. ${bookingSettingsMessages.timeZone}`);
    expect(name.value).toBe('First visit');
  });
});

describe('the way to the online booking settings', { timeout: 60_000 }, () => {
  it('is in the side menu, marked current there, and on the schedule', async () => {
    const { location } = renderSettings({ 'schedule.week': () => ({ today: '2025-06-04', timeZone: 'UTC', days: [] }) }, '/dashboard/schedule');
    const events = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Schedule' }, { timeout: 15_000 });
    const fromSchedule = screen.getByRole('link', { name: 'Online booking settings' });
    expect(fromSchedule.getAttribute('href')).toBe('/dashboard/booking');

    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    await events.click(within(menu).getByRole('link', { name: 'Online Booking' }));
    await findForm();
    expect(location.history?.at(-1)).toBe('/dashboard/booking');
    expect(within(menu).getByRole('link', { name: 'Online Booking' }).getAttribute('aria-current')).toBe('page');
    expect(within(menu).getByRole('link', { name: 'Schedule' }).getAttribute('aria-current')).toBeNull();
  });

  it('sends a visitor to sign in first', async () => {
    stubMatchMedia();
    stubApi({ 'auth.me': () => ({ user: null }) });
    const { location } = renderApp({ path: '/dashboard/booking' });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/login?next=%2Fdashboard%2Fbooking'));
  });
});
