// Starts the real server for the browser tests on a fresh database of its own: an embedded cluster,
// or `wellspring_e2e` on E2E_DATABASE_ADMIN_URL's server (scripts/e2e-database.mjs).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { E2E_DATABASE, externalE2eDatabaseUrl } from './e2e-database.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// E2E_DATA_DIR (with E2E_PORT and E2E_PG_PORT) lets two runs share a checkout without sharing a database.
const dataDir = process.env.E2E_DATA_DIR ? path.resolve(process.env.E2E_DATA_DIR) : path.join(root, '.data', 'e2e');
rmSync(dataDir, { recursive: true, force: true });

const env = { ...process.env };
delete env.DATABASE_URL;
delete env.DATABASE_OWNER_URL;
const externalUrl = externalE2eDatabaseUrl();
const E2E_APP_ROLE = 'wellspring_app';
const E2E_APP_PASSWORD = 'wellspring-app-e2e';
if (externalUrl) {
  const admin = new pg.Client({ connectionString: process.env.E2E_DATABASE_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${E2E_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${E2E_DATABASE}`);
    // The server serves as the application role (row-level security binds it) and migrates as the admin.
    const exists = await admin.query(`SELECT 1 FROM pg_roles WHERE rolname = '${E2E_APP_ROLE}'`);
    const verb = exists.rowCount === 0 ? 'CREATE' : 'ALTER';
    await admin.query(`${verb} ROLE ${E2E_APP_ROLE} LOGIN NOSUPERUSER NOBYPASSRLS PASSWORD '${E2E_APP_PASSWORD}'`);
  } finally {
    await admin.end();
  }
  const appUrl = new URL(externalUrl);
  appUrl.username = E2E_APP_ROLE;
  appUrl.password = E2E_APP_PASSWORD;
  env.DATABASE_OWNER_URL = externalUrl;
  env.DATABASE_URL = appUrl.toString();
}
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? '54349',
    PORT: process.env.E2E_PORT ?? '3100',
    LOG_LEVEL: 'error',
    // The journeys create more accounts and sign in more often from one address than a person
    // would; the limits themselves are proven by the server's integration tests.
    RATE_LIMIT_SIGN_UP_MAX: '1000',
    RATE_LIMIT_SIGN_IN_MAX: '1000',
    RATE_LIMIT_SIGN_IN_PER_ADDRESS_MAX: '1000',
    CONTACT_EMAIL: 'hello@wellspring.health',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
