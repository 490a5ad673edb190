import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { samplePractitioners, yearsInPractice, type Practitioner } from '@wellspring/domain';
import { describe, expect, it } from 'vitest';
import { ApiError, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { findToast } from '../../test/toasts.ts';
import { PractitionerProfilePage } from './practitioner-profile.page.tsx';
import { Route } from 'wouter';
import { FAVORITES_STORAGE_KEY } from './use-favorites.ts';

const profileOf = ({ distance: _distance, ...profile }: Practitioner) => profile;
const byId = new Map(samplePractitioners.map((p) => [p.id, profileOf(p)]));
const notFound = () => new ApiError({ code: 'NOT_FOUND', httpStatus: 404, message: "We couldn't find the practitioner you're looking for." });

function renderProfile(id: string, { signedIn = false }: { signedIn?: boolean } = {}) {
  const api = stubApi({
    'auth.me': () => ({ user: signedIn ? { id: 'u1', name: 'Robin', email: 'robin@example.com' } : null }),
    'practitioners.byId': (input) => {
      const profile = byId.get((input as { id: string }).id);
      if (!profile) throw notFound();
      return profile;
    },
    'favorites.ids': () => [],
    'favorites.set': (input) => input,
  });
  const view = renderWithProviders(<Route path="/practitioners/:id" component={PractitionerProfilePage} />, { path: `/practitioners/${id}` });
  return { ...api, ...view };
}

const elena = byId.get('1');
const michael = byId.get('4');

describe('practitioner profile', { timeout: 15_000 }, () => {
  it('shows the skeleton, then the profile: years in practice, stars out of 5, "Responds within 24 hours", insurance "+ N more"', async () => {
    renderProfile('1');
    expect(screen.getByRole('status', { name: 'Loading practitioner profile' })).toBeTruthy();

    expect(await screen.findByRole('heading', { level: 1, name: elena?.name })).toBeTruthy();
    expect(screen.getByText(new RegExp(`In practice since ${yearsInPractice(elena?.yearsExperience ?? 0, new Date().getFullYear())}`))).toBeTruthy();
    expect(screen.getAllByRole('img', { name: '4.9 out of 5 stars' }).length).toBeGreaterThan(0);
    expect(screen.getByText('Responds within 24 hours')).toBeTruthy();
    // Five insurers: the first two, then "+ 3 more".
    const insurance = screen.getByTestId('insurance-list');
    expect(insurance.textContent).toBe('Aetna, Blue Cross Blue Shield + 3 more');
  });

  it('has the seven tabs; referrals, physicians, credentials and awards list the profile’s entries with their status labels', async () => {
    const user = userEvent.setup();
    renderProfile('1');
    await screen.findByRole('heading', { level: 1, name: elena?.name });

    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['About', 'Approach', 'Credentials', 'Reviews', 'Referrals', 'Physicians', 'Awards']);

    await user.click(screen.getByRole('tab', { name: 'Referrals' }));
    const referrals = screen.getByRole('tabpanel');
    expect(within(referrals).getByText('Maria Gonzalez')).toBeTruthy();
    expect(within(referrals).getByText('Completed')).toBeTruthy();
    expect(within(referrals).getByText('Accepted')).toBeTruthy();
    expect(within(referrals).getByText('Pending')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Credentials' }));
    expect(within(screen.getByRole('tabpanel')).getByText('Naturopathic Physician License')).toBeTruthy();
    expect(within(screen.getByRole('tabpanel')).getByText('Active')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Awards' }));
    expect(within(screen.getByRole('tabpanel')).getByText('Top Naturopath of Portland')).toBeTruthy();
  });

  it('shows the four empty states for a practitioner without referrals, licensures or awards', async () => {
    const user = userEvent.setup();
    renderProfile('4');
    await screen.findByRole('heading', { level: 1, name: michael?.name });

    await user.click(screen.getByRole('tab', { name: 'Referrals' }));
    expect(screen.getByRole('heading', { name: 'No Patient Referrals' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Physicians' }));
    expect(screen.getByRole('heading', { name: 'No Physician Referrals' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Credentials' }));
    expect(screen.getByRole('heading', { name: 'No Licensure Information' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Awards' }));
    expect(screen.getByRole('heading', { name: 'No Awards Information' })).toBeTruthy();
  });

  it('an unknown id shows "Practitioner Not Found" with a way to the directory', async () => {
    renderProfile('999');
    expect(await screen.findByRole('heading', { name: 'Practitioner Not Found' })).toBeTruthy();
    expect(screen.getByText("We couldn't find the practitioner you're looking for.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse All Practitioners' }).getAttribute('href')).toBe('/search');
  });

  it('signed out, the heart toggles with its toasts and is kept in local storage', async () => {
    const user = userEvent.setup();
    const { calls } = renderProfile('1');
    await screen.findByRole('heading', { level: 1, name: elena?.name });

    const heart = screen.getByRole('button', { name: 'Favorite' });
    await waitUntilEnabled(heart);
    await user.click(heart);
    await findToast('Added to favorites');
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse(window.localStorage.getItem(FAVORITES_STORAGE_KEY) ?? '[]')).toEqual(['1']);

    await user.click(heart);
    await findToast('Removed from favorites');
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    expect(JSON.parse(window.localStorage.getItem(FAVORITES_STORAGE_KEY) ?? '[]')).toEqual([]);
    expect(calls.some((call) => call.path === 'favorites.set')).toBe(false);
  });

  it('signed in, the heart is saved through favorites.set', async () => {
    const user = userEvent.setup();
    const { calls } = renderProfile('1', { signedIn: true });
    await screen.findByRole('heading', { level: 1, name: elena?.name });

    const heart = screen.getByRole('button', { name: 'Favorite' });
    await waitUntilEnabled(heart);
    await user.click(heart);
    await findToast('Added to favorites');
    expect(calls.find((call) => call.path === 'favorites.set')?.input).toEqual({ practitionerId: '1', favorite: true });
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    expect(window.localStorage.getItem(FAVORITES_STORAGE_KEY)).toBeNull();
  });

  it('Contact and Copy link show their toasts', async () => {
    const user = userEvent.setup();
    renderProfile('1');
    await screen.findByRole('heading', { level: 1, name: elena?.name });

    await user.click(screen.getByRole('button', { name: 'Contact' }));
    const contact = await findToast('Contact initiated');
    expect(contact.textContent).toContain('A message has been sent to the practitioner.');

    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    await findToast('Link copied');
    expect(await navigator.clipboard.readText()).toBe(window.location.href);
  });
});

/** The heart is disabled until the session is known. */
async function waitUntilEnabled(element: HTMLElement) {
  await waitFor(() => expect(element.hasAttribute('disabled') || element.getAttribute('aria-disabled') === 'true').toBe(false));
}
