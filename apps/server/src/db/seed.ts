/**
 * The seed entry point: what a fresh, non-production database starts with. Later issues add the
 * spec's sample data here.
 */
import { demoAccount, normalizeEmail } from '@wellspring/domain';
import { hashPassword } from '../auth/password.ts';
import type { Database } from './client.ts';
import { countUsers } from '../repositories/user.repository.ts';

export interface SeedOptions {
  /** Create the demo practitioner (false in production and with SEED_DEMO=0). */
  readonly demo: boolean;
}

export interface SeedResult {
  readonly demoAccountCreated: boolean;
}

/** Idempotent: seeds only a database without users, and upserts what it creates. */
export async function seedDatabase(db: Database, options: SeedOptions): Promise<SeedResult> {
  if (!options.demo) return { demoAccountCreated: false };
  if ((await countUsers(db)) > 0) return { demoAccountCreated: false };
  const email = normalizeEmail(demoAccount.email);
  const passwordHash = await hashPassword(demoAccount.password);
  await db.user.upsert({
    where: { email },
    create: { email, name: demoAccount.name, passwordHash, role: 'practitioner' },
    update: {},
    select: { id: true },
  });
  return { demoAccountCreated: true };
}
