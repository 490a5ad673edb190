import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appointmentStatusColor } from '@wellspring/domain';
import type { RouterOutputs } from '@wellspring/server/router';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { ApiProvider } from '../../../lib/api.tsx';
import { deferred, serverError, stubApi } from '../../../test/api-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { badge } from '../../../ui/badge/badge.css.ts';
import { PortalDashboardPage } from './portal-dashboard.page.tsx';

type Overview = RouterOutputs['portalDashboard']['overview'];

const overview: Overview = {
  totalAppointments: 7,
  upcomingAppointments: 3,
  uniquePatients: 4,
  ehrRecords: 2,
  revenue: {
    usdMinor: 123_450,
    other: [
      { currency: 'eur', minor: 8_500 },
      { currency: 'gbp', minor: 12_000 },
    ],
  },
  upcoming: [
    { id: 'a1', patientId: 'p1', patientName: 'Emma Thompson', type: 'follow_up', date: '2026-11-25', time: '2:30 PM', durationMinutes: 60, status: 'confirmed' },
    { id: 'a2', patientId: 'p2', patientName: 'James Wilson', type: 'consultation', date: '2026-12-01', time: '9:00 AM', durationMinutes: 30, status: 'scheduled' },
  ],
};

function renderDashboard(answer: () => unknown) {
  const api = stubApi({ 'portalDashboard.overview': answer });
  const rendered = renderWithProviders(
    <ApiProvider>
      <Route path="/provider-portal/dashboard" component={PortalDashboardPage} />
    </ApiProvider>,
    { path: '/provider-portal/dashboard' },
  );
  return { ...api, ...rendered, events: userEvent.setup() };
}

const figures = () => screen.getByRole('list', { name: 'Practice figures' });
/** Each stat card's label and value, as a user reads them. */
const card = (label: string) => within(figures()).getByText(label).closest('li') as HTMLElement;

// A loaded 2-core machine: the first render loads the page's modules.
describe('Provider Dashboard', { timeout: 20_000 }, () => {
  it('shows "..." in every figure while loading, then the practice’s figures', async () => {
    const answer = deferred<Overview>();
    renderDashboard(() => answer.promise);

    expect(screen.getByRole('heading', { level: 1, name: 'Provider Dashboard' })).toBeTruthy();
    for (const label of ['Total Appointments', 'Unique Patients', 'EHR Records', 'Total Revenue']) {
      expect(within(card(label)).getByText('...')).toBeTruthy();
    }
    expect(within(card('Total Appointments')).getByText('... upcoming')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading upcoming appointments' })).toBeTruthy();

    answer.resolve(overview);
    expect(await within(card('Total Appointments')).findByText('7')).toBeTruthy();
    expect(within(card('Total Appointments')).getByText('3 upcoming')).toBeTruthy();
    expect(within(card('Unique Patients')).getByText('4')).toBeTruthy();
    // Not the dashboard's "Total Patients" (everyone in the records): the card says what it counts.
    expect(within(card('Unique Patients')).getByText('Patients with at least one appointment; your records may hold more')).toBeTruthy();
    expect(within(card('EHR Records')).getByText('2')).toBeTruthy();
    expect(screen.queryByText('...')).toBeNull();
  });

  it('shows revenue in US dollars and totals other currencies apart, never adding them to the dollars', async () => {
    renderDashboard(() => overview);
    const revenue = await screen.findByText('$1,234.50');
    expect(revenue.closest('li')).toBe(card('Total Revenue'));
    const others = within(card('Total Revenue')).getByRole('list', { name: 'Revenue in other currencies' });
    expect(within(others).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['EUR€85.00', 'GBP£120.00']);
    // 1,234.50 + 85 + 120 would be $1,439.50: no such figure anywhere.
    expect(screen.queryByText(/1,439\.50/)).toBeNull();
  });

  it('shows no other-currency list when every completed payment is in dollars, and $0.00 with none', async () => {
    renderDashboard(() => ({ ...overview, revenue: { usdMinor: 0, other: [] } }));
    expect(await within(figures()).findByText('$0.00')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Revenue in other currencies' })).toBeNull();
  });

  it('lists the upcoming appointments: patient (to the portal record), type, long date with time, status badge in the domain’s colour', async () => {
    renderDashboard(() => overview);
    const section = await screen.findByRole('region', { name: 'Upcoming Appointments' });
    const rows = await within(section).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Emma Thompson' }).getAttribute('href')).toBe('/provider-portal/patients/p1');
    expect(within(first).getByText('Follow-up · 60 min')).toBeTruthy();
    expect(within(first).getByText('November 25, 2026 at 2:30 PM')).toBeTruthy();
    expect(within(first).getByText('Confirmed').className).toBe(badge({ color: appointmentStatusColor('confirmed') }));
    expect(within(second).getByText('Consultation · 30 min')).toBeTruthy();
    expect(within(second).getByText('Scheduled').className).toBe(badge({ color: appointmentStatusColor('scheduled') }));
    expect(within(section).getByRole('link', { name: 'View All' }).getAttribute('href')).toBe('/provider-portal/appointments');
  });

  it('says so when nothing is coming up', async () => {
    renderDashboard(() => ({ ...overview, upcomingAppointments: 0, upcoming: [] }));
    const section = await screen.findByRole('region', { name: 'Upcoming Appointments' });
    expect(await within(section).findByRole('heading', { name: 'No upcoming appointments' })).toBeTruthy();
    expect(within(section).queryByRole('link', { name: 'View All' })).toBeNull();
  });

  it('has New Appointment and the three shortcuts with their buttons', async () => {
    renderDashboard(() => overview);
    await screen.findByText('$1,234.50');
    expect(screen.getByRole('link', { name: 'New Appointment' }).getAttribute('href')).toBe('/provider-portal/appointments/new');
    const shortcuts = screen.getByRole('list', { name: 'Shortcuts' });
    const shortcut = (title: string) => within(shortcuts).getByRole('heading', { name: title }).closest('li') as HTMLElement;
    expect(within(shortcut('Manage Schedule')).getByRole('link', { name: 'View Calendar' }).getAttribute('href')).toBe('/dashboard/schedule');
    expect(within(shortcut('Patient Records')).getByRole('link', { name: 'View Records' }).getAttribute('href')).toBe('/provider-portal/patients');
    expect(within(shortcut('Process Payment')).getByRole('link', { name: 'Payment System' }).getAttribute('href')).toBe('/provider-portal/payments');
  });

  it('says "Failed to load dashboard data. Please try again." when the overview fails, and tries again', async () => {
    let online = false;
    const { events, calls } = renderDashboard(() => {
      if (!online) throw serverError();
      return overview;
    });
    // One automatic retry for a network hiccup (lib/api), then the message.
    const alert = await screen.findByRole('alert', {}, { timeout: 8_000 });
    expect(alert.textContent).toContain('Failed to load dashboard data. Please try again.');
    expect(screen.queryByRole('list', { name: 'Practice figures' })).toBeNull();
    // The page's way forward stays: New Appointment and the shortcuts.
    expect(screen.getByRole('link', { name: 'New Appointment' })).toBeTruthy();

    online = true;
    await events.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('$1,234.50')).toBeTruthy();
    expect(screen.queryByText('Failed to load dashboard data. Please try again.')).toBeNull();
    expect(calls.filter((call) => call.path === 'portalDashboard.overview').length).toBeGreaterThanOrEqual(3);
  });
});
