import type { DirectoryProfile, DirectorySearchResult, QuizMatchResult } from '@wellspring/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDirectoryChangeListener, type DirectoryChangeListener } from '../src/cache/directory-change-listener.ts';
import { ReadCache } from '../src/cache/read-cache.ts';
import { seedSamplePractitioners } from '../src/seed/seed.ts';
import { createLogger } from '../src/logger.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { createTestCaller, startTestServer, trpcQuery, type TestServer } from './support/server.ts';
import { eventually } from './support/eventually.ts';

/** One server process: its own cache and LISTEN connection, on the shared database. */
interface CachedServer {
  readonly cache: ReadCache;
  readonly listener: DirectoryChangeListener;
  readonly http: TestServer;
}

let database: TestDatabase;
let first: CachedServer;
let second: CachedServer;

async function startCachedServer(): Promise<CachedServer> {
  const cache = new ReadCache({ maxEntries: 100, ttlMs: 60_000 });
  const listener = createDirectoryChangeListener({ connectionString: database.url, cache, logger: createLogger('silent') });
  await listener.start();
  return { cache, listener, http: await startTestServer(database.db, {}, { directoryCache: cache }) };
}

const query = (procedure: string, input: unknown) => `${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
const search = async (server: CachedServer, input: unknown) => (await trpcQuery<DirectorySearchResult>(server.http, query('directory.search', input))).data;
const profile = async (server: CachedServer, id: string) => (await trpcQuery<DirectoryProfile>(server.http, query('practitioners.byId', { id }))).data;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedSamplePractitioners(database.db);
  first = await startCachedServer();
  second = await startCachedServer();
});

afterAll(async () => {
  for (const server of [first, second]) {
    await server?.listener.stop();
    await server?.http.close();
  }
  await database?.drop();
});

describe('directory read cache', () => {
  it('answers a repeated search, quiz and profile from memory', async () => {
    const input = { query: 'acupuncture' };
    const answers = { answers: ['concern-pain', 'symptoms-headaches', 'approach-hands-on', 'style-sessions', 'priority-balance'] };
    const searched = await search(first, input);
    const matched = (await trpcQuery<QuizMatchResult>(first.http, query('quiz.match', answers))).data;
    const shown = await profile(first, '1');
    // The second round is answered from memory: three hits, not one miss.
    const before = first.cache.stats();
    expect(await search(first, input)).toEqual(searched);
    expect((await trpcQuery<QuizMatchResult>(first.http, query('quiz.match', answers))).data).toEqual(matched);
    expect(await profile(first, '1')).toEqual(shown);
    const after = first.cache.stats();
    expect(after.live).toBe(true);
    expect(after.hits - before.hits).toBe(3);
    expect(after.misses - before.misses).toBe(0);
    // The same answers in another order are the same set: already in memory.
    const caller = createTestCaller(database.db, { directoryCache: first.cache });
    expect(await caller.quiz.match({ answers: [...answers.answers].reverse() })).toEqual(matched);
    expect(first.cache.stats().misses - after.misses).toBe(0);
  });

  it('replays the exact answer of a repeated GET, single or batched, but never an error or another procedure', async () => {
    const url = `${first.http.baseUrl}/api/trpc/${query('directory.search', { query: 'herbal', location: 'Portland, OR' })}`;
    const batched = `${first.http.baseUrl}/api/trpc/practitioners.byId,quiz.match?batch=1&input=${encodeURIComponent(
      JSON.stringify({ 0: { json: { id: '5' } }, 1: { json: { answers: ['concern-skin'] } } }),
    )}`;
    for (const target of [url, batched]) {
      const before = first.cache.stats();
      const once = await fetch(target);
      const twice = await fetch(target);
      expect(twice.status).toBe(200);
      expect(twice.headers.get('content-type')).toBe('application/json');
      expect(await twice.text()).toBe(await once.text());
      // The replay was a hit, and no second read of the database happened.
      const after = first.cache.stats();
      expect(after.hits - before.hits).toBeGreaterThanOrEqual(1);
      expect(after.entries).toBeGreaterThan(before.entries);
    }
    const entries = first.cache.stats().entries;
    const missing = await fetch(`${first.http.baseUrl}/api/trpc/${query('practitioners.byId', { id: 'nobody' })}`);
    expect(missing.status).toBe(404);
    expect((await fetch(`${first.http.baseUrl}/api/trpc/${query('practitioners.byId', { id: 'nobody' })}`)).status).toBe(404);
    expect(first.cache.stats().entries).toBe(entries);
    // A per-user procedure is never cached, whatever the URL.
    expect((await fetch(`${first.http.baseUrl}/api/trpc/favorites.ids`)).status).toBe(401);
    expect(first.cache.stats().entries).toBe(entries);
  });

  it('shows a change made anywhere to every server at once, without waiting for expiry', async () => {
    const original = await profile(first, '2');
    const seenBySecond = await profile(second, '2');
    expect(seenBySecond?.name).toBe(original?.name);
    // A write that no server made (another process, an operator): the trigger still tells everyone.
    await database.query(`UPDATE practitioner SET name = 'Dr. Renamed Practitioner' WHERE id = '2'`);
    for (const server of [first, second]) {
      const seen = await eventually(() => profile(server, '2'), (value) => value?.name === 'Dr. Renamed Practitioner');
      expect(seen?.name).toBe('Dr. Renamed Practitioner');
    }
    const found = await eventually(() => search(first, { query: 'renamed' }), (value) => value?.total === 1);
    expect(found?.items.map((card) => card.id)).toEqual(['2']);
  });

  it('reads through while its LISTEN connection is lost, then caches again once it is back', async () => {
    const [listening] = await database.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE application_name = 'wellspring-directory-listener' AND datname = current_database() LIMIT 1`,
    );
    expect(listening).toBeDefined();
    await database.query('SELECT pg_terminate_backend($1)', [listening?.pid]);
    await eventually(() => Promise.resolve(first.cache.stats().live && second.cache.stats().live), (live) => !live);
    // One of the two servers is deaf now; a change made meanwhile must still be seen by both.
    await database.query(`UPDATE practitioner SET rating = 4.1 WHERE id = '3'`);
    for (const server of [first, second]) expect((await profile(server, '3'))?.rating).toBe(4.1);
    // Reconnected (with backoff), live again, and caching.
    const back = await eventually(() => Promise.resolve(first.cache.stats().live && second.cache.stats().live), (live) => live);
    expect(back).toBe(true);
    await database.query(`UPDATE practitioner SET rating = 4.2 WHERE id = '3'`);
    for (const server of [first, second]) expect(await eventually(() => profile(server, '3'), (value) => value?.rating === 4.2)).toMatchObject({ rating: 4.2 });
  });
});
