import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { directoryCardOf, samplePractitioners, type DirectorySearchInput } from '@wellspring/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { emptyFilters, parseSearchParams, searchHref, toDirectorySearch, toSearchString } from './search-params.ts';
import { SEARCH_DEBOUNCE_MS, SearchPage } from './search.page.tsx';

afterEach(() => {
  vi.useRealTimers();
});

const cards = samplePractitioners.map(({ distance: _distance, ...profile }) => directoryCardOf(profile, null));

/** A directory of `total` practitioners (the samples, repeated), paged like the server. */
function stubDirectory(total = cards.length) {
  return stubApi({
    'directory.search': (raw) => {
      const input = raw as DirectorySearchInput;
      const page = input.page ?? 1;
      const pageSize = input.pageSize ?? 12;
      const all = Array.from({ length: total }, (_, index) => ({ ...cards[index % cards.length]!, id: String(index + 1) }));
      return { items: all.slice((page - 1) * pageSize, page * pageSize), total, page, pageSize, origin: null };
    },
  });
}

const searchCalls = (calls: { path: string; input: unknown }[]) =>
  calls.filter((call) => call.path === 'directory.search').map((call) => call.input as DirectorySearchInput);

describe('search filters in the address', () => {
  it('read every filter from the query string and ignore values the directory does not know', () => {
    const filters = parseSearchParams('?query=sleep&location=Portland%2C+OR&specialties=nutrition,acupuncture,bogus&experience=6-10&distance=10&sort=rating&page=2');
    expect(filters).toEqual({
      query: 'sleep',
      location: 'Portland, OR',
      specialties: ['acupuncture', 'nutrition'],
      experience: '6-10',
      distance: 10,
      sort: 'rating',
      page: 2,
    });
    expect(parseSearchParams('?experience=99&distance=7&sort=cheapest&page=-3')).toEqual(emptyFilters);
    expect(parseSearchParams(`?${toSearchString(filters)}`)).toEqual(filters);
    expect(searchHref(emptyFilters)).toBe('/search');
  });

  it('send a radius only with a location', () => {
    expect(toDirectorySearch({ ...emptyFilters, distance: 10, sort: 'distance' }, 12)).toEqual({ page: 1, pageSize: 12 });
    expect(toDirectorySearch({ ...emptyFilters, location: 'Austin', distance: 10 }, 12)).toEqual({ location: 'Austin', maxDistanceMiles: 10, page: 1, pageSize: 12 });
  });
});

describe('search page', { timeout: 15_000 }, () => {
  it('searches with the query and location of the address (as the quiz sends them) and shows the results', async () => {
    const { calls } = stubDirectory();
    renderWithProviders(<SearchPage />, { path: '/search?query=Naturopathy&location=' });

    expect(await screen.findByText('5 practitioners found')).toBeTruthy();
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('Naturopathy');
    expect((screen.getByLabelText('Location') as HTMLInputElement).value).toBe('');
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
    await user.type(screen.getByLabelText('Location'), 'Austin');
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
});
