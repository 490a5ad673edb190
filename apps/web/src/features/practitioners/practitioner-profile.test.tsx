import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { practitionerByIdSchema, PROFILE_LOADING_MS, yearsInPractice, type Practitioner } from '@wellspring/domain';
import { samplePractitioners } from '@wellspring/domain/samples';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/api.tsx';
import { ApiError, deferred, serverError, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { findToast } from '../../test/toasts.ts';
import { PractitionerProfilePage } from './practitioner-profile.page.tsx';
import { Route } from 'wouter';
import { FAVORITES_STORAGE_KEY } from './use-favorites.ts';

const profileOf = ({ distance: _distance, ...profile }: Practitioner) => profile;
const byId = new Map(samplePractitioners.map((p) => [p.id, profileOf(p)]));
// A newcomer with one year of practice and one review: the counts read in the singular.
byId.set('newcomer', { ...profileOf(samplePractitioners[0]!), id: 'newcomer', name: 'Dr. Nova Reed', yearsExperience: 1, reviewCount: 1 });
const notFound = () => new ApiError({ code: 'NOT_FOUND', httpStatus: 404, message: "We couldn't find the practitioner you're looking for." });
const badRequest = () => new ApiError({ code: 'BAD_REQUEST', httpStatus: 400, message: 'Invalid input', fieldErrors: { id: ['Too big'] } });

afterEach(async () => {
  // Calls queued on a fake timer (the page-wide tRPC client batches on one) go out before real
  // timers return, or the next test's calls would wait behind them forever.
  if (vi.isFakeTimers()) await act(() => vi.runOnlyPendingTimersAsync());
  vi.useRealTimers();
});

function renderProfile(id: string, { signedIn = false, session = { signedIn } }: { signedIn?: boolean; session?: { signedIn: boolean } } = {}) {
  const api = stubApi({
    'auth.me': () => ({ user: session.signedIn ? { id: 'u1', name: 'Robin', email: 'robin@example.com' } : null }),
    'practitioners.byId': (input) => {
      // As the server does: the input schema first (BAD_REQUEST), then the lookup (NOT_FOUND).
      const parsed = practitionerByIdSchema.safeParse(input);
      if (!parsed.success) throw badRequest();
      const profile = byId.get(parsed.data.id);
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
  it('shows the skeleton, then the profile: years in practice, stars out of 5, "Responds within 24 hours", insurance "+ N more" that opens', async () => {
    const user = userEvent.setup();
    renderProfile('1');
    expect(screen.getByRole('status', { name: 'Loading practitioner profile' })).toBeTruthy();

    expect(await screen.findByRole('heading', { level: 1, name: elena?.name })).toBeTruthy();
    // docs/product.md#profile: years in practice = current year minus yearsExperience, under the spec's label.
    const yearsLabel = screen.getByText('Years in practice');
    expect(yearsLabel.tagName).toBe('DT');
    expect(yearsLabel.nextElementSibling?.textContent).toBe(`Since ${yearsInPractice(elena?.yearsExperience ?? 0, new Date().getFullYear())}`);
    expect(screen.getByText('12 years experience')).toBeTruthy();
    expect(screen.getAllByRole('img', { name: '4.9 out of 5 stars' }).length).toBeGreaterThan(0);
    expect(screen.getByText('Responds within 24 hours')).toBeTruthy();
    // Five insurers: the first two, then "+ 3 more".
    const insurance = screen.getByTestId('insurance-list');
    expect(insurance.textContent).toBe('Aetna, Blue Cross Blue Shield');
    const more = screen.getByRole('button', { name: '+ 3 more' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(more.getAttribute('aria-controls')).toBe(insurance.id);

    await user.click(more);
    expect(insurance.textContent).toBe(elena?.insuranceList?.join(', '));
    expect(elena?.insuranceList).toHaveLength(5);
    const fewer = screen.getByRole('button', { name: 'Show fewer' });
    expect(fewer.getAttribute('aria-expanded')).toBe('true');
    await user.click(fewer);
    expect(insurance.textContent).toBe('Aetna, Blue Cross Blue Shield');
  });

  it('writes a count of one in the singular: "1 year experience", "(1 review)", "Based on 1 review"', async () => {
    const user = userEvent.setup();
    renderProfile('newcomer');
    await screen.findByRole('heading', { level: 1, name: 'Dr. Nova Reed' });
    expect(screen.getByText('1 year experience')).toBeTruthy();
    expect(screen.getByText('(1 review)', { exact: false })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Reviews' }));
    expect(within(screen.getByRole('tabpanel')).getByText('Based on 1 review')).toBeTruthy();
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

  it.each([
    ['an id over 100 characters', 'x'.repeat(101)],
    ['a blank id', '%20'],
  ])('%s (refused by the input schema) shows "Practitioner Not Found" at once, without a retry', async (_label, id) => {
    const { calls } = renderProfile(id);
    expect(await screen.findByRole('heading', { name: 'Practitioner Not Found' })).toBeTruthy();
    expect(screen.getByText("We couldn't find the practitioner you're looking for.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse All Practitioners' }).getAttribute('href')).toBe('/search');
    expect(screen.queryByText("We couldn't load this profile")).toBeNull();
    expect(calls.filter((call) => call.path === 'practitioners.byId')).toHaveLength(1);
  });

  it('keeps the skeleton for the full 500 ms even when the profile has already arrived', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderProfile('1');
    const skeleton = () => screen.queryByRole('status', { name: 'Loading practitioner profile' });
    const profileQuery = () => queryClient.getQueryCache().findAll({ queryKey: [['practitioners', 'byId']] })[0];

    await act(() => vi.advanceTimersByTimeAsync(PROFILE_LOADING_MS - 1));
    expect(profileQuery()?.state.status).toBe('success');
    expect(skeleton()).not.toBeNull();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(skeleton()).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: elena?.name })).toBeTruthy();
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

  it('signing in merges the hearts set while signed out into the account, then clears them from this browser', async () => {
    const user = userEvent.setup();
    const session = { signedIn: false };
    const accountIds = new Set(['2']);
    const api = stubApi({
      'auth.me': () => ({ user: session.signedIn ? { id: 'u1', name: 'Robin', email: 'robin@example.com' } : null }),
      'practitioners.byId': (input) => byId.get((input as { id: string }).id) ?? (() => { throw notFound(); })(),
      'favorites.ids': () => [...accountIds],
      'favorites.set': (input) => {
        const { practitionerId, favorite } = input as { practitionerId: string; favorite: boolean };
        if (!byId.has(practitionerId)) throw notFound();
        if (favorite) accountIds.add(practitionerId);
        else accountIds.delete(practitionerId);
        return input;
      },
    });
    // An earlier visit left a heart on a practitioner who has since left the directory.
    window.localStorage.setItem(FAVORITES_STORAGE_KEY, JSON.stringify(['gone']));
    renderWithProviders(<Route path="/practitioners/:id" component={PractitionerProfilePage} />, { path: '/practitioners/1' });
    await screen.findByRole('heading', { level: 1, name: elena?.name });

    const heart = screen.getByRole('button', { name: 'Favorite' });
    await waitUntilEnabled(heart);
    await user.click(heart);
    await findToast('Added to favorites');
    expect(api.calls.some((call) => call.path === 'favorites.set')).toBe(false);

    // Signs in (as the sign-in form does: the session query is refreshed).
    session.signedIn = true;
    await act(() => queryClient.invalidateQueries({ queryKey: [['auth', 'me']] }));

    await waitFor(() => expect(window.localStorage.getItem(FAVORITES_STORAGE_KEY)).toBe('[]'));
    const merged = api.calls.filter((call) => call.path === 'favorites.set').map((call) => call.input);
    expect(merged).toEqual(expect.arrayContaining([{ practitionerId: 'gone', favorite: true }, { practitionerId: '1', favorite: true }]));
    expect([...accountIds].sort()).toEqual(['1', '2']);
    // The account's favorites are read again after the merge (mutations go out at once, each on its
    // own request; a read still waiting for its batch may be replaced by the one after the merge).
    const paths = () => api.calls.map((call) => call.path);
    await waitFor(() => expect(paths().lastIndexOf('favorites.ids')).toBeGreaterThan(paths().lastIndexOf('favorites.set')));
    expect(heart.getAttribute('aria-pressed')).toBe('true');

    // From now on the account decides: turning it off stays off.
    await user.click(heart);
    await findToast('Removed from favorites');
    expect(accountIds.has('1')).toBe(false);
    expect(heart.getAttribute('aria-pressed')).toBe('false');
  });

  it('opened signed in with a heart from before, the heart stays on even when the first read of the account left before the merge landed', async () => {
    const accountIds = new Set<string>();
    const mergeLanded = deferred<void>();
    stubApi({
      'auth.me': () => ({ user: { id: 'u1', name: 'Robin', email: 'robin@example.com' } }),
      'practitioners.byId': (input) => byId.get((input as { id: string }).id),
      // Read when the request arrives, answered once the merge has landed (as a slow server would).
      'favorites.ids': async () => {
        const ids = [...accountIds];
        if (ids.length === 0) await mergeLanded.promise;
        return ids;
      },
      'favorites.set': (input) => {
        accountIds.add((input as { practitionerId: string }).practitionerId);
        setTimeout(() => mergeLanded.resolve(), 0);
        return input;
      },
    });
    window.localStorage.setItem(FAVORITES_STORAGE_KEY, JSON.stringify(['1']));
    renderWithProviders(<Route path="/practitioners/:id" component={PractitionerProfilePage} />, { path: '/practitioners/1' });
    await screen.findByRole('heading', { level: 1, name: elena?.name });

    await waitFor(() => expect(window.localStorage.getItem(FAVORITES_STORAGE_KEY)).toBe('[]'));
    expect([...accountIds]).toEqual(['1']);
    expect(screen.getByRole('button', { name: 'Favorite' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('a heart that could not be merged (offline) stays in this browser for the next time', async () => {
    const accountIds = new Set<string>();
    let offline = true;
    const api = stubApi({
      'auth.me': () => ({ user: { id: 'u1', name: 'Robin', email: 'robin@example.com' } }),
      'practitioners.byId': (input) => byId.get((input as { id: string }).id),
      'favorites.ids': () => [...accountIds],
      'favorites.set': (input) => {
        const { practitionerId } = input as { practitionerId: string };
        if (offline && practitionerId === '4') throw serverError();
        accountIds.add(practitionerId);
        return input;
      },
    });
    window.localStorage.setItem(FAVORITES_STORAGE_KEY, JSON.stringify(['1', '4']));
    const view = renderWithProviders(<Route path="/practitioners/:id" component={PractitionerProfilePage} />, { path: '/practitioners/1' });
    await screen.findByRole('heading', { level: 1, name: elena?.name });
    await waitFor(() => expect(window.localStorage.getItem(FAVORITES_STORAGE_KEY)).toBe('["4"]'));
    expect([...accountIds]).toEqual(['1']);

    offline = false;
    view.unmount();
    renderWithProviders(<Route path="/practitioners/:id" component={PractitionerProfilePage} />, { path: '/practitioners/4' });
    await screen.findByRole('heading', { level: 1, name: michael?.name });
    await waitFor(() => expect(window.localStorage.getItem(FAVORITES_STORAGE_KEY)).toBe('[]'));
    expect([...accountIds].sort()).toEqual(['1', '4']);
    expect(api.calls.filter((call) => call.path === 'favorites.set' && (call.input as { practitionerId: string }).practitionerId === '1')).toHaveLength(1);
  });

  it('Copy link shows its toast; Contact opens the contact form (contact-dialog.test.tsx)', async () => {
    const user = userEvent.setup();
    renderProfile('1');
    await screen.findByRole('heading', { level: 1, name: elena?.name });

    await user.click(screen.getByRole('button', { name: 'Contact' }));
    expect(await screen.findByRole('dialog', { name: `Contact ${elena?.name ?? ''}` })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    await findToast('Link copied');
    expect(await navigator.clipboard.readText()).toBe(window.location.href);
  });
});

/** The heart is disabled until the session is known. */
async function waitUntilEnabled(element: HTMLElement) {
  await waitFor(() => expect(element.hasAttribute('disabled') || element.getAttribute('aria-disabled') === 'true').toBe(false));
}
