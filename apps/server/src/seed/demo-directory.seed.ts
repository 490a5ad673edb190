/**
 * The demo directory (issue 24, "Demo"; the domain's `buildDemoDirectory`): 300 generated
 * practitioners beside the spec's five samples, and for every fifth of them an owner account and a
 * practice with online booking on, so search, the quiz and booking have something to show across
 * cities and time zones. Seeded with the demo data only, once: in one transaction (three multi-row
 * statements), under an advisory lock so that servers starting together seed it once.
 *
 * The generated practices' accounts cannot sign in (`NO_PASSWORD` is no password hash, so every
 * sign-in fails as for a wrong password): nobody works in those practices, which is why their
 * session types confirm bookings at once. Their listings are written as the samples' are (rich
 * profiles with reviews and ratings the profile editor cannot write), not through the profile machine.
 */
import { randomUUID } from 'node:crypto';
import { buildDemoDirectory, DEMO_DIRECTORY_FIRST_ID, profileOfGenerated } from '@wellspring/domain/samples';
import type { Database } from '../db/client.ts';
import { inClientTransaction } from '../db/client-transaction.ts';
import { insertPractitioners, practitionerExists } from '../repositories/practitioner.repository.ts';

/** Not an argon2 hash: `verifyPassword` answers false for it, so no password signs in. */
export const NO_PASSWORD = '!no-password: a demo directory account';

const LOCK_KEY = 'wellspring:demo-directory';

/** How many listings, accounts and practices the demo directory seed wrote (all zero when it was there). */
export interface DemoDirectorySeeded {
  readonly practitioners: number;
  readonly accounts: number;
  readonly practices: number;
}

const NOTHING: DemoDirectorySeeded = { practitioners: 0, accounts: 0, practices: 0 };

/** Seeds the demo directory unless its first listing is there. */
export async function seedDemoDirectory(db: Database): Promise<DemoDirectorySeeded> {
  if (await practitionerExists(db, DEMO_DIRECTORY_FIRST_ID)) return NOTHING;
  const { practitioners, practices } = buildDemoDirectory();
  const accounts = practices.map((practice) => ({ ...practice, userId: randomUUID(), practiceId: randomUUID() }));
  return inClientTransaction(db.pool, () => 'BEGIN', async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [LOCK_KEY]);
    const { rows } = await client.query('SELECT 1 FROM practitioner WHERE id = $1', [DEMO_DIRECTORY_FIRST_ID]);
    if (rows.length > 0) return NOTHING;
    const listed = await insertPractitioners(client, practitioners.map(profileOfGenerated));
    const users = await client.query(
      `INSERT INTO app_user (id, email, name, password_hash, role, email_verified_at)
       SELECT u.id, u.email, u.name, $2, 'practitioner', now() FROM jsonb_to_recordset($1::jsonb) AS u(id uuid, email text, name text)
       ON CONFLICT (email) DO NOTHING`,
      [JSON.stringify(accounts.map((account) => ({ id: account.userId, email: account.accountEmail, name: account.name }))), NO_PASSWORD],
    );
    // Only for the accounts just made: an address taken already (by hand) keeps its own practice.
    const made = await client.query(
      `INSERT INTO practice (id, owner_user_id, practitioner_id, time_zone, profile, booking_settings)
       SELECT p.id, p.owner_user_id, p.practitioner_id, p.time_zone, p.profile, p.booking_settings
       FROM jsonb_to_recordset($1::jsonb) AS p(id text, owner_user_id uuid, practitioner_id text, time_zone text, profile jsonb, booking_settings jsonb)
       JOIN app_user u ON u.id = p.owner_user_id
       ON CONFLICT DO NOTHING`,
      [
        JSON.stringify(
          accounts.map((account) => ({
            id: account.practiceId,
            owner_user_id: account.userId,
            practitioner_id: account.practitionerId,
            time_zone: account.timeZone,
            profile: account.profile,
            booking_settings: account.bookingSettings,
          })),
        ),
      ],
    );
    return { practitioners: listed, accounts: users.rowCount ?? 0, practices: made.rowCount ?? 0 };
  });
}
