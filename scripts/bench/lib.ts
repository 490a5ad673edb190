import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { APP_ROLE, provisionDatabaseRoles, withLogin } from '../../apps/server/src/db/roles.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The machine's PostgreSQL, or BENCH_DATABASE_ADMIN_URL: benchmarks run on a real server. */
const adminUrl = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty database for one benchmark and returns its URL. */
export async function createBenchDatabase(name: string): Promise<string> {
  await withAdmin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const BENCH_APP_PASSWORD = 'wellspring-app-bench';

/**
 * The server's database settings for a bench database made by `createBenchDatabase`: it serves as
 * the application role (row-level security binds it, as in production) and migrates as the admin.
 */
export async function benchServerDatabaseEnv(databaseUrl: string): Promise<{ DATABASE_URL: string; DATABASE_OWNER_URL: string }> {
  await provisionDatabaseRoles(databaseUrl, { appPassword: BENCH_APP_PASSWORD });
  return { DATABASE_URL: withLogin(databaseUrl, APP_ROLE, BENCH_APP_PASSWORD), DATABASE_OWNER_URL: databaseUrl };
}

export async function dropBenchDatabase(name: string): Promise<void> {
  await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

export async function waitForHealthy(baseUrl: string, timeoutMs = 60_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${baseUrl} did not become healthy within ${timeoutMs} ms`);
}

/** Starts the real Wellspring server (`npm run serve`) with the given environment; '' unsets a variable. */
export function startServer(env: Record<string, string>): ChildProcess {
  // BENCH_SERVER_LOG_LEVEL=warn shows the server's log (its failures) on this process's output.
  const logLevel = process.env.BENCH_SERVER_LOG_LEVEL ?? 'silent';
  const merged: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: logLevel, SEED_DEMO: '0', ...env };
  for (const [key, value] of Object.entries(merged)) if (value === '') delete merged[key];
  // BENCH_CPU_PROF_DIR=/tmp/prof writes a V8 CPU profile of each server run there (at its exit).
  const profile = process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : [];
  return spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', logLevel === 'silent' ? 'ignore' : 'inherit', 'inherit'],
    env: merged,
  });
}

export async function stopServer(child: ChildProcess): Promise<void> {
  // Exited already, or killed by a signal (a benchmark may kill one on purpose).
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export const formatMs = (ms: number): string => `${ms.toFixed(1)} ms`;

/** The p-th percentile (nearest rank) of ascending values. */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0 ? NaN : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN);

/** Debian's Chromium, or CHROMIUM_PATH (`npm test` installs it, as does scripts/ensure-chromium.mjs). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags Chromium needs on these machines: no sandbox as root, no calls to Google's hosts. */
export const CHROMIUM_ARGS: readonly string[] = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Loopback, but not one of the local names: the server treats it as a production host. */
export const PRODUCTION_HOSTNAME = '127.0.0.2';
