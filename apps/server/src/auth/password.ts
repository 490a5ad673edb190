import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** argon2id with OWASP's minimum: 19 MiB, 2 iterations, 1 lane. */
const ARGON2ID: Algorithm.Argon2id = 2;
const options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed sign-in, not a server error.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of a real verification when the email is unknown, so response times do not tell
 * which emails have accounts.
 */
export async function verifyAgainstDummyHash(password: string): Promise<void> {
  dummyHash ??= hashPassword('wellspring-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
}
