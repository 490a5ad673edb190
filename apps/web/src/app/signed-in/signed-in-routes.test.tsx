import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api-stub.ts';
import { stubMatchMedia } from '../../test/match-media.ts';
import { renderApp } from '../../test/render.tsx';
import { findToast } from '../../test/toasts.ts';

const robin = { id: 'u1', name: 'Dr. Robin Vale', email: 'robin@example.com' };

const sideMenu = () => screen.getByRole('navigation', { name: 'Dashboard' });

// The first test imports the signed-in screens' modules cold, which alone can take 5 s on a loaded machine.
describe('the signed-in routes’ guard', { timeout: 20_000 }, () => {
  it('sends a visitor to sign in with the page asked for, and back there after signing in', async () => {
    stubMatchMedia();
    let signedIn = false;
    stubApi({
      'auth.me': () => ({ user: signedIn ? robin : null }),
      'auth.signIn': () => {
        signedIn = true;
        return { status: 'signed-in', user: robin };
      },
    });
    const events = userEvent.setup();
    const { location } = renderApp({ path: '/dashboard/schedule' });

    await vi.waitFor(() => expect(location.history?.at(-1)).toBe('/login?next=%2Fdashboard%2Fschedule'));
    // Replaced, not pushed: Back does not return to a page that only sends the visitor away again.
    expect(location.history).toEqual(['/login?next=%2Fdashboard%2Fschedule']);
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).toBeNull();

    await events.type(await screen.findByLabelText('Email'), robin.email);
    await events.type(screen.getByLabelText('Password'), 'correct horse battery');
    await events.click(screen.getByRole('button', { name: 'Sign in' }));

    await vi.waitFor(() => expect(location.history?.at(-1)).toBe('/dashboard/schedule'));
    // The schedule's modules load on first use; cold, in jsdom, on a busy machine that can take over 5 s.
    expect(await screen.findByRole('heading', { level: 1, name: 'Schedule' }, { timeout: 15_000 })).toBeTruthy();
    expect(sideMenu()).toBeTruthy();
  });

  it('keeps the spec’s login prompt on /dashboard for a visitor (no redirect)', async () => {
    stubMatchMedia();
    stubApi({ 'auth.me': () => ({ user: null }) });
    const { location } = renderApp({ path: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Sign in to access your dashboard' })).toBeTruthy();
    expect(location.history).toEqual(['/dashboard']);
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).toBeNull();
  });

  it('shows a signed-in practitioner the page asked for, inside the shell', async () => {
    stubMatchMedia();
    stubApi({ 'auth.me': () => ({ user: robin }) });
    const { location } = renderApp({ path: '/dashboard/patients/42' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Patient Record' })).toBeTruthy();
    expect(within(sideMenu()).getByRole('link', { name: 'Patient Records' }).getAttribute('aria-current')).toBe('page');
    expect(location.history).toEqual(['/dashboard/patients/42']);
  });

  it('says so when the session cannot be checked, and tries again', async () => {
    stubMatchMedia();
    let online = false;
    stubApi({ 'auth.me': () => (online ? { user: robin } : Promise.reject(new Error('offline'))) });
    const events = userEvent.setup();
    renderApp({ path: '/dashboard/patients' });
    expect(await screen.findByText(/could not reach Wellspring/)).toBeTruthy();
    online = true;
    await events.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Patient Records' })).toBeTruthy();
  });
});

describe('the signed-in shell', { timeout: 20_000 }, () => {
  it('navigates between the screens with the side menu, which stays mounted and marks the current screen', async () => {
    stubMatchMedia();
    stubApi({ 'auth.me': () => ({ user: robin }) });
    const events = userEvent.setup();
    const { location } = renderApp({ path: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Welcome back, Dr. Robin Vale' })).toBeTruthy();
    const menu = sideMenu();
    const current = () => within(menu).getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page').map((link) => link.textContent);
    expect(current()).toEqual(['Dashboard']);

    await events.click(within(menu).getByRole('link', { name: 'Schedule' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Schedule' })).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/dashboard/schedule');
    expect(current()).toEqual(['Schedule']);

    await events.click(within(menu).getByRole('link', { name: 'Patient Records' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Patient Records' })).toBeTruthy();
    expect(current()).toEqual(['Patient Records']);
    // The same menu element throughout: the shell is mounted once for all signed-in screens.
    expect(sideMenu()).toBe(menu);

    expect(within(menu).getByRole('link', { name: 'My Profile' }).getAttribute('href')).toBe('/practitioner-profile/edit');
    expect(within(menu).getByRole('link', { name: 'Community' }).getAttribute('href')).toBe('/community');
    expect(within(menu).getByRole('link', { name: 'Online Booking' }).getAttribute('href')).toBe('/dashboard/booking');
    expect(within(menu).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/dashboard/settings');
    // Issue 26: Clinical Notes is a screen now, no longer a coming-soon toast.
    expect(within(menu).getByRole('link', { name: 'Clinical Notes' }).getAttribute('href')).toBe('/dashboard/notes');
  });

  it('opens the account’s settings from the side menu’s Settings, inside the shell', async () => {
    stubMatchMedia();
    stubApi({
      'auth.me': () => ({ user: robin }),
      'account.overview': () => ({
        name: robin.name,
        email: robin.email,
        emailVerified: true,
        pendingEmail: null,
        twoStep: false,
        recoveryCodesLeft: 0,
        reauthenticate: false,
        notifications: { referrals: true, contactMessages: true, communityEvents: true },
      }),
      'account.sessions.list': () => [],
    });
    const events = userEvent.setup();
    const { location } = renderApp({ path: '/dashboard/schedule' });
    await screen.findByRole('heading', { level: 1, name: 'Schedule' });

    await events.click(within(sideMenu()).getByRole('link', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' }, { timeout: 15_000 })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Account' })).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/dashboard/settings');
    expect(within(sideMenu()).getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByText('Settings feature coming soon')).toBeNull();
  });

  it('opens Billing from the side menu: the practice\'s invoices, no coming-soon toast (issue 26)', async () => {
    stubMatchMedia();
    stubApi({ 'auth.me': () => ({ user: robin }), 'invoices.list': () => ({ items: [], total: 0, page: 1, pageSize: 20 }) });
    const events = userEvent.setup();
    const { location } = renderApp({ path: '/dashboard/schedule' });
    await screen.findByRole('heading', { level: 1, name: 'Schedule' });
    await events.click(within(sideMenu()).getByRole('link', { name: 'Billing' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing' }, { timeout: 15_000 })).toBeTruthy();
    expect(await screen.findByText('No invoices yet')).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/dashboard/billing');
    expect(within(sideMenu()).getByRole('link', { name: 'Billing' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByText('Invoice creation feature coming soon')).toBeNull();
  });

  it.each([
    ['Telehealth', 'Telehealth setup wizard coming soon'],
    ['Messages', 'Messages feature coming soon'],
  ])('shows the spec’s coming-soon toast for %s', async (item, toast) => {
    stubMatchMedia();
    stubApi({ 'auth.me': () => ({ user: robin }) });
    const events = userEvent.setup();
    const { location } = renderApp({ path: '/dashboard/schedule' });
    await screen.findByRole('heading', { level: 1, name: 'Schedule' });
    await events.click(within(sideMenu()).getByRole('button', { name: item }));
    await findToast(toast);
    expect(location.history).toEqual(['/dashboard/schedule']);
  });

  it('Log Out ends the session on the server, toasts and goes home without passing through sign-in', async () => {
    stubMatchMedia();
    let signedIn = true;
    const { calls } = stubApi({
      'auth.me': () => ({ user: signedIn ? robin : null }),
      'auth.signOut': () => {
        signedIn = false;
        return { ok: true };
      },
    });
    const events = userEvent.setup();
    const { location } = renderApp({ path: '/dashboard/patients' });
    await screen.findByRole('heading', { level: 1, name: 'Patient Records' });

    await events.click(within(sideMenu()).getByRole('button', { name: 'Log Out' }));

    await findToast('Logged out successfully');
    await vi.waitFor(() => expect(location.history?.at(-1)).toBe('/'));
    expect(calls.map((call) => call.path)).toContain('auth.signOut');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(location.history?.some((entry) => entry.startsWith('/login'))).toBe(false);
    expect(window.sessionStorage.getItem('wellspring.signed-in-user')).toBeNull();
  });

  it('folds the menu on a phone behind a button, and folds it again after a navigation', async () => {
    stubMatchMedia();
    stubApi({ 'auth.me': () => ({ user: robin }) });
    const events = userEvent.setup();
    renderApp({ path: '/dashboard' });
    await screen.findByRole('heading', { name: 'Welcome back, Dr. Robin Vale' });
    const toggle = screen.getByRole('button', { name: 'Dashboard menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(sideMenu().hasAttribute('data-open')).toBe(false);

    await events.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-controls')).toBe(sideMenu().id);
    expect(sideMenu().hasAttribute('data-open')).toBe(true);

    await events.click(within(sideMenu()).getByRole('link', { name: 'Schedule' }));
    await screen.findByRole('heading', { level: 1, name: 'Schedule' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(sideMenu().hasAttribute('data-open')).toBe(false);
  });
});
