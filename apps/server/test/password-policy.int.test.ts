import { accountMessages, authMessages } from '@wellspring/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonPasswordList } from '../src/auth/password-policy.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { startTestServer, trpcMutation, type TestServer } from './support/server.ts';

let database: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database.db);
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

let counter = 0;
const uniqueEmail = (label: string) => `${label}.${Date.now()}.${(counter += 1)}@example.com`;
const NAME = 'Dr. Robin Vale';

const signUp = (email: string, password: string, name = NAME) =>
  trpcMutation<{ message: string }>(server, 'auth.signUp', { name, email, password });

async function accountsWith(email: string): Promise<number> {
  const rows = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM app_user WHERE email = $1', [email.toLowerCase()]);
  return rows[0]?.n ?? 0;
}

describe('sign-up password rules', () => {
  it.each([
    ['12345678', authMessages.passwordTooCommon],
    ['password', authMessages.passwordTooCommon],
    ['Password', authMessages.passwordTooCommon],
    ['qwerty123', authMessages.passwordTooCommon],
    ['        ', authMessages.passwordTooFewNonSpaces],
    ['aaaaaaaa', authMessages.passwordTooCommon],
  ])('refuses %j with a message under the password field and creates no account', async (password, message) => {
    const email = uniqueEmail('weak');
    const response = await signUp(email, password);

    expect(response.status).toBe(400);
    expect(response.error?.message).toBe(message);
    expect(response.error?.data.fieldErrors).toEqual({ password: [message] });
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await accountsWith(email)).toBe(0);
  });

  it('refuses the e-mail address itself, in any letter case', async () => {
    const email = uniqueEmail('Robin.Vale');
    const response = await signUp(email, email.toUpperCase());

    expect(response.status).toBe(400);
    expect(response.error?.data.fieldErrors).toEqual({ password: [authMessages.passwordIsEmail] });
    expect(await accountsWith(email)).toBe(0);
  });

  it('refuses the name', async () => {
    const email = uniqueEmail('named');
    const response = await signUp(email, 'dr. robin vale');

    expect(response.status).toBe(400);
    expect(response.error?.data.fieldErrors).toEqual({ password: [authMessages.passwordIsName] });
    expect(await accountsWith(email)).toBe(0);
  });

  it('answers a listed password for a taken e-mail with the password message, not with "already exists"', async () => {
    const email = uniqueEmail('taken');
    expect((await signUp(email, 'correct horse battery')).status).toBe(200);

    const response = await signUp(email, 'iloveyou');

    expect(response.status).toBe(400);
    expect(response.error?.data.fieldErrors).toEqual({ password: [authMessages.passwordTooCommon] });
  });

  it('accepts a password that is on no list and is neither the e-mail nor the name', async () => {
    const email = uniqueEmail('strong');
    const response = await signUp(email, 'violet kettle north 42');

    expect(response.status).toBe(200);
    expect(response.data).toEqual({ message: accountMessages.signUpCheckEmail });
    expect(await accountsWith(email)).toBe(1);
  });
});

describe('the common password list', () => {
  it('is the package’s list, read offline, in lower case', async () => {
    const list = await commonPasswordList();

    expect(list.size).toBe(49_233);
    for (const password of ['123456', 'password', '12345678', 'iloveyou', 'trustno1', 'p@ssw0rd']) expect(list.has(password)).toBe(true);
    expect([...list].every((password) => password === password.toLowerCase())).toBe(true);
  });
});
