import path from 'node:path';

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

/** Where the e2e server keeps its data: E2E_DATA_DIR, or `.data/e2e` under the checkout `root`. */
export function e2eDataDir(root, env = process.env) {
  return env.E2E_DATA_DIR ? path.resolve(env.E2E_DATA_DIR) : path.join(root, '.data', 'e2e');
}

/**
 * The environment that points the server (and its operator commands, e.g. audit:verify) at the e2e
 * server's data: DATA_DIR (embedded cluster, audit HMAC key, anchor file), the embedded cluster's
 * port, and DATABASE_URL only when the e2e database is external.
 */
/** The login role the e2e server serves as on an external PostgreSQL (scripts/e2e-server.mjs makes it). */
export const E2E_APP_ROLE = 'wellspring_app';
export const E2E_APP_PASSWORD = 'wellspring-app-e2e';

export function e2eServerEnv(env, dataDir) {
  // The journeys count the spec's five sample practitioners: the demo account without its listing
  // and the generated demo directory (SEED_DEMO_DIRECTORY=0).
  const result = { ...env, NODE_ENV: 'test', DATA_DIR: dataDir, EMBEDDED_PG_PORT: env.E2E_PG_PORT ?? '54349', SEED_DEMO_DIRECTORY: '0' };
  delete result.DATABASE_URL;
  delete result.DATABASE_OWNER_URL;
  // The key and anchors belong to this run's database: never one configured for another server.
  delete result.AUDIT_HMAC_KEY;
  delete result.AUDIT_HMAC_KEY_FILE;
  delete result.AUDIT_ANCHOR_FILE;
  const externalUrl = externalE2eDatabaseUrl(env);
  if (externalUrl) {
    // The server serves as the application role (row-level security binds it) and migrates as the admin.
    const appUrl = new URL(externalUrl);
    appUrl.username = E2E_APP_ROLE;
    appUrl.password = E2E_APP_PASSWORD;
    result.DATABASE_URL = appUrl.toString();
    result.DATABASE_OWNER_URL = externalUrl;
  }
  return result;
}
