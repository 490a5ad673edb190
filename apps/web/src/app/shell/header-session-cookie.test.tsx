import { act, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessionHint } from '../../lib/session-hint.ts';
import { stubApi } from '../../test/api-stub.ts';
import { stubMatchMedia } from '../../test/match-media.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { Header } from './header.tsx';

// The page's config as the server writes it for a request without a session cookie (read once per
// test file: the config and the hint are module state).
beforeAll(() => {
  const meta = document.createElement('meta');
  meta.name = 'wellspring-config';
  meta.content = JSON.stringify({ contactEmail: 'hello@wellspring.health', productionHost: false, sessionIdleMinutes: 30, sessionCookie: false });
  document.head.append(meta);
});

describe('the header for a visitor without a session cookie', () => {
  it('shows "Sign in" without asking the API, and asks once a session is seen on the page (a sign-in)', async () => {
    stubMatchMedia();
    const { calls } = stubApi({ 'auth.me': () => ({ user: { id: 'u1', name: 'Dr. Sarah Mitchell', email: 'demo@wellspring.test' } }) });
    renderWithProviders(<Header />);
    expect(screen.getAllByRole('link', { name: 'Sign in' })[0]?.getAttribute('href')).toBe('/login');
    // Long enough for the lazily loaded session link to have asked, had it been loaded.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(calls.filter((call) => call.path === 'auth.me')).toEqual([]);
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();

    act(() => sessionHint.sessionSeen());
    expect((await screen.findAllByRole('link', { name: 'Dashboard' }))[0]?.getAttribute('href')).toBe('/dashboard');
    expect(calls.filter((call) => call.path === 'auth.me').length).toBeGreaterThan(0);
  });
});
