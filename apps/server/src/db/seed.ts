/**
 * The seed entry point: what a fresh database starts with. The directory's sample practitioners are
 * public data and are seeded whenever the directory is empty (production too); the demo account
 * only outside production.
 */
import { demoAccount, normalizeEmail, samplePractitioners } from '@wellspring/domain';
import { hashPassword } from '../auth/password.ts';
import { seedCommunity } from '../community/community.seed.ts';
import type { Database } from './client.ts';
import { seedDemoPractice } from './demo-practice.seed.ts';
import { countPractitioners, insertPractitioners } from '../repositories/practitioner.repository.ts';
import { countUsers } from '../repositories/user.repository.ts';

export interface SeedOptions {
  /** Create the demo practitioner (false in production and with SEED_DEMO=0). */
  readonly demo: boolean;
}

export interface SeedResult {
  readonly demoAccountCreated: boolean;
}

/**
 * The five sample practitioners (SPEC §3, ids '1'–'5') when the directory is empty. Idempotent, and
 * safe when servers start together (existing ids are skipped). Returns how many were inserted.
 */
export async function seedSamplePractitioners(db: Database): Promise<number> {
  if ((await countPractitioners(db)) > 0) return 0;
  return insertPractitioners(db.pool, samplePractitioners);
}

/**
 * Idempotent: the sample directory when it is empty; the demo account only for a database without
 * users, upserting what it creates; the demo account's practice records while it has none.
 */
export async function seedDatabase(db: Database, options: SeedOptions, now = new Date()): Promise<SeedResult> {
  await seedSamplePractitioners(db);
  await seedCommunity(db, now);
  if (!options.demo) return { demoAccountCreated: false };
  const email = normalizeEmail(demoAccount.email);
  const existing = await db.user.findUnique({ where: { email }, select: { id: true } });
  if (existing) {
    // An older data folder: the demo account may predate its practice's records.
    await seedDemoPractice(db, existing.id, now);
    return { demoAccountCreated: false };
  }
  if ((await countUsers(db)) > 0) return { demoAccountCreated: false };
  const passwordHash = await hashPassword(demoAccount.password);
  const demo = await db.user.upsert({
    where: { email },
    create: { email, name: demoAccount.name, passwordHash, role: 'practitioner' },
    update: {},
    select: { id: true },
  });
  await seedDemoPractice(db, demo.id, now);
  return { demoAccountCreated: true };
}
