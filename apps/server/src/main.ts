/**
 * `npm start`: database (embedded unless DATABASE_URL), migrations, seed, HTTP; graceful shutdown.
 */
import type { AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/bootstrap.ts';
import { seedDatabase } from './db/seed.ts';
import { createLogger } from './http/logger.ts';
import { deleteExpiredRateLimits } from './repositories/rate-limit.repository.ts';
import { deleteExpiredSessions } from './repositories/session.repository.ts';

const startedAt = Date.now();
const config = loadConfig();
const logger = createLogger(config.logLevel);

const database = await openDatabase(config, logger);
if (config.seedDemo) {
  const seeded = await seedDatabase(database.db, { demo: true });
  if (seeded.demoAccountCreated) logger.info('demo account seeded: demo@wellspring.test / wellspring-demo');
}

const app = createApp({ config, db: database.db, logger });
const server = app.listen(config.port, config.host);
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

// Housekeeping: expired sessions and rate-limit counters whose window closed over a day ago.
const HOUR_MS = 60 * 60 * 1000;
const housekeeping = setInterval(() => {
  void Promise.all([deleteExpiredSessions(database.db), deleteExpiredRateLimits(database.db, new Date(Date.now() - 24 * HOUR_MS))]).catch(
    (error: unknown) => logger.warn({ err: error }, 'housekeeping failed'),
  );
}, HOUR_MS);
housekeeping.unref();

let shuttingDown = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info({ signal }, 'shutting down');
  clearInterval(housekeeping);
  // A stuck connection must not keep the process (and the embedded database) alive forever.
  const forceExit = setTimeout(() => {
    logger.error('shutdown timed out; exiting');
    process.exit(1);
  }, 10_000);
  forceExit.unref();
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
  await database.close();
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', (signal) => void shutdown(signal));
process.on('SIGINT', (signal) => void shutdown(signal));
