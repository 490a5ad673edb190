/**
 * Direct access to the e2e server's database (scripts/e2e-server.mjs), for the few journeys that
 * need the server's own time to pass (an idle session) rather than waiting for it.
 */
import pg from 'pg';
import { embeddedPostgresUrl } from '../apps/server/src/db/embedded.ts';
import { externalE2eDatabaseUrl } from '../scripts/e2e-database.mjs';

/** On the embedded cluster the server's database is `wellspring` (APP_DATABASE in apps/server/src/db/bootstrap.ts). */
export const databaseUrl = () => externalE2eDatabaseUrl() ?? embeddedPostgresUrl(Number(process.env.E2E_PG_PORT ?? 54349), 'wellspring');

/** Makes every session of the account `email` look unused for `minutes`, as if its user had walked away. */
export async function ageSessionsOf(email: string, minutes: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    const result = await client.query(
      "UPDATE session SET last_active_at = now() - make_interval(mins => $2) WHERE user_id = (SELECT id FROM app_user WHERE email = lower($1))",
      [email, minutes],
    );
    return result.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

/** Makes the account's sessions look as if the password was last entered `minutes` ago (sensitive changes ask for it again after 10). */
export async function agePasswordEntryOf(email: string, minutes: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    const result = await client.query(
      "UPDATE session SET authenticated_at = now() - make_interval(mins => $2) WHERE user_id = (SELECT id FROM app_user WHERE email = lower($1))",
      [email, minutes],
    );
    return result.rowCount ?? 0;
  } finally {
    await client.end();
  }
}
