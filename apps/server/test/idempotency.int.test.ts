/**
 * Idempotency keys (issue 23, item 8): a retry of a mutation with its key, after an answer lost to
 * a crash, changes nothing twice; and a rule checked against the router: every mutation honours
 * the key.
 */
import { createHash, randomUUID } from 'node:crypto';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCommunity } from '../src/seed/community.seed.ts';
import { appRouter } from '../src/trpc/app.router.ts';
import { idempotencyMessages, NOT_REPLAYED } from '../src/trpc/trpc.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { createPractitioner, type TestPractitioner } from './support/practice-factory.ts';
import { sessionCookieFrom, startTestServer, trpcMutation, type TestServer } from './support/server.ts';

let database: TestDatabase;
let server: TestServer;
let ada: TestPractitioner;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCommunity(database.db);
  server = await startTestServer(database.db);
  ada = await createPractitioner(database.db, { name: 'Dr. Ada Retry' });
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const withKey = (key: string) => ({ cookie: ada.cookie, headers: { 'idempotency-key': key } });
const downloadsOf = async (id: string) => (await ada.caller.community.resources({ id }))[0]?.downloads ?? -1;
const fingerprint = (path: string, input: unknown) => createHash('sha256').update(path).update('\n').update(JSON.stringify(input) ?? '').digest('hex');

describe('idempotency keys', () => {
  it('replays a mutation sent again with its key: one write, the same answer', async () => {
    const before = await downloadsOf('2');
    const key = randomUUID();
    const first = await trpcMutation<{ downloads: number }>(server, 'community.countDownload', { id: '2' }, withKey(key));
    const retry = await trpcMutation<{ downloads: number }>(server, 'community.countDownload', { id: '2' }, withKey(key));
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.data).toEqual(first.data);
    expect(await downloadsOf('2')).toBe(before + 1);
    // A new submission (a new key) is a new press.
    await trpcMutation(server, 'community.countDownload', { id: '2' }, withKey(randomUUID()));
    expect(await downloadsOf('2')).toBe(before + 2);
  });

  it('runs the key’s claim in the write’s transaction: two concurrent sends of one key write once', async () => {
    const before = await downloadsOf('3');
    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => trpcMutation(server, 'community.countDownload', { id: '3' }, withKey(key))));
    expect(answers.every((answer) => answer.status < 500)).toBe(true);
    expect(await downloadsOf('3')).toBe(before + 1);
  });

  it('refuses the key with another input (422), and answers a write whose answer was lost with a 409 that changes nothing', async () => {
    const key = randomUUID();
    await trpcMutation(server, 'community.countDownload', { id: '4' }, withKey(key));
    const other = await trpcMutation(server, 'community.countDownload', { id: '5' }, withKey(key));
    expect(other.status).toBe(422);
    expect(other.error?.message).toBe(idempotencyMessages.reused);

    // The server committed, then crashed before storing the answer.
    const lost = randomUUID();
    const before = await downloadsOf('4');
    await database.query('INSERT INTO idempotency_key (scope, key, procedure, fingerprint, created_at) VALUES ($1, $2, $3, $4, now())', [
      `user:${ada.user.id}`,
      lost,
      'community.countDownload',
      fingerprint('community.countDownload', { id: '4' }),
    ]);
    const retry = await trpcMutation(server, 'community.countDownload', { id: '4' }, withKey(lost));
    expect(retry.status).toBe(409);
    expect(retry.error?.message).toBe(idempotencyMessages.alreadyDone);
    expect(await downloadsOf('4')).toBe(before);
  });

  it('refuses a malformed key with 400', async () => {
    expect((await trpcMutation(server, 'community.countDownload', { id: '2' }, withKey('short'))).status).toBe(400);
  });

  // A rule checked against the router: a new mutation is covered without a new row.
  const mutations = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: 'query' | 'mutation' } }>)
    .filter(([, procedure]) => procedure._def.type === 'mutation')
    .map(([path]) => path);

  it.each(mutations.filter((path) => !NOT_REPLAYED.has(path)))('%s answers a known key with the stored answer, without running', async (path) => {
    const key = randomUUID();
    const input = { probe: path };
    await database.query('INSERT INTO idempotency_key (scope, key, procedure, fingerprint, response, created_at) VALUES ($1, $2, $3, $4, $5, now())', [
      `user:${ada.user.id}`,
      key,
      path,
      fingerprint(path, input),
      JSON.stringify(superjson.serialize({ replayed: path })),
    ]);
    const answer = await trpcMutation(server, path, input, withKey(key));
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ replayed: path });
  });

  it.each([...NOT_REPLAYED])('%s is not replayed: its answer is a session cookie, which a stored answer could not give', async (path) => {
    expect(mutations).toContain(path);
    const email = `retry-${randomUUID()}@example.com`;
    const password = 'a long and unusual passphrase 42';
    await trpcMutation(server, 'auth.signUp', { name: 'Retry Person', email, password });
    const cookie = sessionCookieFrom((await trpcMutation(server, 'auth.signIn', { email, password })).headers)?.header;
    const answer = await trpcMutation(server, path, path === 'auth.signIn' ? { email, password } : undefined, { cookie, headers: { 'idempotency-key': randomUUID() } });
    expect(answer.status).toBe(200);
    expect(answer.headers.getSetCookie().some((line) => line.startsWith('session='))).toBe(true);
  });
});
