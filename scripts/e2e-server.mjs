// Starts the real server for the browser tests on a fresh database of its own: an embedded cluster,
// or `wellspring_e2e` on E2E_DATABASE_ADMIN_URL's server (scripts/e2e-database.mjs).
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { E2E_APP_PASSWORD, E2E_APP_ROLE, E2E_DATABASE, e2eDataDir, e2eServerEnv, externalE2eDatabaseUrl } from './e2e-database.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// E2E_DATA_DIR (with E2E_PORT and E2E_PG_PORT) lets two runs share a checkout without sharing a database.
// The audit HMAC key and anchor file are created there too, for `npm run test:e2e:audit` afterwards.
const dataDir = e2eDataDir(root);
rmSync(dataDir, { recursive: true, force: true });

const env = e2eServerEnv(process.env, dataDir);
const externalUrl = externalE2eDatabaseUrl();
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
}
// A real SMTP server the relay delivers to; each message it accepts is kept as a file in
// DATA_DIR/smtp-sink (e2e/mail-sink.ts reads them), as a patient's inbox would receive it.
const sinkDir = path.join(dataDir, 'smtp-sink');
mkdirSync(sinkDir, { recursive: true });
let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      received += 1;
      const to = session.envelope.rcptTo.map((recipient) => recipient.address).join(',');
      writeFileSync(path.join(sinkDir, `${String(received).padStart(6, '0')}.eml`), `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks).toString('utf8')}`);
      callback();
    });
  },
});
await new Promise((resolve, reject) => {
  smtp.once('error', reject);
  smtp.listen(0, '127.0.0.1', resolve);
});
const smtpPort = smtp.server.address().port;

const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...env,
    PORT: process.env.E2E_PORT ?? '3100',
    // Anchors every minute (not 10): Playwright kills the server at the end, so there is no anchor at shutdown.
    AUDIT_ANCHOR_INTERVAL_MIN: '1',
    LOG_LEVEL: 'error',
    // The journeys create more accounts and sign in more often from one address than a person
    // would; the limits themselves are proven by the server's integration tests.
    RATE_LIMIT_SIGN_UP_MAX: '1000',
    RATE_LIMIT_SIGN_IN_MAX: '1000',
    RATE_LIMIT_SIGN_IN_PER_ADDRESS_MAX: '1000',
    RATE_LIMIT_LOOKUPS_PER_ADDRESS_MAX: '1000',
    RATE_LIMIT_PASSWORD_RESET_PER_ADDRESS_MAX: '1000',
    RATE_LIMIT_PASSWORD_RESET_PER_EMAIL_MAX: '1000',
    RATE_LIMIT_VERIFICATION_RESEND_MAX: '1000',
    CONTACT_EMAIL: 'hello@wellspring.health',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    RELAY_POLL_MS: '250',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  smtp.close();
  process.exit(code ?? 0);
});
