/**
 * Opens the database the server runs on: DATABASE_URL when set, otherwise the embedded PostgreSQL
 * under DATA_DIR/pg (database `wellspring`); applies pending migrations as the tables' owner; and
 * hands back a pool that serves as the application role, refusing a role that row-level security
 * would not bind (docs/decisions/0029-database-roles-and-row-level-security.md).
 */
import path from 'node:path';
import type { ServerConfig } from '../config.ts';
import type { Logger } from '../logger.ts';
import { closeDatabase, createDatabaseClient, type Database } from './client.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded.ts';
import { migrate } from './migrate.ts';
import { APP_ROLE, OWNER_ROLE, privilegedRoleProblem, provisionDatabaseRoles, servingRolePrivileges, withLogin } from './roles.ts';

export const APP_DATABASE = 'wellspring';

// The embedded cluster listens on loopback only; these keep other local users out, like its superuser's.
const EMBEDDED_APP_PASSWORD = 'wellspring-app-embedded';
const EMBEDDED_OWNER_PASSWORD = 'wellspring-owner-embedded';

export interface OpenDatabase {
  /** What the server serves as: the application role. */
  readonly url: string;
  /** The tables' owner: migrations, the first seed, the operator commands. */
  readonly ownerUrl: string;
  readonly db: Database;
  readonly embedded: EmbeddedPostgres | null;
  /** Disconnects Prisma, then stops the embedded server if we started one. */
  close(): Promise<void>;
}

export class PrivilegedDatabaseRoleError extends Error {}

/** The serving and owner URLs of the embedded cluster's database `database` (roles provisioned by `openDatabase`). */
export function embeddedDatabaseUrls(embedded: Pick<EmbeddedPostgres, 'url'>, database: string): { url: string; ownerUrl: string } {
  const admin = embedded.url(database);
  return { url: withLogin(admin, APP_ROLE, EMBEDDED_APP_PASSWORD), ownerUrl: withLogin(admin, OWNER_ROLE, EMBEDDED_OWNER_PASSWORD) };
}

export async function openDatabase(config: ServerConfig, logger: Logger): Promise<OpenDatabase> {
  let embedded: EmbeddedPostgres | null = null;
  let url: string;
  let ownerUrl: string;
  if (config.databaseUrl) {
    url = config.databaseUrl;
    ownerUrl = config.databaseOwnerUrl ?? config.databaseUrl;
  } else {
    const startedAt = Date.now();
    embedded = await startEmbeddedPostgres({
      clusterDir: path.join(config.dataDir, 'pg'),
      port: config.embeddedPgPort,
      log: (message) => logger.debug({ component: 'embedded-postgres' }, message),
    });
    try {
      await embedded.ensureDatabase(APP_DATABASE);
      // Both roles on first start; an older data directory's tables are handed to the owner in place.
      await provisionDatabaseRoles(embedded.url(APP_DATABASE), { appPassword: EMBEDDED_APP_PASSWORD, ownerPassword: EMBEDDED_OWNER_PASSWORD });
    } catch (error) {
      await embedded.stop();
      throw error;
    }
    ({ url, ownerUrl } = embeddedDatabaseUrls(embedded, APP_DATABASE));
    logger.info({ port: embedded.port, dataDir: config.dataDir, ms: Date.now() - startedAt }, 'embedded PostgreSQL started');
  }
  const db = createDatabaseClient(url, {
    maxConnections: config.databasePoolMax,
    onConnectionError: (error) => logger.warn({ err: error }, 'database connection lost; the pool will reconnect'),
  });
  try {
    const result = await migrate(ownerUrl, config.migrationsDir);
    for (const warning of result.warnings) logger.warn(warning);
    if (result.applied.length > 0) logger.info({ migrations: result.applied }, 'migrations applied');
    const problem = privilegedRoleProblem(await servingRolePrivileges(db.pool));
    if (problem) {
      if (!config.allowPrivilegedDatabaseRole) {
        throw new PrivilegedDatabaseRoleError(
          `Refusing to serve: the database ${problem}, so row-level security and the audit log's guards would not bind it. ` +
            `Serve as a role that is a member of ${APP_ROLE} (DATABASE_URL) and migrate as the owner (DATABASE_OWNER_URL); ` +
            'see the README. DATABASE_ALLOW_PRIVILEGED_ROLE=1 overrides this.',
        );
      }
      logger.error(`DATABASE_ALLOW_PRIVILEGED_ROLE is set: serving although the database ${problem}. Row-level security and the audit log's guards do not bind this server.`);
    }
  } catch (error) {
    await closeDatabase(db);
    await embedded?.stop();
    throw error;
  }
  return {
    url,
    ownerUrl,
    db,
    embedded,
    async close() {
      await closeDatabase(db);
      await embedded?.stop();
    },
  };
}
