// A trivial signed-in read (`auth.me`) over HTTP: what every signed-in request pays before its
// procedure's own work (the stack, the session lookup), at 32 clients and at one. The practice and
// portal benchmarks measure it too, after loading their large practice; this one needs no data
// beyond one practitioner and a session, so a change to the request path can be measured in a
// minute: `npm run bench -- auth-me`.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { generateSessionToken, sessionIdFromToken } from '../../apps/server/src/auth/session.ts';
import { benchServerDatabaseEnv, createBenchDatabase, dropBenchDatabase, percentile, startServer, stopServer, waitForHealthy } from './lib.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 5);
const PATH = '/api/trpc/auth.me';

export interface AuthMeRun {
  readonly connections: number;
  readonly requestsPerSec: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly p99Ms: number;
  readonly failures: number;
}

function run(url: string, cookie: string, connections: number, durationS: number): Promise<AuthMeRun> {
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url: `${url}${PATH}`, connections, duration: durationS, headers: { cookie } }, (error, result) => {
      if (error) return reject(error);
      // autocannon's histogram has no p95: every response time is kept and ranked here.
      const sorted = latencies.sort((a, b) => a - b);
      const round = (ms: number) => Math.round(ms * 100) / 100;
      resolve({
        connections,
        requestsPerSec: result.requests.total / durationS,
        p50Ms: round(percentile(sorted, 50)),
        p95Ms: round(percentile(sorted, 95)),
        p99Ms: round(percentile(sorted, 99)),
        failures: result.non2xx + result.errors + result.timeouts,
      });
    });
    instance.on('response', (_client, _statusCode, _bytes, responseTime) => latencies.push(responseTime));
  });
}

async function measure(url: string, cookie: string, connections: number): Promise<AuthMeRun> {
  if (WARMUP_S > 0) await run(url, cookie, connections, WARMUP_S);
  return run(url, cookie, connections, DURATION_S);
}

export async function measureAuthMe(): Promise<AuthMeRun[]> {
  const dbName = `wellspring_bench_auth_me_${process.pid}`;
  const databaseUrl = await createBenchDatabase(dbName);
  const databaseEnv = await benchServerDatabaseEnv(databaseUrl);
  const port = 3296;
  const url = `http://localhost:${port}`;
  const server = startServer({ ...databaseEnv, PORT: String(port), RELAY_ENABLED: '0', SESSION_IDLE_MINUTES: '600' });
  try {
    await waitForHealthy(url, 120_000);
    // A practitioner with a practice, as in the practice benchmark: the session lookup joins both.
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    const token = generateSessionToken();
    try {
      const userId = randomUUID();
      await admin.query(`INSERT INTO app_user (id, email, name, password_hash, role) VALUES ($1, 'bench.me@example.com', 'Dr. Bench', 'not-a-real-hash', 'practitioner')`, [userId]);
      await admin.query(`INSERT INTO practice (id, owner_user_id, time_zone) VALUES ('bench-me-practice', $1, 'Europe/Berlin')`, [userId]);
      await admin.query('INSERT INTO session (id, user_id, expires_at) VALUES ($1, $2, $3)', [sessionIdFromToken(token), userId, new Date(Date.now() + 86_400_000)]);
    } finally {
      await admin.end();
    }
    const cookie = `session=${token}`;
    return [await measure(url, cookie, 32), await measure(url, cookie, 1)];
  } finally {
    await stopServer(server);
    await dropBenchDatabase(dbName);
  }
}

export function printAuthMeReport(runs: readonly AuthMeRun[]): void {
  console.log(`\n## auth.me (a signed-in trivial read), ${DURATION_S} s each after ${WARMUP_S} s of warm-up`);
  for (const r of runs) {
    console.log(`  ${String(r.connections).padStart(2)} client(s)  ${r.requestsPerSec.toFixed(0).padStart(6)} req/s   p50 ${r.p50Ms} ms   p95 ${r.p95Ms} ms   p99 ${r.p99Ms} ms   failures ${r.failures}`);
  }
}
