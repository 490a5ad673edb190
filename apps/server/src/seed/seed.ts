/**
 * The seed entry point: what a fresh database starts with. The directory's sample practitioners are
 * public data and are seeded whenever the directory is empty (production too); the demo account
 * only outside production, and with it (unless `directory` is off) its listing with online booking
 * on and the generated demo directory.
 */
import { normalizeEmail } from '@wellspring/domain';
import { demoAccount, samplePractitioners } from '@wellspring/domain/samples';
import { hashPassword } from '../auth/password.ts';
import { seedCommunity } from './community.seed.ts';
import type { Database } from '../db/client.ts';
import { seedDemoDirectory } from './demo-directory.seed.ts';
import { listDemoPractice, seedDemoPractice } from './demo-practice.seed.ts';
import { countPractitioners, insertPractitioners } from '../repositories/practitioner.repository.ts';
import { countUsers } from '../repositories/user.repository.ts';

export interface SeedOptions {
  /** Create the demo practitioner (false in production and with SEED_DEMO=0). */
  readonly demo: boolean;
  /**
   * With the demo practitioner: list her practice with online booking on, and seed the generated
   * demo directory (default true; SEED_DEMO_DIRECTORY=0 keeps the directory to the spec's five
   * samples, which the browser tests count).
   */
  readonly directory?: boolean;
}

export interface SeedResult {
  readonly demoAccountCreated: boolean;
}

/**
 * The five sample practitioners (docs/product.md#directory, ids '1'–'5') when the directory is empty. Idempotent, and
 * safe when servers start together (existing ids are skipped). Returns how many were inserted.
 */
export async function seedSamplePractitioners(db: Database): Promise<number> {
  if ((await countPractitioners(db)) > 0) return 0;
  return insertPractitioners(db.pool, samplePractitioners);
}

/**
 * Idempotent: the sample directory when it is empty; the demo account only for a database without
 * users, upserting what it creates; the demo account's practice records while it has none; her
 * listing and booking settings while she has none; the demo directory while it is not there.
 */
export async function seedDatabase(db: Database, options: SeedOptions, now = new Date()): Promise<SeedResult> {
  await seedSamplePractitioners(db);
  await seedCommunity(db, now);
  if (!options.demo) return { demoAccountCreated: false };
  const email = normalizeEmail(demoAccount.email);
  const existing = await db.user.findUnique({ where: { email }, select: { id: true } });
  if (existing) {
    // An older data folder: the demo account may predate its practice's records, listing or directory.
    await seedDemo(db, existing.id, options, now);
    return { demoAccountCreated: false };
  }
  if ((await countUsers(db)) > 0) return { demoAccountCreated: false };
  const passwordHash = await hashPassword(demoAccount.password);
  const demo = await db.user.upsert({
    where: { email },
    create: { email, name: demoAccount.name, passwordHash, role: 'practitioner', emailVerifiedAt: new Date() },
    update: {},
    select: { id: true },
  });
  await seedDemo(db, demo.id, options, now);
  return { demoAccountCreated: true };
}

/** The demo account's practice, then (the directory on) its listing and the demo directory. */
async function seedDemo(db: Database, userId: string, options: SeedOptions, now: Date): Promise<void> {
  await seedDemoPractice(db, userId, now);
  if (options.directory === false) return;
  await listDemoPractice(db, userId, now);
  await seedDemoDirectory(db);
}
