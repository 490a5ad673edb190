import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api-stub.ts';
import { stubMatchMedia } from '../../test/match-media.ts';
import { renderApp } from '../../test/render.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

describe('site shell', () => {
  it('shows the 404 page for an unknown route and logs the requested path', async () => {
    stubMatchMedia();
    stubApi({ 'auth.me': () => ({ user: null }) });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp({ path: '/no/such/page' });

    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeTruthy();
    expect(screen.getByText('404')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    await waitFor(() =>
      expect(consoleError).toHaveBeenCalledWith('404 Error: User attempted to access non-existent route:', '/no/such/page'),
    );
  });

  it('has the landmarks, one h1 and the footer contact link on "/"', async () => {
    stubMatchMedia();
    stubApi({ 'auth.me': () => ({ user: null }) });
    renderApp({ path: '/' });
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Healing starts here.']);
    expect(screen.getByRole('heading', { name: 'Contact Us' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'hello@wellspring.health' }).getAttribute('href')).toBe('mailto:hello@wellspring.health');
    // The second one sits in the directory preview, which loads just after the page.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Join the Waitlist' })).toHaveLength(2));
  });

  it('renders "Unexpected Application Error!" and the error text when a route throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('The practitioner list could not be read');
    }
    render(
      <RouteErrorBoundary>
        <Broken />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('The practitioner list could not be read')).toBeTruthy();
  });
});
