// Which database the browser tests' server uses, shared by the server launcher
// (scripts/e2e-server.mjs) and the journeys that read or age rows directly (e2e/database.ts).
//
// By default a fresh embedded cluster under E2E_DATA_DIR on E2E_PG_PORT. With
// E2E_DATABASE_ADMIN_URL (a PostgreSQL server's maintenance database, e.g. the compose
// `postgres` service's), the database `wellspring_e2e` on that server instead, dropped and
// created anew by each run.

/** The database of the e2e server on an external PostgreSQL (E2E_DATABASE_ADMIN_URL's server). */
export const E2E_DATABASE = 'wellspring_e2e';

/** The e2e server's database on E2E_DATABASE_ADMIN_URL's server, or null for the embedded one. */
export function externalE2eDatabaseUrl(env = process.env) {
  if (!env.E2E_DATABASE_ADMIN_URL) return null;
  const url = new URL(env.E2E_DATABASE_ADMIN_URL);
  url.pathname = `/${E2E_DATABASE}`;
  return url.toString();
}
