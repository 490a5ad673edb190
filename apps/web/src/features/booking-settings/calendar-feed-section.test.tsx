import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultBookingSettings, type CalendarFeedStatus } from '@wellspring/domain';
import { describe, expect, it } from 'vitest';
import { serverError, stubApi, type ApiHandler } from '../../test/api-stub.ts';
import { stubMatchMedia } from '../../test/match-media.ts';
import { renderApp } from '../../test/render.tsx';
import { findToast } from '../../test/toasts.ts';

const robin = { id: 'u1', name: 'Dr. Robin Vale', email: 'robin@example.com' };
const link = (generation: number) => `http://localhost:3000/calendar/${String(generation).repeat(43).slice(0, 43)}.ics`;

/** A server that keeps the feed's state as the real one would. */
function feedServer(initial: CalendarFeedStatus = { enabled: false, url: null, showsNames: false }) {
  let generation = initial.url ? 1 : 0;
  let state = initial;
  const handlers: Record<string, ApiHandler> = {
    'calendarFeed.status': () => state,
    'calendarFeed.enable': () => {
      if (!state.enabled) generation += 1;
      state = { ...state, enabled: true, url: link(generation) };
      return state;
    },
    'calendarFeed.regenerate': () => {
      generation += 1;
      state = { ...state, url: link(generation) };
      return state;
    },
    'calendarFeed.disable': () => {
      state = { ...state, enabled: false, url: null };
      return state;
    },
    'calendarFeed.setShowsNames': (input) => {
      state = { ...state, showsNames: (input as { showsNames: boolean }).showsNames };
      return state;
    },
  };
  return handlers;
}

function renderSection(handlers: Record<string, ApiHandler>, path = '/dashboard/booking') {
  stubMatchMedia();
  const api = stubApi({
    'auth.me': () => ({ user: robin }),
    'booking.settings': () => ({ settings: defaultBookingSettings('America/New_York'), saved: true }),
    ...handlers,
  });
  return { ...api, ...renderApp({ path }) };
}

const findSection = async () => screen.findByRole('region', { name: 'Calendar sync' }, { timeout: 15_000 });

describe('calendar sync in the online booking settings', { timeout: 60_000 }, () => {
  it('creates a private link, shows it read-only with Copy, and names stay off by default', async () => {
    const events = userEvent.setup();
    const { calls } = renderSection(feedServer());
    const section = await findSection();
    await within(section).findByText(/through a private link that only you have/);
    expect(within(section).queryByRole('textbox')).toBeNull();
    await events.click(within(section).getByRole('button', { name: 'Create link' }));
    expect(await findToast('Calendar link created')).toBeTruthy();

    expect(await within(section).findByText('Subscribe to this private link in Google Calendar, Apple Calendar or Outlook.')).toBeTruthy();
    const field = within(section).getByRole('textbox', { name: 'Private calendar link' }) as HTMLInputElement;
    expect(field.value).toBe(link(1));
    expect(field.readOnly).toBe(true);
    const names = within(section).getByRole('checkbox', { name: 'Show patients’ names in the feed' }) as HTMLInputElement;
    expect(names.checked).toBe(false);
    expect(within(section).getByText(/Booked — 60 min, virtual/)).toBeTruthy();

    await events.click(within(section).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(link(1));
    expect(await findToast('Link copied')).toBeTruthy();
    expect(await within(section).findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(calls.filter((call) => call.path.startsWith('calendarFeed.') && call.path !== 'calendarFeed.status').map((call) => call.path)).toEqual(['calendarFeed.enable']);
  });

  it('regenerates only after a confirmation that the old link stops working at once', async () => {
    const events = userEvent.setup();
    const { calls } = renderSection(feedServer({ enabled: true, url: link(1), showsNames: false }));
    const section = await findSection();
    await within(section).findByRole('textbox', { name: 'Private calendar link' });

    await events.click(within(section).getByRole('button', { name: 'Regenerate link' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Regenerate the calendar link?' });
    expect(dialog.textContent).toContain('The current link stops working at once.');
    await events.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.some((call) => call.path === 'calendarFeed.regenerate')).toBe(false);

    await events.click(within(section).getByRole('button', { name: 'Regenerate link' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Regenerate the calendar link?' });
    await events.click(within(dialog).getByRole('button', { name: 'Regenerate link' }));
    expect(await findToast('New calendar link created')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((within(section).getByRole('textbox', { name: 'Private calendar link' }) as HTMLInputElement).value).toBe(link(2));
  });

  it('shows names only when asked, with the warning, and turns the feed off', async () => {
    const events = userEvent.setup();
    const { calls } = renderSection(feedServer({ enabled: true, url: link(1), showsNames: false }));
    const section = await findSection();
    const names = await within(section).findByRole('checkbox', { name: 'Show patients’ names in the feed' });
    await events.click(names);
    expect(await findToast('Patients’ names will show in the feed')).toBeTruthy();
    expect((await within(section).findByRole('note')).textContent).toMatch(/Calendars you share with others.*will show your patients’ names too/);
    expect(calls.filter((call) => call.path === 'calendarFeed.setShowsNames').map((call) => call.input)).toEqual([{ showsNames: true }]);

    await events.click(within(section).getByRole('button', { name: 'Turn off' }));
    expect(await findToast('Calendar link turned off')).toBeTruthy();
    await waitFor(() => expect(within(section).queryByRole('textbox')).toBeNull());
    expect(within(section).getByRole('button', { name: 'Create link' })).toBeTruthy();
  });

  it('says so when the change fails, and keeps the link as it was', async () => {
    const events = userEvent.setup();
    renderSection({
      ...feedServer({ enabled: true, url: link(1), showsNames: false }),
      'calendarFeed.disable': () => {
        throw serverError();
      },
    });
    const section = await findSection();
    await events.click(await within(section).findByRole('button', { name: 'Turn off' }));
    expect(await findToast('Your calendar link was not changed')).toBeTruthy();
    expect((within(section).getByRole('textbox', { name: 'Private calendar link' }) as HTMLInputElement).value).toBe(link(1));
  });

  it('is reached from the schedule’s “Calendar sync”', async () => {
    const events = userEvent.setup();
    renderSection({ ...feedServer(), 'schedule.week': () => ({ today: '2026-06-03', weekStart: '2026-05-31', days: [], timeZone: 'America/New_York' }) }, '/dashboard/schedule');
    const sync = await screen.findByRole('link', { name: 'Calendar sync' }, { timeout: 15_000 });
    expect(sync.getAttribute('href')).toBe('/dashboard/booking#calendar-sync');
    await events.click(sync);
    expect(await findSection()).toBeTruthy();
  });
});
