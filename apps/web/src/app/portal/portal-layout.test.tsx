import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildSamplePatientRows, patientDetailById } from '@wellspring/domain/samples';
import type { RouterOutputs } from '@wellspring/server/router';
import { describe, expect, it, vi } from 'vitest';
import { deferred, serverError, stubApi, type ApiHandler } from '../../test/api-stub.ts';
import { stubMatchMedia } from '../../test/match-media.ts';
import { renderApp } from '../../test/render.tsx';
import { findToast } from '../../test/toasts.ts';
import { isPortalItemCurrent } from './portal-sidebar.tsx';

const robin = { id: 'u1', name: 'Dr. Robin Vale', email: 'robin@example.com' };
const TODAY = '2025-06-16';

const accountOverview: RouterOutputs['account']['overview'] = {
  name: robin.name,
  email: robin.email,
  emailVerified: true,
  pendingEmail: null,
  twoStep: false,
  recoveryCodesLeft: 0,
  reauthenticate: false,
  notifications: { referrals: true, contactMessages: true, communityEvents: true },
};

const emptyOverview: RouterOutputs['portalDashboard']['overview'] = {
  totalAppointments: 0,
  upcomingAppointments: 0,
  uniquePatients: 0,
  ehrRecords: 0,
  revenue: { usdMinor: 0, other: [] },
  upcoming: [],
};

/** A signed-in practitioner's API: the session, the dashboard, and the patient screens. */
function signedInApi(extra: Record<string, ApiHandler> = {}) {
  const patients = buildSamplePatientRows(TODAY);
  return stubApi({
    'auth.me': () => ({ user: robin }),
    'portalDashboard.overview': () => emptyOverview,
    'patients.list': () => ({ items: patients, total: patients.length, page: 1, pageSize: 20 }),
    'patients.byId': () => patientDetailById('1', TODAY),
    'practiceSettings.current': () => ({ today: TODAY, timeZone: 'America/Los_Angeles', currency: 'USD' }),
    'account.overview': () => accountOverview,
    'account.sessions.list': () => [],
    ...extra,
  });
}

const sidebar = () => screen.getByRole('navigation', { name: 'Provider portal' });
const current = () =>
  within(sidebar())
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);
const logOutButton = () => within(sidebar()).getByRole('button', { name: /Log Out|Logging out\.\.\./ });

// A loaded 2-core machine: the first render loads the portal's lazy modules.
describe('the provider portal’s layout', { timeout: 60_000 }, () => {
  it('marks an item current on its route and everything under it, and no other', () => {
    expect(isPortalItemCurrent('/provider-portal/appointments', '/provider-portal/appointments')).toBe(true);
    expect(isPortalItemCurrent('/provider-portal/appointments', '/provider-portal/appointments/edit/a1')).toBe(true);
    expect(isPortalItemCurrent('/provider-portal/patients', '/provider-portal/patients/p1')).toBe(true);
    expect(isPortalItemCurrent('/provider-portal/patients', '/provider-portal/payments')).toBe(false);
    expect(isPortalItemCurrent('/provider-portal/ehr', '/provider-portal/ehr-other')).toBe(false);
  });

  it('has the spec’s sidebar, highlights the current screen, and keeps the patient screens inside the portal', async () => {
    stubMatchMedia();
    signedInApi();
    const events = userEvent.setup();
    const { location } = renderApp({ path: '/provider-portal/dashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Provider Dashboard' })).toBeTruthy();

    expect(within(sidebar()).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/provider-portal/dashboard'],
      ['Appointments', '/provider-portal/appointments'],
      ['Patients', '/provider-portal/patients'],
      ['EHR Records', '/provider-portal/ehr'],
      ['Payments', '/provider-portal/payments'],
      ['Settings', '/provider-portal/settings'],
      ['Back to Home', '/'],
    ]);
    expect(logOutButton().textContent).toBe('Log Out');
    expect(current()).toEqual(['Dashboard']);
    // The site's header and footer frame the portal once: no second copy.
    expect(screen.getAllByRole('banner')).toHaveLength(1);
    expect(screen.getAllByRole('contentinfo')).toHaveLength(1);

    // The account's settings screen, inside the portal's layout.
    await events.click(within(sidebar()).getByRole('link', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Account' })).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/provider-portal/settings');
    expect(current()).toEqual(['Settings']);

    await events.click(within(sidebar()).getByRole('link', { name: 'Patients' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Patient Records' })).toBeTruthy();
    expect(current()).toEqual(['Patients']);
    const view = await screen.findByRole('link', { name: 'View Emma Thompson' });
    expect(view.getAttribute('href')).toBe('/provider-portal/patients/1');

    await events.click(view);
    expect(await screen.findByRole('heading', { level: 1, name: 'Patient Record' })).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/provider-portal/patients/1');
    expect(current()).toEqual(['Patients']);
    expect(screen.getByRole('link', { name: 'Back to Patient List' }).getAttribute('href')).toBe('/provider-portal/patients');
  });

  it('Log Out reads "Logging out..." and is disabled while the server ends the session, then toasts and goes home', async () => {
    stubMatchMedia();
    let signedIn = true;
    const signOut = deferred<{ ok: true }>();
    const { calls } = signedInApi({
      'auth.me': () => ({ user: signedIn ? robin : null }),
      'auth.signOut': async () => {
        const answer = await signOut.promise;
        signedIn = false;
        return answer;
      },
    });
    const events = userEvent.setup();
    const { location } = renderApp({ path: '/provider-portal/settings' });
    await screen.findByRole('heading', { level: 1, name: 'Settings' });

    await events.click(logOutButton());
    await vi.waitFor(() => expect(logOutButton().textContent).toBe('Logging out...'));
    expect(logOutButton().hasAttribute('disabled')).toBe(true);
    expect(calls.filter((call) => call.path === 'auth.signOut')).toHaveLength(1);

    signOut.resolve({ ok: true });
    const toast = await findToast('Logged out');
    expect(toast.textContent).toContain('You have been successfully logged out.');
    await vi.waitFor(() => expect(location.history?.at(-1)).toBe('/'));
    expect(location.history?.some((entry) => entry.startsWith('/login'))).toBe(false);
    expect(window.sessionStorage.getItem('wellspring.signed-in-user')).toBeNull();
  });

  it('a failed Log Out shows "Error" / "Failed to log out. Please try again." and stays, ready to try again', async () => {
    stubMatchMedia();
    const { calls } = signedInApi({
      'auth.signOut': () => {
        throw serverError();
      },
    });
    const events = userEvent.setup();
    const { location } = renderApp({ path: '/provider-portal/dashboard' });
    await screen.findByRole('heading', { level: 1, name: 'Provider Dashboard' });

    await events.click(logOutButton());
    const toast = await findToast('Error');
    expect(toast.textContent).toContain('Failed to log out. Please try again.');
    expect(location.history).toEqual(['/provider-portal/dashboard']);
    await vi.waitFor(() => expect(logOutButton().textContent).toBe('Log Out'));
    expect(logOutButton().hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('heading', { level: 1, name: 'Provider Dashboard' })).toBeTruthy();
    expect(calls.filter((call) => call.path === 'auth.signOut')).toHaveLength(1);
  });

  it('on a phone folds the sidebar behind "Portal menu", and folds it again after a navigation', async () => {
    stubMatchMedia({ wide: false });
    signedInApi();
    const events = userEvent.setup();
    renderApp({ path: '/provider-portal/dashboard' });
    await screen.findByRole('heading', { level: 1, name: 'Provider Dashboard' });
    const toggle = screen.getByRole('button', { name: 'Portal menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe(sidebar().id);
    expect(sidebar().hasAttribute('data-open')).toBe(false);

    await events.click(toggle);
    expect(sidebar().hasAttribute('data-open')).toBe(true);
    await events.click(within(sidebar()).getByRole('link', { name: 'Settings' }));
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    expect(screen.getByRole('button', { name: 'Portal menu' }).getAttribute('aria-expanded')).toBe('false');
    expect(sidebar().hasAttribute('data-open')).toBe(false);
  });

  it('opens the dashboard at /provider-portal', async () => {
    stubMatchMedia();
    signedInApi();
    const { location } = renderApp({ path: '/provider-portal' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Provider Dashboard' })).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/provider-portal/dashboard');
  });

  it('shows the site’s 404 page for an unknown path under the portal', async () => {
    stubMatchMedia();
    signedInApi();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp({ path: '/provider-portal/no-such-screen' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Provider portal' })).toBeNull();
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('404'), '/provider-portal/no-such-screen');
    logged.mockRestore();
  });

  it('sends a visitor to sign in with the portal page asked for', async () => {
    stubMatchMedia();
    stubApi({ 'auth.me': () => ({ user: null }) });
    const { location } = renderApp({ path: '/provider-portal/payments' });
    await vi.waitFor(() => expect(location.history?.at(-1)).toBe('/login?next=%2Fprovider-portal%2Fpayments'));
    expect(screen.queryByRole('navigation', { name: 'Provider portal' })).toBeNull();
  });
});
