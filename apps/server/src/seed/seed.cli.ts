/**
 * `npm run seed`: opens the database (migrating it), seeds it when empty, and exits. Seeding writes
 * several practices' rows, so it runs as the tables' owner, like the migrations.
 */
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { openDatabase } from '../db/bootstrap.ts';
import { closeDatabase, createDatabaseClient } from '../db/client.ts';
import { seedDatabase } from './seed.ts';

const config = loadConfig();
const logger = createLogger(config.logLevel);
const database = await openDatabase(config, logger);
const owner = createDatabaseClient(database.ownerUrl, { maxConnections: 2 });
try {
  if (!config.seedDemo) logger.info('seed: demo data is off (production or SEED_DEMO=0)');
  const result = await seedDatabase(owner, { demo: config.seedDemo, directory: config.seedDemoDirectory });
  logger.info(result, result.demoAccountCreated ? 'seed: demo account created' : 'seed: nothing to do (database already has users)');
} finally {
  await closeDatabase(owner);
  await database.close();
}
