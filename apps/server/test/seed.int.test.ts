import { demoAccount } from '@wellspring/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../src/auth/password.ts';
import { seedDatabase } from '../src/db/seed.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { startTestServer, trpcMutation } from './support/server.ts';

let database: TestDatabase;

beforeEach(async () => {
  database = await createTestDatabase();
});

afterEach(async () => {
  await database?.drop();
});

describe('seedDatabase', () => {
  it('creates the demo practitioner on an empty database, and the demo credentials sign in', async () => {
    expect(await seedDatabase(database.ownerDb, { demo: true })).toEqual({ demoAccountCreated: true });

    const users = await database.query<{ email: string; name: string; role: string; password_hash: string }>('SELECT email, name, role, password_hash FROM app_user');
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ email: demoAccount.email, name: demoAccount.name, role: 'practitioner' });
    expect(users[0]?.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(users[0]?.password_hash ?? '', demoAccount.password)).toBe(true);

    const server = await startTestServer(database.db);
    try {
      const response = await trpcMutation<{ user: { email: string } }>(server, 'auth.signIn', { email: demoAccount.email, password: demoAccount.password });
      expect(response.status).toBe(200);
      expect(response.data?.user.email).toBe(demoAccount.email);
    } finally {
      await server.close();
    }
  });

  it('is idempotent', async () => {
    await seedDatabase(database.ownerDb, { demo: true });
    expect(await seedDatabase(database.ownerDb, { demo: true })).toEqual({ demoAccountCreated: false });
    expect(await database.query('SELECT id FROM app_user')).toHaveLength(1);
  });

  it('leaves a database that already has users alone', async () => {
    await database.query("INSERT INTO app_user (id, email, name, password_hash) VALUES (gen_random_uuid(), 'someone@example.com', 'Someone', 'x')");
    expect(await seedDatabase(database.ownerDb, { demo: true })).toEqual({ demoAccountCreated: false });
    expect(await database.query('SELECT id FROM app_user WHERE email = $1', [demoAccount.email])).toHaveLength(0);
  });

  it('creates nothing when demo data is off (production or SEED_DEMO=0)', async () => {
    expect(await seedDatabase(database.ownerDb, { demo: false })).toEqual({ demoAccountCreated: false });
    expect(await database.query('SELECT id FROM app_user')).toHaveLength(0);
  });
});
