/**
 * `npm start`: audit key, database (embedded unless DATABASE_URL), migrations, seed, HTTP, outbox
 * relay, audit sealer; graceful shutdown.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import { AuditKeyError, loadAuditKey } from './audit/audit-key.ts';
import { createLinkTokens, linkKeyFromAuditKey } from './auth/link-tokens.ts';
import { createAuditSealer } from './audit/audit-seal.ts';
import { createDirectoryChangeListener } from './cache/directory-change-listener.ts';
import { ReadCache } from './cache/read-cache.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/bootstrap.ts';
import { closeDatabase, createDatabaseClient } from './db/client.ts';
import { seedDatabase } from './seed/seed.ts';
import { warmGeocoder } from './geo/geocoder.ts';
import { createLogger } from './logger.ts';
import { refuseConnect } from './http/request-guards.ts';
import { createSecretBox, secretKeyFromAuditKey } from './auth/secret-box.ts';
import { createRelay } from './outbox/relay.ts';
import { refreshPatientVisits } from './practice/practice-figures.ts';
import { deleteExpiredIdempotencyKeys } from './repositories/idempotency.repository.ts';
import { deleteExpiredRateLimits } from './repositories/rate-limit.repository.ts';
import { deleteExpiredSessions } from './repositories/session.repository.ts';

const startedAt = Date.now();
const config = loadConfig();
const logger = createLogger(config.logLevel);

// The audit log's HMAC key, never stored in the database (docs/decisions/0030-audit-hmac-seal.md):
// production refuses to start without one configured; elsewhere DATA_DIR/audit-hmac.key is created.
const auditKey = await loadAuditKey(config.audit, { create: true, production: config.production }).catch((error: unknown) => {
  if (!(error instanceof AuditKeyError)) throw error;
  logger.fatal(error.message);
  process.exit(1);
});
logger.info({ source: auditKey.source }, 'audit HMAC key loaded');
if (!config.audit.reads) {
  logger.error('AUDIT_READS=off (BENCH_UNAUDITED_READS=1): practice reads are NOT audited — a benchmark baseline only, never a deployment');
}
// Private links (a booking's manage link, a calendar feed) are signed with a key derived from it.
const links = createLinkTokens(linkKeyFromAuditKey(auditKey.key));
// 2-step secrets are sealed under another key derived from it.
const secrets = createSecretBox(secretKeyFromAuditKey(auditKey.key));

const database = await openDatabase(config, logger);
// The sample directory is public data and is seeded into any empty database; the demo account only
// off production and unless SEED_DEMO=0. Seeding writes several practices' rows, so it runs as the
// tables' owner, like the migrations, never as the serving role.
const ownerDb = createDatabaseClient(database.ownerUrl, { maxConnections: 2 });
const seeded = await seedDatabase(ownerDb, { demo: config.seedDemo, directory: config.seedDemoDirectory }).finally(() => closeDatabase(ownerDb));
if (seeded.demoAccountCreated) logger.info('demo account seeded: demo@wellspring.test (its password is in the README)');

// Directory reads are cached in this process and dropped at every change of the directory, on any
// server (LISTEN/NOTIFY); DIRECTORY_CACHE_MAX_ENTRIES=0 turns the cache off. The LISTEN connection
// may bypass a transaction-mode PgBouncer (DATABASE_LISTEN_URL): notices never cross one.
const directoryCache = new ReadCache(config.directoryCache);
// Practices' busy times for online booking, the same way: dropped at every appointment or hold write.
const calendarCache = new ReadCache(config.directoryCache);
const directoryChanges = createDirectoryChangeListener({ connectionString: config.databaseListenUrl ?? database.url, cache: directoryCache, calendarCache, logger });
await directoryChanges.start();

// The gazetteer of profile locations and the search's location box loads in the background.
warmGeocoder();
const app = createApp({ config, db: database.db, logger, directoryCache, calendarCache, links, secrets });
const server = http.createServer(app);
refuseConnect(server);
server.listen(config.port, config.host);
await new Promise<void>((resolve, reject) => {
  server.once('listening', resolve);
  server.once('error', reject);
}).catch(async (error: unknown) => {
  logger.fatal({ err: error }, `could not listen on ${config.host}:${config.port}`);
  await database.close();
  process.exit(1);
});
const { port } = server.address() as AddressInfo;
logger.info({ ms: Date.now() - startedAt }, `Wellspring ready on http://localhost:${port}`);

// The outbox relay: application webhooks and invitation e-mails (docs/architecture.md#outbox). Safe on every
// instance at once; RELAY_ENABLED=0 leaves delivery to other instances.
const relay = config.relay.enabled ? createRelay({ db: database.db, config: config.relay, logger, links }) : null;
relay?.start();

// The audit sealer: seals new audit entries with the HMAC key every second and anchors the sealed
// head every AUDIT_ANCHOR_INTERVAL_MIN (log line and anchor file). Safe on every instance at once.
const auditSealer = createAuditSealer({ db: database.db, key: auditKey.key, config: config.audit, logger });
auditSealer.start();

// Housekeeping: expired and idle sessions every hour; rate-limit counters every minute, as their windows
// close (a sign-in tried with a thousand e-mails leaves no thousand rows behind for long).
const MINUTE_MS = 60 * 1000;
const sessionHousekeeping = setInterval(() => {
  deleteExpiredSessions(database.db, { idleTimeoutMs: config.sessions.idleTimeoutMs }).catch((error: unknown) => logger.warn({ err: error }, 'session housekeeping failed'));
}, 60 * MINUTE_MS);
sessionHousekeeping.unref();
const rateLimitHousekeeping = setInterval(() => {
  deleteExpiredRateLimits(database.db).catch((error: unknown) => logger.warn({ err: error }, 'rate-limit housekeeping failed'));
}, MINUTE_MS);
rateLimitHousekeeping.unref();
// Patients' kept visits whose span has passed (record 0042), recounted every minute so the patient
// list reads them from their row again.
const visitsHousekeeping = setInterval(() => {
  refreshPatientVisits(database.db.pool).catch((error: unknown) => logger.warn({ err: error }, 'patient visits housekeeping failed'));
}, MINUTE_MS);
visitsHousekeeping.unref();
// Idempotency keys outlive any retry by far after a day.
const idempotencyHousekeeping = setInterval(() => {
  deleteExpiredIdempotencyKeys(database.db, new Date(), 24 * 60 * MINUTE_MS).catch((error: unknown) => logger.warn({ err: error }, 'idempotency-key housekeeping failed'));
}, 60 * MINUTE_MS);
idempotencyHousekeeping.unref();

let shuttingDown = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info({ signal }, 'shutting down');
  clearInterval(sessionHousekeeping);
  clearInterval(rateLimitHousekeeping);
  clearInterval(idempotencyHousekeeping);
  clearInterval(visitsHousekeeping);
  // A stuck connection must not keep the process (and the embedded database) alive forever.
  const forceExit = setTimeout(() => {
    logger.error('shutdown timed out; exiting');
    process.exit(1);
  }, 10_000);
  forceExit.unref();
  // In-flight deliveries get a few seconds to finish; after that they are abandoned and their
  // leases handed back (another instance, or the next start, sends them with the same key).
  await Promise.all([
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    }),
    relay?.stop({ graceMs: 5_000 }).catch((error: unknown) => logger.warn({ err: error }, 'relay did not stop cleanly')),
  ]);
  // After the last request: its audit entries are sealed and the sealed head anchored.
  await auditSealer.stop();
  await directoryChanges.stop();
  await database.close();
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', (signal) => void shutdown(signal));
process.on('SIGINT', (signal) => void shutdown(signal));
