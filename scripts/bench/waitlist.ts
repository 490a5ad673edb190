// Waitlist join throughput: the real server (Express + tRPC + Prisma + domain events) next to the
// same insert through a bare `pg` + `node:http` server, in the same run, on the same PostgreSQL.
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { createBenchDatabase, dropBenchDatabase, percentile, startServer, stopServer, waitForHealthy, benchServerDatabaseEnv } from './lib.ts';

const CONNECTIONS = 32;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);

export interface ThroughputResult {
  readonly requestsPerSec: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly p99Ms: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly total: number;
}

function run(url: string, path: string, body: (n: number) => string, origin: string): Promise<ThroughputResult> {
  let counter = 0;
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: DURATION_S,
        requests: [
          {
            method: 'POST',
            path,
            headers: { 'content-type': 'application/json', origin },
            setupRequest: (request) => ({ ...request, body: body(counter++) }),
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        // autocannon's histogram has no p95, so every response time is kept and ranked here.
        const sorted = latencies.sort((a, b) => a - b);
        const round = (ms: number) => Math.round(ms * 100) / 100;
        resolve({
          requestsPerSec: result.requests.total / DURATION_S,
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

/** The floor: parse JSON, one INSERT through a pg pool, answer JSON. No framework, no events. */
function startBareServer(databaseUrl: string, port: number): Promise<{ close: () => Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const input = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { name: string; email: string; type: string };
      pool
        .query('INSERT INTO waitlist (id, email, name, type) VALUES ($1, $2, $3, $4) RETURNING id', [randomUUID(), input.email, input.name, input.type])
        .then((result) => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ id: result.rows[0]?.id }));
        })
        .catch((error: { code?: string }) => {
          response.writeHead(error.code === '23505' ? 409 : 500, { 'content-type': 'application/json' });
          response.end('{}');
        });
    });
  });
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({
        close: async () => {
          await new Promise((done) => server.close(done));
          await pool.end();
        },
      }),
    ),
  );
}

export async function measureWaitlist(): Promise<{ app: ThroughputResult; bare: ThroughputResult }> {
  const dbName = `wellspring_bench_waitlist_${process.pid}`;
  const databaseUrl = await createBenchDatabase(dbName);
  const appPort = 3298;
  const server = startServer({
    ...(await benchServerDatabaseEnv(databaseUrl)),
    PORT: String(appPort),
    RATE_LIMIT_WAITLIST_PER_MIN: '100000000',
  });
  try {
    const appUrl = `http://localhost:${appPort}`;
    await waitForHealthy(appUrl, 120_000);
    const app = await run(
      appUrl,
      '/api/trpc/waitlist.join',
      (n) => JSON.stringify({ json: { name: 'Bench Patient', email: `app-${process.pid}-${n}@bench.test`, type: 'patient' } }),
      appUrl,
    );
    // The bare server writes to the very table the migrations made, on the same database.
    const bare = await startBareServer(databaseUrl, 3297);
    try {
      const bareResult = await run(
        'http://127.0.0.1:3297',
        '/waitlist',
        (n) => JSON.stringify({ name: 'Bench Patient', email: `bare-${process.pid}-${n}@bench.test`, type: 'patient' }),
        'http://127.0.0.1:3297',
      );
      return { app, bare: bareResult };
    } finally {
      await bare.close();
    }
  } finally {
    await stopServer(server);
    await dropBenchDatabase(dbName);
  }
}

export function printWaitlistReport({ app, bare }: { app: ThroughputResult; bare: ThroughputResult }): void {
  const row = (label: string, r: ThroughputResult) =>
    `  ${label.padEnd(28)} ${r.requestsPerSec.toFixed(0).padStart(7)} req/s   p50 ${r.p50Ms} ms   p95 ${r.p95Ms} ms   p99 ${r.p99Ms} ms   non-2xx ${r.non2xx}   errors ${r.errors}`;
  console.log(`\n## Waitlist join, ${CONNECTIONS} connections, ${DURATION_S} s`);
  console.log(row('Wellspring (tRPC + Prisma)', app));
  console.log(row('bare pg + node:http', bare));
  const ratio = app.requestsPerSec / bare.requestsPerSec;
  console.log(`  ratio: ${(ratio * 100).toFixed(0)}% of the bare server (goal ≥ 50%, and ≥ 1,500 req/s with no error)`);
}
