import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouterOutputs } from '@wellspring/server/router';
import { describe, expect, it } from 'vitest';
import { ApiProvider } from '../../lib/api.tsx';
import { serverError, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { findToast } from '../../test/toasts.ts';
import { DashboardOverview } from './dashboard-overview.tsx';

type Overview = RouterOutputs['dashboard']['overview'];
type Upcoming = Overview['upcoming'][number];

const stats = { totalPatients: 42, appointmentsThisWeek: 12, averageSessionMinutes: 55, profileCompletion: 85 };

const appointment = (fields: Partial<Upcoming> & Pick<Upcoming, 'id' | 'patient'>): Upcoming => ({
  patientId: `p-${fields.id}`,
  date: '2025-06-05',
  time: '10:00 AM',
  duration: 60,
  type: 'Follow-up',
  mode: 'virtual',
  status: 'confirmed',
  canStartSession: true,
  ...fields,
});

function renderOverview(overview: () => Overview) {
  const api = stubApi({ 'dashboard.overview': overview });
  renderWithProviders(
    <ApiProvider>
      <DashboardOverview />
    </ApiProvider>,
    { path: '/dashboard' },
  );
  return api;
}

describe('the dashboard overview', () => {
  it('shows the practice’s figures', async () => {
    renderOverview(() => ({ stats, timeZone: 'America/New_York', upcoming: [] }));
    const figure = (label: string) => screen.getByText(label).closest('li');
    expect(await screen.findByText('Total Patients')).toBeTruthy();
    expect(figure('Total Patients')?.textContent).toContain('42');
    // Not the portal's "Unique Patients" (those with an appointment): the card says what it counts.
    expect(figure('Total Patients')?.textContent).toContain('Everyone in your patient records, with or without an appointment');
    expect(figure('Appointments This Week')?.textContent).toContain('12');
    expect(figure('Average Session')?.textContent).toContain('55 min');
    expect(figure('Profile Completion')?.textContent).toContain('85%');
    expect(screen.getByRole('progressbar', { name: 'Profile completion' }).getAttribute('aria-valuenow')).toBe('85');
    expect(screen.getByRole('link', { name: 'Edit Profile' }).getAttribute('href')).toBe('/practitioner-profile/edit');
  });

  it('with nothing upcoming says so and offers Manage Schedule', async () => {
    renderOverview(() => ({ stats: { ...stats, totalPatients: 0 }, timeZone: 'UTC', upcoming: [] }));
    expect(await screen.findByRole('heading', { name: 'No upcoming appointments' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage Schedule' }).getAttribute('href')).toBe('/dashboard/schedule');
  });

  it('lists upcoming appointments with status and mode; Start Session only for a virtual, confirmed one', async () => {
    renderOverview(() => ({
      stats,
      timeZone: 'America/New_York',
      upcoming: [
        appointment({ id: 'a1', patient: 'Emma Thompson' }),
        appointment({ id: 'a2', patient: 'Michael Chen', mode: 'in-person', canStartSession: false }),
        appointment({ id: 'a3', patient: 'Sofia Martinez', status: 'pending', canStartSession: false }),
      ],
    }));
    const events = userEvent.setup();
    const row = async (patient: string) => (await screen.findByRole('link', { name: patient })).closest('li') as HTMLElement;

    const emma = await row('Emma Thompson');
    expect(within(emma).getByText('Virtual')).toBeTruthy();
    expect(within(emma).getByText('Confirmed')).toBeTruthy();
    expect(emma.textContent).toContain('6/5/2025 at 10:00 AM');
    expect(within(emma).getByRole('link', { name: 'Emma Thompson' }).getAttribute('href')).toBe('/dashboard/patients/p-a1');

    const michael = await row('Michael Chen');
    expect(within(michael).getByText('In-Person')).toBeTruthy();
    expect(within(michael).getByRole('button', { name: /Start Session/ }).hasAttribute('disabled')).toBe(true);

    const sofia = await row('Sofia Martinez');
    expect(within(sofia).getByText('Pending')).toBeTruthy();
    expect(within(sofia).getByRole('button', { name: /Start Session/ }).hasAttribute('disabled')).toBe(true);

    await events.click(within(emma).getByRole('button', { name: /Start Session/ }));
    await findToast('Starting appointment');
  });

  it('says when the figures cannot be loaded, and tries again', async () => {
    let failing = true;
    renderOverview(() => {
      if (failing) throw serverError();
      return { stats, timeZone: 'UTC', upcoming: [] };
    });
    const events = userEvent.setup();
    expect(await screen.findByText('Failed to load dashboard data. Please try again.', {}, { timeout: 8000 })).toBeTruthy();
    failing = false;
    await events.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Total Patients')).toBeTruthy();
  });
});
