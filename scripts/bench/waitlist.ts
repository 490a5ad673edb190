// Waitlist join throughput (docs/architecture.md#budgets: at least half the rate of a bare server running the same
// statements): the real server (Express + tRPC + zod + the command runner) against a bare
// `node:http` + `pg` server (waitlist-baseline.ts) that runs exactly the statements one join runs —
// the idempotency lookup, the rate-limit upsert, the entry with its outbox event and the key's
// claim in one statement, the stored answer — each server in its own process with a pool of the
// same size, as the same least-privilege role, on the same database, under the same load (one
// after the other, each after its own warm-up), every request with a fresh e-mail and a fresh
// Idempotency-Key, as the web client sends one with each submission.
import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { DEFAULT_POOL_MAX } from '../../apps/server/src/db/client.ts';
import { createBenchDatabase, dropBenchDatabase, percentile, root, startServer, stopServer, waitForHealthy, benchServerDatabaseEnv } from './lib.ts';

const CONNECTIONS = 32;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
/** Unrecorded load before each measured run: tsx's first compiles, V8's optimisation, the prepared statements. */
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 5);
/** Effectively no limit: the bench counts every hit, but one client would otherwise be refused after 5. */
const RATE_LIMIT_PER_MIN = '100000000';

export interface ThroughputResult {
  readonly requestsPerSec: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly p99Ms: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly total: number;
}

const JOIN_PATH = '/api/trpc/waitlist.join';

/** `waitlist.join` as the web client sends it, with an e-mail and an Idempotency-Key no request has used. */
function run(url: string, label: string, durationS: number): Promise<ThroughputResult> {
  let counter = 0;
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: durationS,
        requests: [
          {
            method: 'POST',
            path: JOIN_PATH,
            headers: { 'content-type': 'application/json', origin: url },
            setupRequest: (request) => {
              const n = counter++;
              return {
                ...request,
                headers: { ...request.headers, 'idempotency-key': `bench-${label}-${process.pid}-${n}` },
                body: JSON.stringify({ json: { name: 'Bench Patient', email: `${label}-${process.pid}-${n}@bench.test`, type: 'patient' } }),
              };
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        // autocannon's histogram has no p95, so every response time is kept and ranked here.
        const sorted = latencies.sort((a, b) => a - b);
        const round = (ms: number) => Math.round(ms * 100) / 100;
        resolve({
          requestsPerSec: result.requests.total / durationS,
          p50Ms: round(percentile(sorted, 50)),
          p95Ms: round(percentile(sorted, 95)),
          p99Ms: round(percentile(sorted, 99)),
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
          total: result.requests.total,
        });
      },
    );
    instance.on('response', (_client, _statusCode, _bytes, responseTime) => latencies.push(responseTime));
  });
}

/** A warm-up, then the measured run. */
async function measure(url: string, label: string): Promise<ThroughputResult> {
  if (WARMUP_S > 0) await run(url, `${label}-warm`, WARMUP_S);
  return run(url, label, DURATION_S);
}

function startBaseline(env: Record<string, string>): ChildProcess {
  const profile = process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : [];
  return spawn(process.execPath, [...profile, '--import', 'tsx', 'scripts/bench/waitlist-baseline.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env },
  });
}

export async function measureWaitlist(): Promise<{ app: ThroughputResult; bare: ThroughputResult }> {
  const dbName = `wellspring_bench_waitlist_${process.pid}`;
  const databaseUrl = await createBenchDatabase(dbName);
  const databaseEnv = await benchServerDatabaseEnv(databaseUrl);
  const appPort = 3298;
  const barePort = 3297;
  // The app migrates the database on start; the baseline starts once the tables are there.
  const server = startServer({ ...databaseEnv, PORT: String(appPort), RATE_LIMIT_WAITLIST_PER_MIN: RATE_LIMIT_PER_MIN });
  let bareServer: ChildProcess | undefined;
  try {
    const appUrl = `http://localhost:${appPort}`;
    await waitForHealthy(appUrl, 120_000);
    bareServer = startBaseline({
      DATABASE_URL: databaseEnv.DATABASE_URL,
      PORT: String(barePort),
      BASELINE_POOL_MAX: process.env.DATABASE_POOL_MAX ?? String(DEFAULT_POOL_MAX),
      RATE_LIMIT_WAITLIST_PER_MIN: RATE_LIMIT_PER_MIN,
    });
    const bareUrl = `http://127.0.0.1:${barePort}`;
    await waitForHealthy(bareUrl, 60_000);
    const app = await measure(appUrl, 'app');
    const bare = await measure(bareUrl, 'bare');
    return { app, bare };
  } finally {
    if (bareServer) await stopServer(bareServer);
    await stopServer(server);
    await dropBenchDatabase(dbName);
  }
}

export function printWaitlistReport({ app, bare }: { app: ThroughputResult; bare: ThroughputResult }): void {
  const row = (label: string, r: ThroughputResult) =>
    `  ${label.padEnd(28)} ${r.requestsPerSec.toFixed(0).padStart(7)} req/s   p50 ${r.p50Ms} ms   p95 ${r.p95Ms} ms   p99 ${r.p99Ms} ms   non-2xx ${r.non2xx}   errors ${r.errors}`;
  console.log(`\n## Waitlist join, ${CONNECTIONS} connections, ${DURATION_S} s each after ${WARMUP_S} s of warm-up, same statements`);
  console.log(row('Wellspring (Express + tRPC)', app));
  console.log(row('bare pg + node:http', bare));
  const ratio = app.requestsPerSec / bare.requestsPerSec;
  console.log(`  ratio: ${ratio.toFixed(2)}× the bare server's rate (goal ≥ 0.5×; and ≥ 1,500 req/s with no error); p95 ${(app.p95Ms / bare.p95Ms).toFixed(2)}× its p95`);
}
