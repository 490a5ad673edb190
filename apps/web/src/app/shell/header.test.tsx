import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test/api-stub.ts';
import { stubMatchMedia } from '../../test/match-media.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { Header } from './header.tsx';

const noSession = { 'auth.me': () => ({ user: null }) };

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
  });
}

describe('Header', () => {
  it('gains its scrolled state only after more than 20 px of scroll', () => {
    stubMatchMedia();
    stubApi(noSession);
    renderWithProviders(<Header />);
    const header = screen.getByRole('banner');
    expect(header.hasAttribute('data-scrolled')).toBe(false);

    scrollTo(20);
    expect(header.hasAttribute('data-scrolled')).toBe(false);

    scrollTo(21);
    expect(header.getAttribute('data-scrolled')).toBe('true');

    scrollTo(0);
    expect(header.hasAttribute('data-scrolled')).toBe(false);
  });

  it('links the brand to "/" and marks Home as the current page on "/"', async () => {
    stubMatchMedia();
    stubApi(noSession);
    renderWithProviders(<Header />, { path: '/' });
    expect(screen.getByRole('link', { name: /Wellspring/ }).getAttribute('href')).toBe('/');
    const home = screen.getAllByRole('link', { name: 'Home' })[0];
    expect(home?.getAttribute('aria-current')).toBe('page');
    // Once the session is known to be none (the test page may be signed in, as a page with a session cookie).
    expect((await screen.findByRole('link', { name: 'Join Waitlist' })).getAttribute('href')).toBe('/#waitlist');
  });

  it('links Search, the quiz, About and For Practitioners, marking the current one', () => {
    stubMatchMedia();
    stubApi(noSession);
    renderWithProviders(<Header />, { path: '/diagnostic' });
    const main = screen.getByRole('navigation', { name: 'Main' });
    const hrefs = Object.fromEntries(
      ['Search', 'Quiz', 'About', 'For Practitioners'].map((name) => [name, within(main).getByRole('link', { name }).getAttribute('href')]),
    );
    expect(hrefs).toEqual({ Search: '/search', Quiz: '/diagnostic', About: '/about', 'For Practitioners': '/for-practitioners' });
    expect(within(main).getByRole('link', { name: 'Quiz' }).getAttribute('aria-current')).toBe('page');
    expect(within(main).getByRole('link', { name: 'Search' }).hasAttribute('aria-current')).toBe(false);
  });

  it('offers the same pages in the small-screen menu', async () => {
    stubMatchMedia({ wide: false });
    stubApi(noSession);
    const user = userEvent.setup();
    renderWithProviders(<Header />, { path: '/search' });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    const names = within(menu).getAllByRole('link').map((link) => link.textContent);
    expect(names).toEqual(['Home', 'Search', 'Quiz', 'About', 'For Practitioners', 'Join Waitlist', 'Sign in']);
    expect(within(menu).getByRole('link', { name: 'Search' }).getAttribute('aria-current')).toBe('page');
  });

  it('does not mark Home as current elsewhere', () => {
    stubMatchMedia();
    stubApi(noSession);
    renderWithProviders(<Header />, { path: '/login' });
    expect(screen.getAllByRole('link', { name: 'Home' })[0]?.hasAttribute('aria-current')).toBe(false);
  });

  it('opens the small-screen menu, locks page scroll, and closes it on a route change', async () => {
    stubMatchMedia({ wide: false });
    stubApi(noSession);
    const user = userEvent.setup();
    const { location } = renderWithProviders(<Header />, { path: '/somewhere' });

    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);

    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('Close menu');
    expect(document.body.style.overflow).toBe('hidden');
    const menu = document.querySelector('[data-mobile-menu]');
    expect(menu).not.toBeNull();

    act(() => location.navigate('/login'));
    expect(screen.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    expect(document.querySelector('[data-mobile-menu]')).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });

  it('closes the menu with Escape', async () => {
    stubMatchMedia({ wide: false });
    stubApi(noSession);
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeTruthy();
    expect(document.body.style.overflow).toBe('');
  });

  const signedIn = { 'auth.me': () => ({ user: { id: 'u1', name: 'Dr. Sarah Mitchell', email: 'demo@wellspring.test' } }) };

  it('signed in, leads to the dashboard instead of "Join Waitlist" and "Sign in"', async () => {
    stubMatchMedia();
    stubApi(signedIn);
    renderWithProviders(<Header />, { path: '/search' });
    const banner = screen.getByRole('banner');
    const dashboard = await within(banner).findByRole('link', { name: 'Dashboard' });
    expect(dashboard.getAttribute('href')).toBe('/dashboard');
    expect(within(banner).queryByRole('link', { name: 'Join Waitlist' })).toBeNull();
    expect(within(banner).queryByRole('link', { name: 'Sign in' })).toBeNull();
    // Once, not also among the page links.
    expect(within(banner).getAllByRole('link').map((link) => link.textContent)).toEqual(['Wellspring', 'Home', 'Search', 'Quiz', 'About', 'For Practitioners', 'Dashboard']);
  });

  it('signed in, the small-screen menu ends with the dashboard instead of "Join Waitlist" and "Sign in"', async () => {
    stubMatchMedia({ wide: false });
    stubApi(signedIn);
    const user = userEvent.setup();
    renderWithProviders(<Header />, { path: '/dashboard' });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    await within(menu).findByRole('link', { name: 'Dashboard' });
    expect(within(menu).getAllByRole('link').map((link) => link.textContent)).toEqual(['Home', 'Search', 'Quiz', 'About', 'For Practitioners', 'Dashboard']);
    expect(within(menu).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
  });

  it('holds the place of "Join Waitlist" and "Sign in" while the session is asked for, so a signed-in practitioner never sees them flash', async () => {
    stubMatchMedia();
    let answer: ((value: unknown) => void) | undefined;
    stubApi({ 'auth.me': () => new Promise((resolve) => (answer = resolve)) });
    renderWithProviders(<Header />, { path: '/search' });
    const banner = screen.getByRole('banner');
    const names = () => within(banner).queryAllByRole('link').map((link) => link.textContent);
    // The lazily loaded session check is on its way, then waiting for its answer: neither set of items.
    expect(names()).toEqual(['Wellspring', 'Home', 'Search', 'Quiz', 'About', 'For Practitioners']);
    await waitFor(() => expect(answer).toBeDefined());
    expect(names()).toEqual(['Wellspring', 'Home', 'Search', 'Quiz', 'About', 'For Practitioners']);
    answer?.(signedIn['auth.me']());
    expect(await within(banner).findByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(names()).toEqual(['Wellspring', 'Home', 'Search', 'Quiz', 'About', 'For Practitioners', 'Dashboard']);
  });
});
