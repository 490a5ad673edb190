// Directory search and quiz match over 100,000 generated practitioners (DESIGN §8: p95 ≤ 25 ms at
// 32 concurrent clients): the real server over HTTP, next to the same SQL straight through `pg` with
// 32 concurrent clients (the floor), on the machine's PostgreSQL. Prints the plans the indexes give.
import autocannon from 'autocannon';
import pg from 'pg';
import superjson from 'superjson';
import {
  directorySearchSchema,
  generatePractitioners,
  profileOfGenerated,
  samplePractitioners,
  type DirectorySearchInput,
} from '@wellspring/domain';
import { buildDirectorySearchSql } from '../../apps/server/src/repositories/directory.repository.ts';
import { insertPractitioners, preparedStatementName } from '../../apps/server/src/repositories/practitioner.repository.ts';
import { buildQuizMatchSql } from '../../apps/server/src/repositories/quiz.repository.ts';
import { createBenchDatabase, dropBenchDatabase, startServer, stopServer, waitForHealthy } from './lib.ts';

const CONNECTIONS = 32;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const PRACTITIONERS = Number(process.env.BENCH_PRACTITIONERS ?? 100_000);
const BUDGET_P95_MS = 25;

/** Text + specialty + distance, in several cities and shapes. */
export const benchSearches: readonly DirectorySearchInput[] = [
  { query: 'dr', location: 'Chicago, IL', specialties: ['acupuncture'], maxDistanceMiles: 25 },
  { query: 'nutritionist', location: 'Austin, TX', specialties: ['nutrition', 'ayurveda'], maxDistanceMiles: 50 },
  { query: 'chen', location: 'Seattle', specialties: ['herbalism', 'acupuncture'], maxDistanceMiles: 100 },
  { query: 'whole person care', location: 'New York, NY', specialties: ['naturopathy'], experience: '6-10', maxDistanceMiles: 10, page: 2 },
  { query: 'maya', location: 'denver', specialties: ['functional_medicine', 'homeopathy', 'nutrition'], maxDistanceMiles: 25, sort: 'rating' },
];

export const benchQuizAnswers: readonly string[][] = [
  ['concern-digestive', 'symptoms-fatigue', 'approach-food', 'style-protocol', 'priority-root-cause'],
  ['concern-pain', 'symptoms-headaches', 'approach-hands-on', 'style-sessions', 'priority-balance'],
  ['concern-stress', 'symptoms-sleep', 'approach-plants', 'style-whole-body', 'priority-balance'],
  ['concern-skin', 'symptoms-immunity', 'approach-gentle', 'style-sessions', 'priority-natural'],
  ['concern-energy', 'symptoms-joints', 'approach-testing', 'style-self-care', 'priority-prevention'],
];

export interface LatencyResult {
  readonly requestsPerSec: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly p99Ms: number;
  readonly failures: number;
  readonly total: number;
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0 ? NaN : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN);
const round = (ms: number) => Math.round(ms * 100) / 100;

function summarize(latencies: number[], failures: number, seconds: number): LatencyResult {
  const sorted = latencies.sort((a, b) => a - b);
  return {
    requestsPerSec: latencies.length / seconds,
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    p99Ms: round(percentile(sorted, 99)),
    failures,
    total: latencies.length,
  };
}

/** GETs the procedure with each input in turn, over 32 keep-alive connections; every response time is ranked. */
function overHttp(baseUrl: string, procedure: string, inputs: readonly unknown[]): Promise<LatencyResult> {
  const paths = inputs.map((input) => `/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`);
  let counter = 0;
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections: CONNECTIONS,
        duration: DURATION_S,
        requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[counter++ % paths.length] ?? '/' }) }],
      },
      (error, result) => {
        if (error) return reject(error);
        resolve(summarize(latencies, result.non2xx + result.errors + result.timeouts, DURATION_S));
      },
    );
    instance.on('response', (_client, _statusCode, _bytes, responseTime) => latencies.push(responseTime));
  });
}

/** The floor: the same statements through a `pg` pool, prepared as the server prepares them, 32 clients each running one after another. */
async function throughPg(databaseUrl: string, statements: readonly { text: string; values: unknown[] }[]): Promise<LatencyResult> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS });
  const latencies: number[] = [];
  let failures = 0;
  let counter = 0;
  const deadline = performance.now() + DURATION_S * 1000;
  try {
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < deadline) {
          const statement = statements[counter++ % statements.length];
          if (!statement) break;
          const started = performance.now();
          try {
            await pool.query({ name: preparedStatementName(statement.text), text: statement.text, values: statement.values });
            latencies.push(performance.now() - started);
          } catch {
            failures += 1;
          }
        }
      }),
    );
  } finally {
    await pool.end();
  }
  return summarize(latencies, failures, DURATION_S);
}

async function explain(pool: pg.Pool, statement: { text: string; values: unknown[] }): Promise<string> {
  const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${statement.text}`, statement.values);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

export interface DirectoryBenchResult {
  readonly practitioners: number;
  readonly loadMs: number;
  readonly search: { readonly app: LatencyResult; readonly floor: LatencyResult; readonly plan: string };
  readonly quiz: { readonly app: LatencyResult; readonly floor: LatencyResult; readonly plan: string };
}

export async function measureDirectory(): Promise<DirectoryBenchResult> {
  const dbName = `wellspring_bench_directory_${process.pid}`;
  const databaseUrl = await createBenchDatabase(dbName);
  const appPort = 3296;
  const server = startServer({ DATABASE_URL: databaseUrl, PORT: String(appPort) });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  try {
    const appUrl = `http://localhost:${appPort}`;
    await waitForHealthy(appUrl, 120_000);
    const loadStarted = performance.now();
    await insertPractitioners(pool, samplePractitioners);
    await insertPractitioners(pool, generatePractitioners(PRACTITIONERS, 20_261_122).map(profileOfGenerated));
    await pool.query('VACUUM ANALYZE practitioner');
    const loadMs = performance.now() - loadStarted;

    const searchSql = benchSearches.map((input) => buildDirectorySearchSql(directorySearchSchema.parse(input)));
    const quizSql = benchQuizAnswers.map((answers) => {
      const sql = buildQuizMatchSql(answers);
      if (!sql) throw new Error('bench answers recommend no approach');
      return sql;
    });
    // Warm the caches and the server's code paths once.
    for (const statement of [...searchSql, ...quizSql]) await pool.query(statement.text, statement.values);

    const searchApp = await overHttp(appUrl, 'directory.search', benchSearches);
    const searchFloor = await throughPg(databaseUrl, searchSql);
    const quizApp = await overHttp(appUrl, 'quiz.match', benchQuizAnswers.map((answers) => ({ answers })));
    const quizFloor = await throughPg(databaseUrl, quizSql);
    return {
      practitioners: PRACTITIONERS + samplePractitioners.length,
      loadMs,
      search: { app: searchApp, floor: searchFloor, plan: await explain(pool, searchSql[0] as (typeof searchSql)[number]) },
      quiz: { app: quizApp, floor: quizFloor, plan: await explain(pool, quizSql[0] as (typeof quizSql)[number]) },
    };
  } finally {
    await pool.end();
    await stopServer(server);
    await dropBenchDatabase(dbName);
  }
}

export function printDirectoryReport(result: DirectoryBenchResult): void {
  const row = (label: string, r: LatencyResult) =>
    `  ${label.padEnd(30)} ${r.requestsPerSec.toFixed(0).padStart(6)} req/s   p50 ${r.p50Ms} ms   p95 ${r.p95Ms} ms   p99 ${r.p99Ms} ms   failures ${r.failures}`;
  console.log(`\n## Directory search and quiz match, ${result.practitioners.toLocaleString('en-US')} practitioners, ${CONNECTIONS} clients, ${DURATION_S} s each`);
  console.log(`  loaded and analyzed in ${(result.loadMs / 1000).toFixed(1)} s; budget p95 ≤ ${BUDGET_P95_MS} ms`);
  console.log(row('directory.search over HTTP', result.search.app));
  console.log(row('same SQL through pg (floor)', result.search.floor));
  console.log(row('quiz.match over HTTP', result.quiz.app));
  console.log(row('same SQL through pg (floor)', result.quiz.floor));
  console.log(`\n### Plan: directory.search ${JSON.stringify(benchSearches[0])}\n${result.search.plan}`);
  console.log(`\n### Plan: quiz.match ${JSON.stringify(benchQuizAnswers[0])}\n${result.quiz.plan}`);
}
