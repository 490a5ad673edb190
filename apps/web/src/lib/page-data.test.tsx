import { screen } from '@testing-library/react';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@wellspring/server/router';
import { directoryCardOf, PAGE_DATA_ELEMENT_ID, type DirectorySearchResult, type PageData } from '@wellspring/domain';
import { samplePractitioners } from '@wellspring/domain/samples';
import superjson from 'superjson';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { PractitionerProfilePage } from '../features/practitioners/practitioner-profile.page.tsx';
import { SearchPage } from '../features/search/search.page.tsx';
import { stubApi } from '../test/api-stub.ts';
import { renderWithProviders } from '../test/render.tsx';
import { apiClient, queryClient } from './api.tsx';
import { seedPageQueries, takePageData } from './page-data.ts';

const [first] = samplePractitioners;
if (!first) throw new Error('no sample practitioners');
const { distance: _distance, ...elena } = first;
const results: DirectorySearchResult = {
  items: samplePractitioners.map(({ distance: _d, ...profile }) => ({ ...directoryCardOf(profile, null), bookable: false })),
  total: samplePractitioners.length,
  page: 1,
  pageSize: 12,
  origin: null,
  locationUnknown: false,
};

/** Writes the data block as the server does (http/page-data.ts: JSON, every `<` escaped). */
function embed(data: PageData) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = PAGE_DATA_ELEMENT_ID;
  element.textContent = JSON.stringify(data).replace(/</g, '\\u003c');
  document.head.append(element);
}

/** What the API stub refuses to answer: a page seeded from its HTML must not ask. */
function stubApiWithoutDirectoryReads() {
  const refuse = () => {
    throw new Error('asked the API for an answer the page already had');
  };
  return stubApi({ 'auth.me': () => ({ user: null }), 'favorites.ids': () => [], 'practitioners.byId': refuse, 'directory.search': refuse });
}

const seed = () => seedPageQueries(queryClient, createTRPCOptionsProxy<AppRouter>({ client: apiClient, queryClient }), takePageData());

beforeEach(() => queryClient.clear());
afterEach(() => document.getElementById(PAGE_DATA_ELEMENT_ID)?.remove());

describe('the API answers the server embedded in the page', () => {
  it('show a profile without asking the API for it, its text read back as written (dates too)', async () => {
    const bio = 'Says </script><!-- and & "quotes" in her bio.';
    const joined = new Date('2020-02-03T04:05:06Z');
    embed({ queries: [{ path: 'practitioners.byId', input: { id: '1' }, result: superjson.serialize({ ...elena, shortBio: bio, joined }) }] });
    seed();
    expect(document.getElementById(PAGE_DATA_ELEMENT_ID)).toBeNull();
    expect(queryClient.getQueryData<{ joined: Date }>([['practitioners', 'byId'], { input: { id: '1' }, type: 'query' }])?.joined).toEqual(joined);

    const { calls } = stubApiWithoutDirectoryReads();
    renderWithProviders(<Route path="/practitioners/:id" component={PractitionerProfilePage} />, { path: '/practitioners/1' });
    expect(await screen.findByRole('heading', { level: 1, name: elena.name })).toBeTruthy();
    expect(screen.getByText(bio)).toBeTruthy();
    expect(calls.map((call) => call.path)).not.toContain('practitioners.byId');
  });

  it('show the first results of the address’s filters without asking the API for them', async () => {
    embed({ queries: [{ path: 'directory.search', input: { query: 'sleep', page: 1, pageSize: 12 }, result: superjson.serialize(results) }] });
    seed();
    const { calls } = stubApiWithoutDirectoryReads();
    renderWithProviders(<Route path="/search" component={SearchPage} />, { path: '/search?query=sleep' });
    expect(await screen.findByText(`${samplePractitioners.length} practitioners found`)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: elena.name })).toBeTruthy();
    expect(calls.map((call) => call.path)).not.toContain('directory.search');
  });

  it('ignore a missing or broken block', () => {
    expect(takePageData()).toBeNull();
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = PAGE_DATA_ELEMENT_ID;
    element.textContent = '{"queries": [';
    document.head.append(element);
    expect(takePageData()).toBeNull();
    expect(() => seedPageQueries(queryClient, createTRPCOptionsProxy<AppRouter>({ client: apiClient, queryClient }), null)).not.toThrow();
  });
});
