import { practitionerMessages } from '@wellspring/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../src/auth/session.ts';
import { seedSamplePractitioners } from '../src/seed/seed.ts';
import { createUser } from '../src/repositories/user.repository.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { startTestServer, trpcMutation, trpcQuery, type TestServer } from './support/server.ts';

let database: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedSamplePractitioners(database.db);
  server = await startTestServer(database.db);
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

let counter = 0;
/** A user with a session made straight in the database; returns the Cookie header. */
async function signedInUser(): Promise<string> {
  counter += 1;
  const user = await createUser(database.db, { email: `fav.${counter}.${Date.now()}@example.com`, name: `Favorite Fan ${counter}`, passwordHash: 'x', role: 'patient' });
  const { token } = await createSession(database.db, user.id);
  return `session=${token}`;
}

const ids = async (cookie?: string) => trpcQuery<string[]>(server, 'favorites.ids', { cookie });
const set = (cookie: string | undefined, practitionerId: string, favorite: boolean) =>
  trpcMutation<{ practitionerId: string; favorite: boolean }>(server, 'favorites.set', { practitionerId, favorite }, { cookie });

describe('favorites', () => {
  it('sets and clears favorites of the signed-in user, idempotently, most recent first', async () => {
    const cookie = await signedInUser();
    expect((await ids(cookie)).data).toEqual([]);
    const added = await set(cookie, '2', true);
    expect(added.status).toBe(200);
    expect(added.data).toEqual({ practitionerId: '2', favorite: true });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await set(cookie, '4', true);
    expect((await set(cookie, '4', true)).status).toBe(200);
    expect((await ids(cookie)).data).toEqual(['4', '2']);
    expect((await set(cookie, '2', false)).data).toEqual({ practitionerId: '2', favorite: false });
    expect((await set(cookie, '2', false)).status).toBe(200);
    expect((await ids(cookie)).data).toEqual(['4']);
  });

  it("keeps each user's favorites to that user", async () => {
    const alice = await signedInUser();
    const bob = await signedInUser();
    await set(alice, '1', true);
    await set(bob, '3', true);
    expect((await ids(alice)).data).toEqual(['1']);
    expect((await ids(bob)).data).toEqual(['3']);
    await set(bob, '1', false);
    expect((await ids(alice)).data).toEqual(['1']);
  });

  it('answers an unknown practitioner with 404 and stores nothing', async () => {
    const cookie = await signedInUser();
    const response = await set(cookie, 'no-such-practitioner', true);
    expect(response.status).toBe(404);
    expect(response.error?.message).toBe(practitionerMessages.notFound.description);
    expect((await ids(cookie)).data).toEqual([]);
  });

  it('requires a session: 401 without one', async () => {
    expect((await ids()).status).toBe(401);
    expect((await set(undefined, '1', true)).status).toBe(401);
    expect((await ids('session=not-a-real-token')).status).toBe(401);
  });

  it('answers bad input with 400 and field messages', async () => {
    const cookie = await signedInUser();
    const response = await trpcMutation(server, 'favorites.set', { practitionerId: '', favorite: 'yes' }, { cookie });
    expect(response.status).toBe(400);
    expect(Object.keys(response.error?.data.fieldErrors ?? {}).sort()).toEqual(['favorite', 'practitionerId']);
  });
});
