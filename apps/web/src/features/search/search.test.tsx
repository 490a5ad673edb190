import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { directoryCardOf, placeMessages, type DirectoryCard, type DirectorySearchInput, type PlaceSuggestInput, type PlaceSuggestion } from '@wellspring/domain';
import { samplePractitioners } from '@wellspring/domain/samples';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api-stub.ts';
import { stubMatchMedia } from '../../test/match-media.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { emptyFilters, lastPageIfBeyond, parseSearchParams, searchHref, toDirectorySearch, toSearchString } from './search-params.ts';
import { SUGGEST_DEBOUNCE_MS } from './location-field.tsx';
import { SEARCH_DEBOUNCE_MS, SearchPage } from './search.page.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '');
});

const cards = samplePractitioners.map(({ distance: _distance, ...profile }) => directoryCardOf(profile, null));

/** A directory of `total` practitioners (the samples, repeated), paged like the server. */
function stubDirectory(total = cards.length, change: Partial<DirectoryCard> = {}) {
  return stubApi({
    'directory.search': (raw) => {
      const input = raw as DirectorySearchInput;
      const page = input.page ?? 1;
      const pageSize = input.pageSize ?? 12;
      const all = Array.from({ length: total }, (_, index) => ({ ...cards[index % cards.length]!, id: String(index + 1), ...change }));
      return { items: all.slice((page - 1) * pageSize, page * pageSize), total, page, pageSize, origin: null };
    },
  });
}

const LOCATION_PLACEHOLDER = 'City and state or ZIP, e.g. Portland, OR';

/** The location field as the combo box it becomes once first focused (a plain field until then, location-field.tsx). */
async function locationComboBox(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  const plainField = screen.queryByRole('textbox', { name: 'Location' });
  if (plainField === null) return screen.getByRole('combobox', { name: 'Location' });
  await user.click(plainField);
  const field = await screen.findByRole('combobox', { name: 'Location' });
  // Focus passed from the plain field to the combo box that replaced it.
  expect(field).toBe(document.activeElement);
  return field;
}

const searchCalls = (calls: { path: string; input: unknown }[]) =>
  calls.filter((call) => call.path === 'directory.search').map((call) => call.input as DirectorySearchInput);

describe('search filters in the address', () => {
  it('read every filter from the query string and ignore values the directory does not know', () => {
    const filters = parseSearchParams('?query=sleep&location=Portland%2C+OR&specialties=nutrition,acupuncture,bogus&experience=6-10&distance=10&sort=rating&page=2&pageSize=4');
    expect(filters).toEqual({
      query: 'sleep',
      location: 'Portland, OR',
      specialties: ['acupuncture', 'nutrition'],
      experience: '6-10',
      distance: 10,
      sort: 'rating',
      page: 2,
      pageSize: 4,
    });
    expect(parseSearchParams('?experience=99&distance=7&sort=cheapest&page=-3&pageSize=51')).toEqual(emptyFilters);
    expect(parseSearchParams('?pageSize=0').pageSize).toBeNull();
    expect(parseSearchParams('?pageSize=12').pageSize).toBeNull();
    expect(parseSearchParams(`?${toSearchString(filters)}`)).toEqual(filters);
    expect(searchHref(emptyFilters)).toBe('/search');
  });

  it('send a radius only with a location', () => {
    expect(toDirectorySearch({ ...emptyFilters, distance: 10, sort: 'distance' })).toEqual({ page: 1, pageSize: 12 });
    expect(toDirectorySearch({ ...emptyFilters, location: 'Austin', distance: 10 })).toEqual({ location: 'Austin', maxDistanceMiles: 10, page: 1, pageSize: 12 });
    expect(toDirectorySearch({ ...emptyFilters, page: 2, pageSize: 2 })).toEqual({ page: 2, pageSize: 2 });
  });

  it('send a page past the last one to the last page, and leave an empty search on page 1', () => {
    expect(lastPageIfBeyond(3, 5, 12)).toBe(1);
    expect(lastPageIfBeyond(4, 5, 2)).toBe(3);
    expect(lastPageIfBeyond(3, 5, 2)).toBeNull();
    expect(lastPageIfBeyond(1, 5, 12)).toBeNull();
    expect(lastPageIfBeyond(3, 0, 12)).toBeNull();
  });
});

describe('search page', { timeout: 15_000 }, () => {
  it('searches with the query and location of the address (as the quiz sends them) and shows the results', async () => {
    const { calls } = stubDirectory();
    renderWithProviders(<SearchPage />, { path: '/search?query=Naturopathy&location=' });

    expect(await screen.findByText('5 practitioners found')).toBeTruthy();
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('Naturopathy');
    expect((screen.getByPlaceholderText(LOCATION_PLACEHOLDER) as HTMLInputElement).value).toBe('');
    expect(searchCalls(calls)[0]).toEqual({ query: 'Naturopathy', page: 1, pageSize: 12 });
    const first = screen.getAllByRole('listitem').find((item) => item.textContent?.includes('Dr. Elena Rodriguez'));
    expect(within(first!).getByRole('link', { name: 'Dr. Elena Rodriguez' }).getAttribute('href')).toBe('/practitioners/1');
  });

  it('typing updates the address once typing settles; filters update it at once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = stubDirectory();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { location } = renderWithProviders(<SearchPage />, { path: '/search' });
    await screen.findByText('5 practitioners found');

    await user.type(screen.getByLabelText('Search'), 'sleep');
    await user.type(await locationComboBox(user), 'Austin');
    expect(location.history?.at(-1)).toBe('/search');
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS + 50));
    expect(location.history?.at(-1)).toBe('/search?query=sleep&location=Austin');
    await waitFor(() => expect(searchCalls(calls).at(-1)).toEqual({ query: 'sleep', location: 'Austin', page: 1, pageSize: 12 }));
    // One search for the settled text, not one per keystroke.
    expect(searchCalls(calls).filter((input) => input.query !== undefined)).toHaveLength(1);

    await user.click(screen.getByRole('checkbox', { name: 'Acupuncture' }));
    expect(location.history?.at(-1)).toBe('/search?query=sleep&location=Austin&specialties=acupuncture');
    await waitFor(() => expect(searchCalls(calls).at(-1)?.specialties).toEqual(['acupuncture']));

    await user.click(screen.getByRole('button', { name: /Experience/ }));
    await user.click(await screen.findByRole('option', { name: '11-20 years' }));
    expect(location.history?.at(-1)).toBe('/search?query=sleep&location=Austin&specialties=acupuncture&experience=11-20');

    await user.click(screen.getByRole('button', { name: /Distance/ }));
    await user.click(await screen.findByRole('option', { name: 'Within 50 miles' }));
    expect(location.history?.at(-1)).toBe('/search?query=sleep&location=Austin&specialties=acupuncture&experience=11-20&distance=50');
    await waitFor(() =>
      expect(searchCalls(calls).at(-1)).toEqual({
        query: 'sleep',
        location: 'Austin',
        specialties: ['acupuncture'],
        experience: '11-20',
        maxDistanceMiles: 50,
        page: 1,
        pageSize: 12,
      }),
    );
  });

  it('pages with Previous / Next and "Page N of M"', async () => {
    const { calls } = stubDirectory(30);
    const user = userEvent.setup();
    const { location } = renderWithProviders(<SearchPage />, { path: '/search' });

    expect(await screen.findByText('30 practitioners found')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(location.history?.at(-1)).toBe('/search?page=2');
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(searchCalls(calls).at(-1)?.page).toBe(2);
  });

  it('a link to a page past the last one goes on to the last page instead of showing "No practitioners found"', async () => {
    const { calls } = stubDirectory(5);
    const { location } = renderWithProviders(<SearchPage />, { path: '/search?specialties=acupuncture&page=3' });

    expect(await screen.findByText('5 practitioners found')).toBeTruthy();
    expect(location.history).toEqual(['/search?specialties=acupuncture']);
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toContain('Dr. Elena Rodriguez');
    expect(screen.queryByRole('heading', { name: 'No practitioners found' })).toBeNull();
    expect(searchCalls(calls).map((input) => input.page)).toEqual([3, 1]);

    // With shorter pages the last page is 3 of 3.
    const shorter = renderWithProviders(<SearchPage />, { path: '/search?page=9&pageSize=2' });
    await waitFor(() => expect(shorter.location.history).toEqual(['/search?page=3&pageSize=2']));
  });

  it('pages by the page size of the address', async () => {
    const { calls } = stubDirectory(5);
    const user = userEvent.setup();
    const { location } = renderWithProviders(<SearchPage />, { path: '/search?pageSize=2' });

    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    expect(searchCalls(calls)[0]).toEqual({ page: 1, pageSize: 2 });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(location.history?.at(-1)).toBe('/search?page=2&pageSize=2');
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
  });

  it('adopts the query and location a link sent as history state, into the address', async () => {
    window.history.replaceState({ query: 'Naturopathy', location: 'Portland, OR' }, '');
    const { calls } = stubDirectory();
    const { location } = renderWithProviders(<SearchPage />, { path: '/search' });

    expect(await screen.findByText('5 practitioners found')).toBeTruthy();
    expect(location.history).toEqual(['/search?query=Naturopathy&location=Portland%2C+OR']);
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('Naturopathy');
    expect((screen.getByPlaceholderText(LOCATION_PLACEHOLDER) as HTMLInputElement).value).toBe('Portland, OR');
    // The first search already has them: no search for everyone first.
    expect(searchCalls(calls)).toEqual([{ query: 'Naturopathy', location: 'Portland, OR', page: 1, pageSize: 12 }]);
  });

  it('prefers the address to the history state, and ignores a state that is not text', async () => {
    window.history.replaceState({ query: 'Naturopathy', location: '' }, '');
    stubDirectory();
    const { location } = renderWithProviders(<SearchPage />, { path: '/search?location=Austin' });
    await screen.findByText('5 practitioners found');
    expect(location.history).toEqual(['/search?location=Austin']);
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('');
    cleanup();

    window.history.replaceState({ query: 42, location: null }, '');
    const other = renderWithProviders(<SearchPage />, { path: '/search' });
    await screen.findByText('5 practitioners found');
    expect(other.location.history).toEqual(['/search']);
  });

  it('writes a count of one in the singular on a card and in the total', async () => {
    stubDirectory(1, { reviewCount: 1, yearsExperience: 1, distanceMiles: 1 });
    renderWithProviders(<SearchPage />, { path: '/search' });
    expect(await screen.findByText('1 practitioner found')).toBeTruthy();
    const card = screen.getAllByRole('listitem').find((item) => item.textContent?.includes('Dr. Elena Rodriguez'))!;
    expect(within(card).getByText('1 year experience', { exact: false })).toBeTruthy();
    expect(within(card).getByText('(1 review)', { exact: false })).toBeTruthy();
    expect(within(card).getByText('1 mile away', { exact: false })).toBeTruthy();
  });

  it('shows Book on the cards of listings that take online bookings, and it opens the booking dialog there', async () => {
    const bookable = new Set(['1', '3']);
    const { calls } = stubApi({
      'directory.search': () => ({ items: cards.map((card) => ({ ...card, bookable: bookable.has(card.id) })), total: cards.length, page: 1, pageSize: 12, origin: null }),
      'booking.offer': () => ({ enabled: true, timeZone: 'America/Los_Angeles', currency: 'USD', horizonDays: 60, sessionTypes: [{ id: 'visit', name: 'First visit', durationMinutes: 60, priceMinor: 9000, mode: 'in-person', newPatientsOnly: false, description: '' }] }),
    });
    const user = userEvent.setup();
    renderWithProviders(<SearchPage />, { path: '/search' });
    await screen.findByText('5 practitioners found');
    const booking = screen.getAllByRole('button', { name: /^Book with / }).map((button) => button.getAttribute('aria-label'));
    expect(booking).toEqual(cards.filter((card) => bookable.has(card.id)).map((card) => `Book with ${card.name}`));
    for (const card of cards.filter((each) => !bookable.has(each.id))) {
      const item = screen.getAllByRole('listitem').find((each) => each.textContent?.includes(card.name))!;
      expect(within(item).queryByRole('button', { name: /Book/ })).toBeNull();
    }

    const elena = cards[0]!;
    await user.click(screen.getByRole('button', { name: `Book with ${elena.name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Book with ${elena.name}` });
    expect(await within(dialog).findByRole('radio', { name: /First visit/ })).toBeTruthy();
    expect(within(dialog).getByText(/\$90\.00/)).toBeTruthy();
    expect(calls.find((call) => call.path === 'booking.offer')?.input).toEqual({ practitionerId: elena.id });
    // The card's link did not navigate: the search is still on screen behind the dialog.
    expect(screen.getByText('5 practitioners found')).toBeTruthy();
  });

  it('shows "No practitioners found" with a button that clears the filters', async () => {
    stubApi({ 'directory.search': () => ({ items: [], total: 0, page: 1, pageSize: 12, origin: null }) });
    const user = userEvent.setup();
    const { location } = renderWithProviders(<SearchPage />, { path: '/search?query=zzz&specialties=ayurveda' });

    expect(await screen.findByRole('heading', { name: 'No practitioners found' })).toBeTruthy();
    expect(screen.getByText('0 practitioners found')).toBeTruthy();
    await user.click(within(screen.getByRole('heading', { name: 'No practitioners found' }).parentElement!).getByRole('button', { name: 'Clear filters' }));
    expect(location.history?.at(-1)).toBe('/search');
    await waitFor(() => expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe(''));
  });

  it('on a phone folds the filters away until "Show filters", then shows them with the address\'s choices', async () => {
    stubMatchMedia({ wide: false });
    stubDirectory();
    const user = userEvent.setup();
    const { location } = renderWithProviders(<SearchPage />, { path: '/search?specialties=ayurveda' });
    await screen.findByText('5 practitioners found');
    expect(screen.queryByRole('checkbox', { name: 'Ayurveda' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Experience/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Show filters (1)' }));
    expect(((await screen.findByRole('checkbox', { name: 'Ayurveda' })) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Acupuncture' }));
    expect(location.history?.at(-1)).toBe('/search?specialties=acupuncture%2Cayurveda');
    expect(screen.getByRole('button', { name: 'Hide filters (2)' })).toBeTruthy();
  });
});

describe('search page location', { timeout: 15_000 }, () => {
  const portlands: PlaceSuggestion[] = [
    { label: 'Portland, OR', kind: 'city' },
    { label: 'Portland, ME', kind: 'city' },
  ];

  /** The directory (nobody anywhere unless told) and the gazetteer's suggestions. */
  function stubPlaces({ unknown = false }: { unknown?: boolean } = {}) {
    return stubApi({
      'directory.search': (raw) => {
        const input = raw as DirectorySearchInput;
        const found = input.location === 'Portland, OR' ? cards.slice(0, 1) : [];
        return { items: found, total: found.length, page: 1, pageSize: 12, origin: found.length ? { label: 'Portland, OR', lat: 45.5, lng: -122.7 } : null, locationUnknown: unknown };
      },
      'geo.suggest': (raw) => ((raw as PlaceSuggestInput).text.toLowerCase().startsWith('port') ? portlands : []),
    });
  }

  it('suggests places once typing settles; the arrow keys and Enter choose one, and the search runs for it at once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = stubPlaces();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { location } = renderWithProviders(<SearchPage />, { path: '/search' });
    await screen.findByText('0 practitioners found');

    const field = await locationComboBox(user);
    await user.type(field, 'portl');
    // Not one request per keystroke: the settled text only.
    await act(async () => vi.advanceTimersByTime(SUGGEST_DEBOUNCE_MS + 20));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option').map((option) => option.textContent)).toEqual(['Portland, OR', 'Portland, ME']);
    expect(calls.filter((call) => call.path === 'geo.suggest').map((call) => call.input)).toEqual([{ text: 'portl' }]);

    await user.keyboard('{ArrowDown}{Enter}');
    expect((field as HTMLInputElement).value).toBe('Portland, OR');
    expect(location.history?.at(-1)).toBe('/search?location=Portland%2C+OR');
    await waitFor(() => expect(searchCalls(calls).at(-1)).toEqual({ location: 'Portland, OR', page: 1, pageSize: 12 }));
    expect(await screen.findByText('1 practitioner found')).toBeTruthy();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('suggests nothing for a single letter', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = stubPlaces();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<SearchPage />, { path: '/search' });
    await screen.findByText('0 practitioners found');
    await user.type(await locationComboBox(user), 'p');
    await act(async () => vi.advanceTimersByTime(SUGGEST_DEBOUNCE_MS + 20));
    expect(calls.filter((call) => call.path === 'geo.suggest')).toEqual([]);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('says "We couldn\'t find that place" beside the field, read out, when the location names no place', async () => {
    stubPlaces({ unknown: true });
    const user = userEvent.setup();
    renderWithProviders(<SearchPage />, { path: '/search?location=Qwxyzzy' });

    // Said from the first paint (by the plain field), and by the combo box that takes over.
    expect(await screen.findByText(placeMessages.notFound)).toBeTruthy();
    const field = await locationComboBox(user);
    const message = screen.getByText(placeMessages.notFound);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    expect(message.closest('[aria-live="polite"]')).not.toBeNull();
    // No results from elsewhere, and no claim of matching locations.
    expect(screen.getByText('0 practitioners found')).toBeTruthy();
    expect(screen.getByText(placeMessages.notFoundHint)).toBeTruthy();
    expect(screen.queryByText(/Showing practitioners in locations matching/)).toBeNull();
  });

  it('does not say so of a place it knows, or while another location is being typed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubPlaces({ unknown: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<SearchPage />, { path: '/search?location=Qwxyzzy' });
    await screen.findByText(placeMessages.notFound);
    await user.type(await locationComboBox(user), 'x');
    expect(screen.queryByText(placeMessages.notFound)).toBeNull();
    cleanup();

    stubPlaces({ unknown: false });
    renderWithProviders(<SearchPage />, { path: '/search?location=Bois' });
    await screen.findByText('0 practitioners found');
    expect(screen.queryByText(placeMessages.notFound)).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Location' }).getAttribute('aria-invalid')).toBeNull();
  });
});
