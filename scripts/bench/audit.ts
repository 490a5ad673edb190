// Audit that scales with practices (issue 27, docs/decisions/0039-per-practice-audit-chains.md):
// patient record reads (`patients.byId`) spread over 100 practices — 100 signed-in practitioners,
// each reading their own patients — over HTTP with 32 concurrent clients, against the real server
// serving as the application role, twice in one run: with every read audited (each appends to its
// practice's chain), and with reads' auditing switched off (AUDIT_READS=off, which the server honours
// only with BENCH_UNAUDITED_READS=1). Goal: audited throughput at least 0.8× the unaudited. The two
// alternate, BENCH_AUDIT_ROUNDS times each (default 4), the unaudited first in odd rounds and second
// in even ones, so load from other work on a shared machine (and any effect of going first) falls on
// both alike; each round's ratio is printed, and the totals over all rounds.
// Then the appends alone, through the server's appender as the application role, 32 clients each
// waiting for its entry: spread over the 100 practices' chains, and all into one practice's chain
// (one head row lock for every append, as the single chain before record 0039 had).
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { generatePatients, mulberry32, pick } from '@wellspring/domain/samples';
import { createAuditAppender } from '../../apps/server/src/audit/audit-appender.ts';
import { verifyAuditChain, type AuditEntryInput } from '../../apps/server/src/audit/audit-log.ts';
import { generateSessionToken, sessionIdFromToken } from '../../apps/server/src/auth/session.ts';
import { closeDatabase, createDatabaseClient } from '../../apps/server/src/db/client.ts';
import { summarize, type LatencyResult } from './directory.ts';
import { benchServerDatabaseEnv, createBenchDatabase, dropBenchDatabase, startServer, stopServer, waitForHealthy } from './lib.ts';
import { insertRows, TIME_ZONE, trpcPath } from './practice.ts';

const PORT = 3291;
const CONNECTIONS = 32;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 5);
const PRACTICES = 100;
const PATIENTS_EACH = Number(process.env.BENCH_AUDIT_PATIENTS_EACH ?? 200);
/** Requests drawn in order: practice after practice, a random patient of each. */
const REQUESTS = 20_000;
const ROUNDS = Math.max(1, Number(process.env.BENCH_AUDIT_ROUNDS ?? 4));
const AUDIT_GOAL_RATIO = 0.8;

interface Request {
  readonly path: string;
  readonly cookie: string;
}

async function load(pool: pg.Pool, now: Date): Promise<Request[]> {
  const users: unknown[][] = [];
  const practices: unknown[][] = [];
  const sessions: unknown[][] = [];
  const cookies: string[] = [];
  for (let index = 0; index < PRACTICES; index += 1) {
    const userId = randomUUID();
    users.push([userId, `bench.audit.${index}@example.com`, `Dr. Audit ${index}`, 'not-a-real-hash', 'practitioner']);
    practices.push([`bench-audit-practice-${index}`, userId, TIME_ZONE]);
    const token = generateSessionToken();
    sessions.push([sessionIdFromToken(token), userId, new Date(now.getTime() + 86_400_000)]);
    cookies.push(`session=${token}`);
  }
  await insertRows(pool, 'app_user', ['id', 'email', 'name', 'password_hash', 'role'], ['uuid', 'text', 'text', 'text', 'text'], users);
  await insertRows(pool, 'practice', ['id', 'owner_user_id', 'time_zone'], ['text', 'uuid', 'text'], practices);
  await insertRows(pool, 'session', ['id', 'user_id', 'expires_at'], ['text', 'uuid', 'timestamptz'], sessions);
  const practiceIds = practices.map((row) => String(row[0]));
  const patients = generatePatients(PATIENTS_EACH * PRACTICES, 27, { practitioners: practiceIds.map((id) => ({ id })) });
  await insertRows(
    pool,
    'patient',
    ['id', 'practice_id', 'name', 'email', 'phone', 'date_of_birth', 'conditions', 'status'],
    ['text', 'text', 'text', 'text', 'text', 'date', 'text[]', 'text'],
    patients.map((patient) => [patient.id, patient.practitionerId, patient.name, patient.email, patient.phone, patient.dob, `{${patient.conditions.map((condition) => `"${condition}"`).join(',')}}`, patient.status]),
  );
  await pool.query('VACUUM ANALYZE');
  const byPractice = practiceIds.map((id) => patients.filter((patient) => patient.practitionerId === id).map((patient) => patient.id));
  const random = mulberry32(20_261_129);
  return Array.from({ length: REQUESTS }, (_, index) => {
    const practice = index % PRACTICES;
    return { path: trpcPath('patients.byId', { id: pick(random, byPractice[practice] ?? []) }), cookie: cookies[practice] ?? '' };
  });
}

function httpRun(baseUrl: string, durationS: number, next: () => Request, onResponse: (ms: number) => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections: CONNECTIONS,
        duration: durationS,
        timeout: 60,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => {
              const { path, cookie } = next();
              return { ...request, path, headers: { ...request.headers, cookie } };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('response', (_client, _statusCode, _bytes, responseTime) => onResponse(responseTime));
  });
}

interface Measured {
  readonly latencies: number[];
  readonly failures: number;
}

async function overHttp(baseUrl: string, requests: readonly Request[]): Promise<Measured> {
  let counter = 0;
  const next = () => requests[counter++ % requests.length] ?? { path: '/', cookie: '' };
  if (WARMUP_S > 0) await httpRun(baseUrl, WARMUP_S, next, () => undefined);
  const latencies: number[] = [];
  const result = await httpRun(baseUrl, DURATION_S, next, (ms) => latencies.push(ms));
  return { latencies, failures: result.non2xx + result.errors + result.timeouts };
}

/** All rounds of one mode together: throughput over their whole time, percentiles over all their requests. */
const combined = (rounds: readonly Measured[]): LatencyResult =>
  summarize(
    rounds.flatMap((round) => round.latencies),
    rounds.reduce((sum, round) => sum + round.failures, 0),
    rounds.length * DURATION_S,
  );

/** 32 clients appending one entry at a time through one appender for `durationS`; `practiceOf(i)` picks each entry's practice. */
async function appendLoop(databaseUrl: string, durationS: number, practiceOf: (index: number) => string): Promise<LatencyResult> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
  pool.on('error', (error) => console.error('append pool:', error.message));
  const appender = createAuditAppender(pool);
  let counter = 0;
  const run = async (seconds: number, record: boolean) => {
    const latencies: number[] = [];
    let failures = 0;
    const deadline = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < deadline) {
          const practiceId = practiceOf(counter++);
          const entry: AuditEntryInput = {
            actorUserId: null,
            practiceId,
            recordType: 'patient',
            recordId: randomUUID(),
            patientId: randomUUID(),
            action: 'read',
            requestId: randomUUID(),
            sourceAddress: '127.0.0.1',
          };
          const started = performance.now();
          try {
            await appender.append(entry);
            if (record) latencies.push(performance.now() - started);
          } catch {
            failures += 1;
          }
        }
      }),
    );
    return summarize(latencies, failures, seconds);
  };
  try {
    if (WARMUP_S > 0) await run(WARMUP_S, false);
    return await run(DURATION_S, true);
  } finally {
    await pool.end();
  }
}

export interface AuditBenchResult {
  readonly loadMs: number;
  /** Over all rounds. */
  readonly audited: LatencyResult;
  readonly unaudited: LatencyResult;
  /** Each round's pair (the unaudited ran first in odd rounds). */
  readonly rounds: readonly { readonly unaudited: LatencyResult; readonly audited: LatencyResult }[];
  /** Audit entries and practice chains after the run, and how long verifying every chain (no key) took. */
  readonly entries: number;
  readonly chains: number;
  readonly verify: { ok: boolean; ms: number };
  /** Appends alone: spread over the practices' chains, and all into one chain. */
  readonly appends: { readonly spread: LatencyResult; readonly oneChain: LatencyResult };
}

export async function measureAudit(): Promise<AuditBenchResult> {
  const dbName = `wellspring_bench_audit_${process.pid}`;
  const databaseUrl = await createBenchDatabase(dbName);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  pool.on('error', (error) => console.error('bench pool:', error.message));
  const baseUrl = `http://localhost:${PORT}`;
  const serverEnv = { ...(await benchServerDatabaseEnv(databaseUrl)), PORT: String(PORT), RELAY_ENABLED: '0', SESSION_IDLE_MINUTES: '600' };
  let server = startServer(serverEnv);
  try {
    // The first start migrates the empty database.
    await waitForHealthy(baseUrl, 120_000);
    await stopServer(server);
    const loadStarted = performance.now();
    console.log('  audit bench: loading…');
    const requests = await load(pool, new Date());
    const loadMs = performance.now() - loadStarted;
    console.log(`  audit bench: loaded in ${(loadMs / 1000).toFixed(1)} s`);

    // Unaudited and audited, round after round, in alternating order: the same warm database for both.
    const unauditedRounds: Measured[] = [];
    const auditedRounds: Measured[] = [];
    const measure = async (round: number, audited: boolean): Promise<void> => {
      console.log(`  audit bench: round ${round}/${ROUNDS}, patients.byId with ${audited ? 'every read audited' : 'reads not audited (AUDIT_READS=off)'}…`);
      server = startServer(audited ? serverEnv : { ...serverEnv, AUDIT_READS: 'off', BENCH_UNAUDITED_READS: '1' });
      await waitForHealthy(baseUrl, 120_000);
      (audited ? auditedRounds : unauditedRounds).push(await overHttp(baseUrl, requests));
      await stopServer(server);
    };
    for (let round = 1; round <= ROUNDS; round += 1) {
      const unauditedFirst = round % 2 === 1;
      await measure(round, !unauditedFirst);
      await measure(round, unauditedFirst);
    }
    const rounds = unauditedRounds.map((measured, index) => ({ unaudited: combined([measured]), audited: combined(auditedRounds.slice(index, index + 1)) }));
    const unaudited = combined(unauditedRounds);
    const audited = combined(auditedRounds);

    console.log('  audit bench: appends alone, spread over the practices and into one chain…');
    const appEnv = await benchServerDatabaseEnv(databaseUrl);
    const spread = await appendLoop(appEnv.DATABASE_URL, DURATION_S, (index) => `bench-audit-practice-${index % PRACTICES}`);
    const oneChain = await appendLoop(appEnv.DATABASE_URL, DURATION_S, () => 'bench-audit-practice-0');

    const counts = await pool.query<{ entries: number; chains: number }>(
      'SELECT (SELECT count(*)::int FROM audit_entry) AS entries, (SELECT count(*)::int FROM audit_practice_chain_head) AS chains',
    );
    const db = createDatabaseClient(databaseUrl);
    let verify: { ok: boolean; ms: number };
    try {
      const started = performance.now();
      const report = await verifyAuditChain(db);
      verify = { ok: report.ok, ms: performance.now() - started };
    } finally {
      await closeDatabase(db);
    }
    return { loadMs, audited, unaudited, rounds, entries: counts.rows[0]?.entries ?? 0, chains: counts.rows[0]?.chains ?? 0, verify, appends: { spread, oneChain } };
  } finally {
    await stopServer(server);
    await pool.end();
    // BENCH_KEEP_DB=1 keeps the loaded database (its name is printed) for EXPLAIN ANALYZE.
    if (process.env.BENCH_KEEP_DB === '1') console.log(`  audit bench: kept database ${dbName}`);
    else await dropBenchDatabase(dbName);
  }
}

export function printAuditReport(result: AuditBenchResult): void {
  const row = (label: string, r: LatencyResult) =>
    `  ${label.padEnd(40)} ${r.requestsPerSec.toFixed(0).padStart(6)} req/s   p50 ${r.p50Ms} ms   p95 ${r.p95Ms} ms   p99 ${r.p99Ms} ms   failures ${r.failures}`;
  console.log(
    `\n## Audited record reads over ${PRACTICES} practices: patients.byId, ${PRACTICES} practitioners each reading their own ${PATIENTS_EACH} patients, ${CONNECTIONS} clients, ${ROUNDS} rounds of ${DURATION_S} s each`,
  );
  console.log(`  loaded and analyzed in ${(result.loadMs / 1000).toFixed(1)} s; goal: audited throughput at least ${AUDIT_GOAL_RATIO}× the unaudited`);
  for (const [index, round] of result.rounds.entries()) {
    console.log(
      `  round ${index + 1} (${index % 2 === 0 ? 'unaudited first' : 'audited first'}): not audited ${round.unaudited.requestsPerSec.toFixed(0)} req/s (p95 ${round.unaudited.p95Ms} ms), audited ${round.audited.requestsPerSec.toFixed(0)} req/s (p95 ${round.audited.p95Ms} ms): ${(round.audited.requestsPerSec / round.unaudited.requestsPerSec).toFixed(2)}×`,
    );
  }
  console.log(row('reads not audited, all rounds', result.unaudited));
  console.log(row('every read audited, all rounds', result.audited));
  const ratio = result.audited.requestsPerSec / result.unaudited.requestsPerSec;
  console.log(`  throughput ratio ${ratio.toFixed(2)}× — ${ratio >= AUDIT_GOAL_RATIO ? 'goal met' : 'BELOW GOAL'}; p95 ${(result.audited.p95Ms / result.unaudited.p95Ms).toFixed(2)}× the unaudited`);
  console.log(row(`appends over ${PRACTICES} practices' chains`, result.appends.spread));
  console.log(row('appends into one chain', result.appends.oneChain));
  console.log(`  appends: ${(result.appends.spread.requestsPerSec / result.appends.oneChain.requestsPerSec).toFixed(2)}× the throughput of one chain`);
  console.log(
    `  afterwards: ${result.entries} audit entries in ${result.chains} practice chains; verifying every chain (no key) took ${(result.verify.ms / 1000).toFixed(2)} s — ${result.verify.ok ? 'intact' : 'BROKEN'}`,
  );
}
