// Directory search and quiz match over 100,000 generated practitioners (docs/architecture.md#budgets: p95 ≤ 25 ms at
// 32 concurrent clients): the real server over HTTP with its read cache and without it, next to the
// same SQL straight through `pg` with 32 concurrent clients (the floor), on 32 connections and on a
// small shared pool, on the machine's PostgreSQL.
// The workload is a skewed mix (Zipf) of many distinct inputs, as real traffic is, not a handful
// repeated: the cache's hit ratio is reported with the numbers. Prints the plans the indexes give.
import autocannon from 'autocannon';
import pg from 'pg';
import superjson from 'superjson';
import {
  directorySearchSchema,
  experienceBrackets,
  quizQuestions,
  specialties,
  usCities,
  type DirectorySearchInput,
} from '@wellspring/domain';
import {
  firstNames,
  generatePractitioners,
  lastNames,
  mulberry32,
  pick,
  pickDistinct,
  profileOfGenerated,
  randomInt,
  samplePractitioners,
  type Random,
} from '@wellspring/domain/samples';
import { buildDirectorySearchSql } from '../../apps/server/src/repositories/directory.repository.ts';
import { insertPractitioners, preparedStatementName } from '../../apps/server/src/repositories/practitioner.repository.ts';
import { buildQuizMatchSql } from '../../apps/server/src/repositories/quiz.repository.ts';
import { createBenchDatabase, dropBenchDatabase, startServer, stopServer, waitForHealthy, benchServerDatabaseEnv } from './lib.ts';

const CONNECTIONS = 32;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
/** Unrecorded load before each measured HTTP run (BENCH_WARMUP_S=0 measures from a cold cache). */
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 10);
const PRACTITIONERS = Number(process.env.BENCH_PRACTITIONERS ?? 100_000);
/** Distinct searches in the pool the workload draws from. */
const SEARCH_POOL = Number(process.env.BENCH_SEARCH_POOL ?? 5_000);
/** Requests drawn per workload (more than any run sends). */
const WORKLOAD_LENGTH = 200_000;
const BUDGET_P95_MS = 25;

const TEXT_WORDS = ['dr', 'holistic', 'gut health', 'whole person care', 'stress', 'chronic pain', 'herbal', 'hormone', 'sleep', 'nutrition', 'needle', 'root cause'];

/** One distinct search: text + specialty + distance, in a real city, sometimes an experience band, a later page or another order. */
function randomSearch(random: Random): DirectorySearchInput {
  const city = pick(random, usCities);
  const text = random() < 0.5 ? pick(random, TEXT_WORDS) : random() < 0.5 ? pick(random, firstNames) : pick(random, lastNames);
  return {
    query: text,
    location: random() < 0.5 ? `${city.city}, ${city.state}` : city.city.toLowerCase(),
    specialties: pickDistinct(random, specialties, randomInt(random, 1, 3)),
    maxDistanceMiles: pick(random, [10, 25, 25, 50, 100]),
    ...(random() < 0.2 ? { experience: pick(random, experienceBrackets) } : {}),
    ...(random() < 0.15 ? { page: randomInt(random, 2, 3) } : {}),
    ...(random() < 0.2 ? { sort: pick(random, ['rating', 'experience'] as const) } : {}),
  };
}

/** Indices into a pool of `size`, drawn with Zipf(1) popularity (a few inputs are asked very often, most rarely). */
function zipfSequence(random: Random, size: number, length: number): number[] {
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= size; rank += 1) cumulative.push((total += 1 / rank));
  return Array.from({ length }, () => {
    const target = random() * total;
    let low = 0;
    let high = size - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] ?? 0) < target) low = middle + 1;
      else high = middle;
    }
    return low;
  });
}

export interface Workload<Input> {
  /** The distinct inputs. */
  readonly pool: readonly Input[];
  /** The order requests ask for them (indices into the pool). */
  readonly sequence: readonly number[];
}

/** Searches: a pool of distinct text + specialty + distance searches, asked with Zipf popularity. */
export function searchWorkload(seed = 20_261_123): Workload<DirectorySearchInput> {
  const random = mulberry32(seed);
  const pool = Array.from({ length: SEARCH_POOL }, () => randomSearch(random));
  return { pool, sequence: zipfSequence(random, pool.length, WORKLOAD_LENGTH) };
}

/** Quiz: every complete answer set (5^5), in a shuffled order of popularity, asked with Zipf popularity. */
function quizWorkload(seed = 20_261_124): Workload<string[]> {
  const random = mulberry32(seed);
  let sets: string[][] = [[]];
  for (const question of quizQuestions) sets = sets.flatMap((answers) => question.options.map((option) => [...answers, option.id]));
  for (let index = sets.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [sets[index], sets[other]] = [sets[other] as string[], sets[index] as string[]];
  }
  return { pool: sets, sequence: zipfSequence(random, sets.length, WORKLOAD_LENGTH) };
}

export interface LatencyResult {
  readonly requestsPerSec: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly p99Ms: number;
  readonly failures: number;
  readonly total: number;
}

type HttpResult = LatencyResult & { readonly newInputs: number };

const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0 ? NaN : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN);
const round = (ms: number) => Math.round(ms * 100) / 100;

export function summarize(latencies: number[], failures: number, seconds: number): LatencyResult {
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

/** One autocannon run of `durationS` over 32 keep-alive connections; `nextPath` gives each request's path. */
function autocannonRun(baseUrl: string, durationS: number, nextPath: () => string, onResponse: (ms: number) => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections: CONNECTIONS,
        duration: durationS,
        requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: nextPath() }) }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('response', (_client, _statusCode, _bytes, responseTime) => onResponse(responseTime));
  });
}

/**
 * GETs the procedure with the workload's inputs in its order: first WARMUP_S unrecorded (a server
 * that has been up a while has seen the popular inputs), then DURATION_S recorded, continuing the
 * same sequence. `newInputs` counts the measured requests for inputs never asked before: with no
 * eviction and no change, only those can miss the cache.
 */
async function overHttp<Input>(baseUrl: string, procedure: string, workload: Workload<Input>, toInput: (input: Input) => unknown): Promise<HttpResult> {
  const paths = workload.pool.map((input) => `/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(superjson.serialize(toInput(input))))}`);
  let counter = 0;
  const asked = new Set<number>();
  let newInputs = 0;
  let measuring = false;
  const nextPath = () => {
    const index = workload.sequence[counter++ % workload.sequence.length] ?? 0;
    if (!asked.has(index)) {
      asked.add(index);
      if (measuring) newInputs += 1;
    }
    return paths[index] ?? '/';
  };
  if (WARMUP_S > 0) await autocannonRun(baseUrl, WARMUP_S, nextPath, () => undefined);
  measuring = true;
  const latencies: number[] = [];
  const result = await autocannonRun(baseUrl, DURATION_S, nextPath, (ms) => latencies.push(ms));
  return { ...summarize(latencies, result.non2xx + result.errors + result.timeouts, DURATION_S), newInputs };
}

/** Connections of the small floor pool: about two per core, so PostgreSQL is never oversubscribed. */
const SMALL_POOL = Number(process.env.BENCH_SMALL_POOL ?? 4);

/**
 * The floor: the same statements through a `pg` pool of `connections`, prepared as the server
 * prepares them, in the workload's order, 32 clients each running one after another (with fewer
 * connections than clients, the others wait in the pool's queue, which is part of their latency).
 */
async function throughPg(databaseUrl: string, statements: readonly { text: string; values: unknown[] }[], sequence: readonly number[], connections: number): Promise<LatencyResult> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  pool.on('error', (error) => console.error('floor pool:', error.message));
  const latencies: number[] = [];
  let failures = 0;
  let counter = 0;
  const deadline = performance.now() + DURATION_S * 1000;
  try {
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < deadline) {
          const statement = statements[sequence[counter++ % sequence.length] ?? 0];
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


interface ProcedureResult {
  /** The server with its read cache (the default), and the share of requests it could answer from memory at most. */
  readonly cached: HttpResult;
  readonly uncached: HttpResult;
  /** 32 clients on 32 connections. */
  readonly floor: LatencyResult;
  /** 32 clients sharing SMALL_POOL connections. */
  readonly smallPoolFloor: LatencyResult;
  readonly plan: string;
}

export interface DirectoryBenchResult {
  readonly practitioners: number;
  readonly loadMs: number;
  readonly searchPool: number;
  readonly quizPool: number;
  readonly search: ProcedureResult;
  readonly quiz: ProcedureResult;
  /** The /search page's first load: neither text nor place (the ordered indexes). */
  readonly noFilterPlan: string;
}

async function withServer<T>(databaseUrl: string, port: number, env: Record<string, string>, run: (baseUrl: string) => Promise<T>): Promise<T> {
  const server = startServer({ ...(await benchServerDatabaseEnv(databaseUrl)), PORT: String(port), RELAY_ENABLED: '0', ...env });
  try {
    const baseUrl = `http://localhost:${port}`;
    await waitForHealthy(baseUrl, 120_000);
    return await run(baseUrl);
  } finally {
    await stopServer(server);
  }
}

export async function measureDirectory(): Promise<DirectoryBenchResult> {
  const dbName = `wellspring_bench_directory_${process.pid}`;
  const databaseUrl = await createBenchDatabase(dbName);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  pool.on('error', (error) => console.error('bench pool:', error.message));
  try {
    // The first start migrates the empty database.
    await withServer(databaseUrl, 3296, {}, () => Promise.resolve());
    const loadStarted = performance.now();
    await insertPractitioners(pool, samplePractitioners);
    await insertPractitioners(pool, generatePractitioners(PRACTITIONERS, 20_261_122).map(profileOfGenerated));
    await pool.query('VACUUM ANALYZE practitioner');
    const loadMs = performance.now() - loadStarted;

    const searches = searchWorkload();
    const quizzes = quizWorkload();
    const searchSql = searches.pool.map((input) => buildDirectorySearchSql(directorySearchSchema.parse(input)));
    const quizSql = quizzes.pool.map((answers) => {
      const sql = buildQuizMatchSql(answers);
      if (!sql) throw new Error('bench answers recommend no approach');
      return sql;
    });
    // The same two runs on a server with its read cache (the default) and on one without.
    const bothOverHttp = (port: number, env: Record<string, string>) =>
      withServer(databaseUrl, port, env, async (baseUrl) => ({
        search: await overHttp(baseUrl, 'directory.search', searches, (input) => input),
        quiz: await overHttp(baseUrl, 'quiz.match', quizzes, (answers) => ({ answers })),
      }));
    const cached = await bothOverHttp(3296, {});
    const uncached = await bothOverHttp(3297, { DIRECTORY_CACHE_MAX_ENTRIES: '0' });
    const searchFloor = await throughPg(databaseUrl, searchSql, searches.sequence, CONNECTIONS);
    const searchSmallPool = await throughPg(databaseUrl, searchSql, searches.sequence, SMALL_POOL);
    const quizFloor = await throughPg(databaseUrl, quizSql, quizzes.sequence, CONNECTIONS);
    const quizSmallPool = await throughPg(databaseUrl, quizSql, quizzes.sequence, SMALL_POOL);
    const first = <T>(items: readonly T[]): T => items[0] as T;
    return {
      practitioners: PRACTITIONERS + samplePractitioners.length,
      loadMs,
      searchPool: searches.pool.length,
      quizPool: quizzes.pool.length,
      search: { cached: cached.search, uncached: uncached.search, floor: searchFloor, smallPoolFloor: searchSmallPool, plan: await explain(pool, first(searchSql)) },
      quiz: { cached: cached.quiz, uncached: uncached.quiz, floor: quizFloor, smallPoolFloor: quizSmallPool, plan: await explain(pool, first(quizSql)) },
      noFilterPlan: await explain(pool, buildDirectorySearchSql(directorySearchSchema.parse({}))),
    };
  } finally {
    await pool.end();
    await dropBenchDatabase(dbName);
  }
}

export function printDirectoryReport(result: DirectoryBenchResult): void {
  const row = (label: string, r: LatencyResult) =>
    `  ${label.padEnd(44)} ${r.requestsPerSec.toFixed(0).padStart(6)} req/s   p50 ${r.p50Ms} ms   p95 ${r.p95Ms} ms   p99 ${r.p99Ms} ms   failures ${r.failures}`;
  const hitRatio = (r: HttpResult) => `${(100 * (1 - r.newInputs / Math.max(1, r.total))).toFixed(1)} %`;
  console.log(`\n## Directory search and quiz match, ${result.practitioners.toLocaleString('en-US')} practitioners, ${CONNECTIONS} clients, ${DURATION_S} s each`);
  console.log(`  loaded and analyzed in ${(result.loadMs / 1000).toFixed(1)} s; budget p95 ≤ ${BUDGET_P95_MS} ms`);
  console.log(`  each HTTP run after ${WARMUP_S} s of unrecorded load of the same workload (BENCH_WARMUP_S)`);
  console.log(`  workload: Zipf(1) over ${result.searchPool.toLocaleString('en-US')} distinct searches (text + specialty + distance) and all ${result.quizPool.toLocaleString('en-US')} complete quiz answer sets`);
  for (const [name, procedure] of [['directory.search', result.search], ['quiz.match', result.quiz]] as const) {
    console.log(row(`${name} over HTTP, cached (hits ≤ ${hitRatio(procedure.cached)})`, procedure.cached));
    console.log(row(`${name} over HTTP, cache off`, procedure.uncached));
    console.log(row(`same SQL through pg, ${CONNECTIONS} connections (floor)`, procedure.floor));
    console.log(row(`same SQL through pg, ${SMALL_POOL} connections shared`, procedure.smallPoolFloor));
  }
  console.log(`\n### Plan: directory.search ${JSON.stringify(searchWorkload().pool[0])}\n${result.search.plan}`);
  console.log(`\n### Plan: quiz.match ${JSON.stringify(quizWorkload().pool[0])}\n${result.quiz.plan}`);
  console.log(`\n### Plan: directory.search {} (the /search page's first load: neither text nor place)\n${result.noFilterPlan}`);
}
