import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { deferred, stubApi } from '../../test/api-stub.ts';
import { renderApp } from '../../test/render.tsx';
import { findToast } from '../../test/toasts.ts';

const user = { id: 'u1', name: 'Dr. Sarah Mitchell', email: 'demo@wellspring.test' };

describe('dashboard', () => {
  it('shows a skeleton while the session loads, then the login prompt without a session', async () => {
    const session = deferred<{ user: null }>();
    stubApi({ 'auth.me': () => session.promise });
    const events = userEvent.setup();
    const { location } = renderApp({ path: '/dashboard' });

    expect(await screen.findByRole('status', { name: 'Loading dashboard' })).toBeTruthy();
    session.resolve({ user: null });

    expect(await screen.findByRole('heading', { name: 'Sign in to access your dashboard' })).toBeTruthy();
    await events.click(screen.getByRole('button', { name: 'Login' }));
    expect(location.history?.at(-1)).toBe('/login');
  });

  it('greets the signed-in practitioner in the shell; Log Out signs out, toasts and goes home', async () => {
    let signedIn = true;
    const { calls } = stubApi({
      'auth.me': () => ({ user: signedIn ? user : null }),
      'dashboard.overview': () => ({
        stats: { totalPatients: 0, appointmentsThisWeek: 0, averageSessionMinutes: 0, profileCompletion: 0 },
        timeZone: 'UTC',
        upcoming: [],
      }),
      'auth.signOut': () => {
        signedIn = false;
        return { ok: true };
      },
    });
    const events = userEvent.setup();
    const { location } = renderApp({ path: '/dashboard' });

    expect(await screen.findByRole('heading', { name: 'Welcome back, Dr. Sarah Mitchell' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'No upcoming appointments' })).toBeTruthy();
    await events.click(screen.getByRole('button', { name: 'Log Out' }));

    await findToast('Logged out successfully');
    expect(location.history?.at(-1)).toBe('/');
    expect(calls.map((call) => call.path)).toContain('auth.signOut');
    // auth.me is fetched again after signing out, so nothing shows the old session.
    await vi.waitFor(() => expect(calls.filter((call) => call.path === 'auth.me').length).toBeGreaterThan(1));
  });
});
