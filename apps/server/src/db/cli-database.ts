/**
 * The database for the operator commands (`npm run relay:status`, `npm run relay:requeue`,
 * `npm run audit:verify`):
 * the same one the server would use. DATABASE_URL when set; otherwise the embedded cluster under
 * DATA_DIR — started for the command if no server is running, or, since a cluster's data directory
 * can only be opened by one process, reached over its port when the server already runs it.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { pino } from 'pino';
import type { ServerConfig } from '../config.ts';
import { APP_DATABASE, openDatabase } from './bootstrap.ts';
import { closeDatabase, createDatabaseClient, type Database } from './client.ts';
import { embeddedPostgresUrl } from './embedded.ts';

export interface CliDatabase {
  readonly db: Database;
  /** Where the data is, for the report's first line (no password). */
  readonly description: string;
  close(): Promise<void>;
}


function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL';
  }
}

/** The port a running postmaster listens on (line 4 of postmaster.pid), if the file is there. */
async function runningClusterPort(clusterDir: string): Promise<number | null> {
  const pidFile = await fs.readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8').catch(() => null);
  const port = Number(pidFile?.split('\n')[3]);
  return Number.isInteger(port) && port > 0 ? port : null;
}

class CliDatabaseError extends Error {}

async function openCliDatabase(config: ServerConfig): Promise<CliDatabase> {
  // The operator commands read across practices (the whole audit chain, every outbox row): they
  // connect as the tables' owner, never as the serving role that row-level security binds.
  if (config.databaseUrl) {
    const url = config.databaseOwnerUrl ?? config.databaseUrl;
    const db = createDatabaseClient(url, { maxConnections: 2 });
    return { db, description: withoutPassword(url), close: () => closeDatabase(db) };
  }
  // Bootstrap chatter (cluster started, migrations) goes to stderr, only when it matters.
  const logger = pino({ level: 'warn', base: null }, pino.destination(2));
  const clusterDir = path.join(config.dataDir, 'pg');
  try {
    const opened = await openDatabase(config, logger);
    const db = createDatabaseClient(opened.ownerUrl, { maxConnections: 2 });
    return {
      db,
      description: `embedded PostgreSQL in ${clusterDir}`,
      close: async () => {
        await closeDatabase(db);
        await opened.close();
      },
    };
  } catch (error) {
    if (!(error instanceof Error) || !/in use by another process/.test(error.message)) throw error;
  }
  // A running server holds the cluster: use it through its port.
  const port = (await runningClusterPort(clusterDir)) ?? config.embeddedPgPort;
  const url = embeddedPostgresUrl(port, APP_DATABASE);
  const db = createDatabaseClient(url, { maxConnections: 2 });
  try {
    await db.$queryRaw`SELECT 1`;
  } catch (error) {
    await closeDatabase(db);
    throw new CliDatabaseError(
      `The server is running on ${config.dataDir} and holds its embedded PostgreSQL, which did not answer on port ${port}: ` +
        `${error instanceof Error ? error.message : String(error)}. Stop the server, or set DATABASE_URL.`,
    );
  }
  return { db, description: `embedded PostgreSQL in ${clusterDir} (in use by the running server, port ${port})`, close: () => closeDatabase(db) };
}

/** Which command is talking, for its error lines. */
export interface CliCommandName {
  /** Prefix of an error line, e.g. `relay` or `audit:verify`. */
  readonly name: string;
  /** The tables it reads, for "has no … tables yet", e.g. `outbox` or `audit`. */
  readonly tables: string;
}

const RELAY_COMMAND: CliCommandName = { name: 'relay', tables: 'outbox' };

/** One readable line for an operator, without Prisma's invocation banner or a stack. */
function explain(error: unknown, where: string | undefined, command: CliCommandName): string {
  if (error instanceof CliDatabaseError) return error.message;
  const raw = error instanceof Error ? error.message : String(error);
  if (raw.includes('42P01') || /relation "[^"]+" does not exist/.test(raw)) {
    return `${where ?? 'The database'} has no ${command.tables} tables yet: start the server on it once (it applies the migrations).`;
  }
  const reason = /Message: `([^`]*)`/.exec(raw)?.[1] ?? raw.trim().split('\n').filter((line) => line.trim() !== '').at(-1) ?? raw;
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${command.name}: ${reason}${cause}${where ? ` — ${where}` : ''}`;
}

/** Runs a command against the database, printing a readable error (no stack) and exit code 1 on failure. */
export async function runCliCommand(
  config: ServerConfig,
  command: (database: CliDatabase) => Promise<void>,
  name: CliCommandName = RELAY_COMMAND,
): Promise<void> {
  let database: CliDatabase | undefined;
  try {
    database = await openCliDatabase(config);
    await command(database);
  } catch (error) {
    process.exitCode = 1;
    process.stderr.write(`${explain(error, database?.description, name)}\n`);
  } finally {
    await database?.close();
  }
}
