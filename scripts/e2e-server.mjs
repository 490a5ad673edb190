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
const externalUrl = externalE2eDatabaseUrl();
if (externalUrl) {
  const admin = new pg.Client({ connectionString: process.env.E2E_DATABASE_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${E2E_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${E2E_DATABASE}`);
  } finally {
    await admin.end();
  }
  env.DATABASE_URL = externalUrl;
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
