/** `npm run seed`: opens the database (migrating it), seeds it when empty, and exits. */
import { loadConfig } from '../config.ts';
import { createLogger } from '../http/logger.ts';
import { openDatabase } from './bootstrap.ts';
import { seedDatabase } from './seed.ts';

const config = loadConfig();
const logger = createLogger(config.logLevel);
const database = await openDatabase(config, logger);
try {
  if (!config.seedDemo) logger.info('seed: demo data is off (production or SEED_DEMO=0)');
  const result = await seedDatabase(database.db, { demo: config.seedDemo });
  logger.info(result, result.demoAccountCreated ? 'seed: demo account created' : 'seed: nothing to do (database already has users)');
} finally {
  await database.close();
}
