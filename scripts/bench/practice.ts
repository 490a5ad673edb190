// Practice reads (docs/architecture.md#budgets, issues 12 and 27): a practice of 10,000 patients and 200,000
// appointments among 1,000 practices (the domain's generator), read over HTTP by its practitioner —
// the dashboard, a schedule week, a patient search and a patient record. Budgets (issue 27), as
// absolute numbers on this machine: p95 ≤ 50 ms with 32 concurrent clients and ≤ 10 ms with one,
// and p95 within 3× of a trivial signed-in procedure (`auth.me`) measured in the same run. The
// same SQL straight through `pg` with 32 clients (the floor) is kept as a second line, with its
// ratio. Every patient search and record read appends an audit entry, in both.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import superjson from 'superjson';
import {
  addDays,
  calendarDateInZone,
  weekOf,
  zonedTimeToInstant,
} from '@wellspring/domain';
import {
  generateAppointments,
  generatePatients,
  mulberry32,
  pick,
  randomInt,
  type Random,
} from '@wellspring/domain/samples';
import { generateSessionToken, sessionIdFromToken } from '../../apps/server/src/auth/session.ts';
import { UPCOMING_SQL, WEEK_SQL } from '../../apps/server/src/practice/appointments.repository.ts';
import { SESSION_WITH_USER_SQL } from '../../apps/server/src/repositories/session.repository.ts';
import { DASHBOARD_STATS_SQL, DASHBOARD_UPCOMING_LIMIT, DASHBOARD_WEEK_SQL } from '../../apps/server/src/practice/dashboard.repository.ts';
import { PATIENT_DETAIL_SQL, PATIENT_PAGE_SQL } from '../../apps/server/src/practice/patients.repository.ts';
import { summarize, type LatencyResult } from './directory.ts';
import { createBenchDatabase, dropBenchDatabase, startServer, stopServer, waitForHealthy, benchServerDatabaseEnv } from './lib.ts';

const CONNECTIONS = 32;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 5);
const PRACTICES = 1_000;
const PATIENTS = Number(process.env.BENCH_PRACTICE_PATIENTS ?? 10_000);
const APPOINTMENTS = Number(process.env.BENCH_PRACTICE_APPOINTMENTS ?? 200_000);
/** The other practices' share, so the measured one is not alone in its tables. */
const OTHER_PATIENTS_EACH = 10;
const OTHER_APPOINTMENTS_EACH = 50;
export const TIME_ZONE = 'America/Chicago';
const BUDGET_RATIO = 1.5;
/** Issue 27's budgets: p95 at 32 clients, p95 with one client, and p95 against `auth.me`'s in the same run. */
const BUDGET_P95_MS = 50;
const BUDGET_SINGLE_P95_MS = 10;
const BUDGET_AUTH_ME_RATIO = 3;
const PAGE_SIZE = 25;

export interface Statement {
  /** A prepared statement's name, as the server names it; none for one planned per call (a search). */
  readonly name?: string | undefined;
  readonly text: string;
  readonly values: unknown[];
}

/** A step of a request: one statement, or several the server sends at once (its `Promise.all`). */
type Step = Statement | readonly Statement[];

/** One procedure: its HTTP paths (a pool drawn in order) and, for each, the steps it runs, one after another. */
export interface Workload {
  readonly procedure: string;
  readonly paths: readonly string[];
  readonly statements: readonly (readonly Step[])[];
}

export const trpcPath = (procedure: string, input: unknown) =>
  input === undefined ? `/api/trpc/${procedure}` : `/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`;

/** Rows inserted 10,000 at a time through unnest; a type like `text[]` travels as its text form (`{a,b}`) and is cast. */
export async function insertRows(pool: pg.Pool, table: string, columns: readonly string[], types: readonly string[], rows: readonly unknown[][]): Promise<void> {
  const CHUNK = 10_000;
  const arrayTypes = types.map((type) => (type.endsWith('[]') ? 'text' : type));
  const selected = types.map((type, index) => (type.endsWith('[]') ? `c${index}::${type}` : `c${index}`));
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    const arrays = columns.map((_column, index) => chunk.map((row) => row[index]));
    await pool.query(
      `INSERT INTO ${table} (${columns.join(', ')}) SELECT ${selected.join(', ')} FROM unnest(${arrayTypes.map((type, index) => `$${index + 1}::${type}[]`).join(', ')}) AS t(${columns.map((_column, index) => `c${index}`).join(', ')})`,
      arrays,
    );
  }
}

export interface Loaded {
  readonly cookie: string;
  readonly userId: string;
  readonly practiceId: string;
  readonly sessionId: string;
  readonly patients: readonly { id: string; name: string; email: string; phone: string }[];
  readonly today: string;
}

async function load(pool: pg.Pool, now: Date): Promise<Loaded> {
  const today = calendarDateInZone(now, TIME_ZONE);
  const users: unknown[][] = [];
  const practices: unknown[][] = [];
  for (let index = 0; index < PRACTICES; index += 1) {
    const userId = randomUUID();
    users.push([userId, `bench.practitioner.${index}@example.com`, `Dr. Bench ${index}`, 'not-a-real-hash', 'practitioner']);
    practices.push([`bench-practice-${index}`, userId, TIME_ZONE]);
  }
  await insertRows(pool, 'app_user', ['id', 'email', 'name', 'password_hash', 'role'], ['uuid', 'text', 'text', 'text', 'text'], users);
  await insertRows(pool, 'practice', ['id', 'owner_user_id', 'time_zone'], ['text', 'uuid', 'text'], practices);
  const measured = 'bench-practice-0';
  const practitioners = practices.map((row) => ({ id: String(row[0]), timeZone: TIME_ZONE }));
  const mine = generatePatients(PATIENTS, 7, { practitioners: [{ id: measured }] });
  // The generator numbers its ids from 1 in every call: the other practices' get a prefix.
  const others = generatePatients(OTHER_PATIENTS_EACH * (PRACTICES - 1), 8, { practitioners: practitioners.slice(1) }).map((patient) => ({ ...patient, id: `other-${patient.id}` }));
  const allPatients = [...mine, ...others];
  await insertRows(
    pool,
    'patient',
    ['id', 'practice_id', 'name', 'email', 'phone', 'date_of_birth', 'conditions', 'status'],
    ['text', 'text', 'text', 'text', 'text', 'date', 'text[]', 'text'],
    allPatients.map((patient) => [patient.id, patient.practitionerId, patient.name, patient.email, patient.phone, patient.dob, `{${patient.conditions.map((condition) => `"${condition}"`).join(',')}}`, patient.status]),
  );
  // A busy multi-practitioner clinic: 200,000 appointments over about five years either side of today.
  const appointments = [
    ...generateAppointments(APPOINTMENTS, 9, { patients: mine, practitioners: [{ id: measured, timeZone: TIME_ZONE }], today, windowDays: 2_000 }),
    ...generateAppointments(OTHER_APPOINTMENTS_EACH * (PRACTICES - 1), 10, { patients: others, practitioners, today, windowDays: 365 }).map((appointment) => ({ ...appointment, id: `other-${appointment.id}` })),
  ];
  // Generated at random, they overlap: stored as the practitioner's deliberate double bookings, which
  // the database's no-double-booking guard leaves alone (record 0033).
  await insertRows(
    pool,
    'appointment',
    ['id', 'practice_id', 'patient_id', 'starts_at', 'duration_minutes', 'type', 'mode', 'status', 'double_booked'],
    ['text', 'text', 'text', 'timestamptz', 'int', 'text', 'text', 'text', 'boolean'],
    appointments.map((appointment) => [appointment.id, appointment.practitionerId, appointment.patientId, appointment.startsAt, appointment.durationMinutes, appointment.type, appointment.mode, appointment.status, true]),
  );
  await insertRows(
    pool,
    'clinical_note',
    ['id', 'practice_id', 'patient_id', 'type', 'title', 'author_name', 'assessment', 'written_at'],
    ['text', 'text', 'text', 'text', 'text', 'text', 'text', 'timestamptz'],
    // Notes a month apart for each patient, and a minute apart between patients (never two at one instant, as in a clinic).
    mine.flatMap((patient, index) =>
      Array.from({ length: 3 }, (_, note) => [`bench-note-${index}-${note}`, measured, patient.id, 'soap', `Visit note ${note + 1}`, 'Dr. Bench 0', 'Stable; continue the plan.', new Date(now.getTime() - (note + 1) * 30 * 86_400_000 - index * 60_000)]),
    ),
  );
  await pool.query('VACUUM ANALYZE');
  const token = generateSessionToken();
  const sessionId = sessionIdFromToken(token);
  const ownerId = String(users[0]?.[0]);
  await pool.query('INSERT INTO session (id, user_id, expires_at) VALUES ($1, $2, $3)', [sessionId, ownerId, new Date(now.getTime() + 86_400_000)]);
  return { cookie: `session=${token}`, userId: ownerId, practiceId: measured, sessionId, patients: mine, today };
}

/** What every signed-in request reads before its procedure: the session with its user and practice (one statement). */
export function requestPreamble(loaded: Loaded): Statement[] {
  return [{ name: 'session-with-user', text: SESSION_WITH_USER_SQL, values: [loaded.sessionId] }];
}

export function auditInsert(loaded: Loaded, recordType: string, recordId: string | null, action: string, detail: Record<string, unknown> | null = null): Statement {
  return {
    name: 'bench-audit',
    text: 'INSERT INTO audit_entry (actor_user_id, practice_id, record_type, record_id, patient_id, action, request_id, source_address, detail) VALUES ($1::uuid, $2, $3, $4, $5, $6, $7, $8, $9::jsonb)',
    values: [loaded.userId, loaded.practiceId, recordType, recordId, recordId, action, randomUUID(), '127.0.0.1', detail === null ? null : JSON.stringify(detail)],
  };
}

function workloads(loaded: Loaded, now: Date, random: Random): Workload[] {
  const preamble = requestPreamble(loaded);
  const weekRange = (day: string) => {
    const sunday = weekOf(day, TIME_ZONE)[0] ?? day;
    return [zonedTimeToInstant(sunday, '00:00', TIME_ZONE), zonedTimeToInstant(addDays(sunday, 7), '00:00', TIME_ZONE)] as const;
  };
  const [thisWeekFrom, thisWeekTo] = weekRange(loaded.today);
  const weeks = Array.from({ length: 200 }, () => addDays(loaded.today, 7 * randomInt(random, -52, 52)));
  const searches = Array.from({ length: 500 }, () => {
    const patient = pick(random, loaded.patients);
    const roll = random();
    return roll < 0.5 ? (patient.name.split(' ')[1] ?? patient.name).slice(0, 4).toLowerCase() : roll < 0.8 ? patient.email.slice(0, 6) : patient.phone.slice(0, 5);
  });
  // The floor of a search: the server matches in memory (practice/patient-directory.ts), so its SQL is the page read by id
  // (what a page costs before its rows are kept: one whose rows are kept reads only the versions, patient-list-rows.ts).
  const byName = [...loaded.patients].sort((a, b) => (a.name === b.name ? (a.id < b.id ? -1 : 1) : a.name < b.name ? -1 : 1));
  const pageIds = (query: string) =>
    byName
      .filter((patient) => patient.name.toLowerCase().includes(query.toLowerCase()) || patient.email.toLowerCase().includes(query.toLowerCase()) || patient.phone.includes(query))
      .slice(0, PAGE_SIZE)
      .map((patient) => patient.id);
  const records = Array.from({ length: 1_000 }, () => pick(random, loaded.patients).id);
  return [
    {
      procedure: 'dashboard.overview',
      paths: [trpcPath('dashboard.overview', undefined)],
      // The floor: what the server reads when nothing is kept yet (the figures, then the week's and the upcoming list at once;
      // the server reads 24 upcoming rows then, to keep them).
      statements: [
        [
          ...preamble,
          { name: 'practice-dashboard-stats', text: DASHBOARD_STATS_SQL, values: [loaded.practiceId] },
          [
            { name: 'practice-dashboard-week', text: DASHBOARD_WEEK_SQL, values: [loaded.practiceId, thisWeekFrom, thisWeekTo] },
            { name: 'practice-upcoming', text: UPCOMING_SQL, values: [loaded.practiceId, now, DASHBOARD_UPCOMING_LIMIT, TIME_ZONE] },
          ],
        ],
      ],
    },
    {
      procedure: 'schedule.week',
      paths: weeks.map((weekStart) => trpcPath('schedule.week', { weekStart })),
      statements: weeks.map((weekStart) => {
        const [from, to] = weekRange(weekStart);
        return [...preamble, { name: 'practice-week', text: WEEK_SQL, values: [loaded.practiceId, from, to, TIME_ZONE] }];
      }),
    },
    {
      procedure: 'patients.list',
      paths: searches.map((query) => trpcPath('patients.list', { query, page: 1, pageSize: PAGE_SIZE })),
      statements: searches.map((query) => [
        ...preamble,
        { name: 'practice-patient-page', text: PATIENT_PAGE_SQL, values: [loaded.practiceId, now, TIME_ZONE, pageIds(query)] },
        auditInsert(loaded, 'patient_list', null, 'list'),
      ]),
    },
    {
      procedure: 'patients.byId',
      paths: records.map((id) => trpcPath('patients.byId', { id })),
      statements: records.map((id) => [
        ...preamble,
        { name: 'practice-patient-detail', text: PATIENT_DETAIL_SQL, values: [loaded.practiceId, id, TIME_ZONE] },
        auditInsert(loaded, 'patient', id, 'read'),
      ]),
    },
  ];
}

function httpRun(baseUrl: string, cookie: string, durationS: number, connections: number, nextPath: () => string, onResponse: (ms: number) => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      // A request autocannon gives up on (10 s by default) is sent again while the server still works on it: a slow procedure would pile up.
      { url: baseUrl, connections, duration: durationS, timeout: 60, headers: { cookie }, requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: nextPath() }) }] },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('response', (_client, _statusCode, _bytes, responseTime) => onResponse(responseTime));
  });
}

async function overHttp(baseUrl: string, cookie: string, workload: Pick<Workload, 'paths'>, connections = CONNECTIONS): Promise<LatencyResult> {
  let counter = 0;
  const nextPath = () => workload.paths[counter++ % workload.paths.length] ?? '/';
  if (WARMUP_S > 0) await httpRun(baseUrl, cookie, WARMUP_S, connections, nextPath, () => undefined);
  const latencies: number[] = [];
  const result = await httpRun(baseUrl, cookie, DURATION_S, connections, nextPath, (ms) => latencies.push(ms));
  return summarize(latencies, result.non2xx + result.errors + result.timeouts, DURATION_S);
}

/** The floor: each request's statements one after another, 32 clients on 32 connections. */
async function throughPg(databaseUrl: string, workload: Workload): Promise<LatencyResult> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS });
  pool.on('error', (error) => console.error('floor pool:', error.message));
  const run = async (durationS: number, record: boolean) => {
    const latencies: number[] = [];
    let failures = 0;
    let counter = 0;
    const deadline = performance.now() + durationS * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < deadline) {
          const steps = workload.statements[counter++ % workload.statements.length] ?? [];
          const started = performance.now();
          try {
            for (const step of steps) await Promise.all(('text' in step ? [step] : step).map((statement) => pool.query(statement.name === undefined ? { text: statement.text, values: statement.values } : { name: statement.name, text: statement.text, values: statement.values })));
            if (record) latencies.push(performance.now() - started);
          } catch {
            failures += 1;
          }
        }
      }),
    );
    return summarize(latencies, failures, durationS);
  };
  try {
    if (WARMUP_S > 0) await run(WARMUP_S, false);
    return await run(DURATION_S, true);
  } finally {
    await pool.end();
  }
}

export interface PracticeBenchResult {
  readonly loadMs: number;
  /** The trivial signed-in procedure, in the same run: 32 clients and one. */
  readonly authMe: { readonly http: LatencyResult; readonly single: LatencyResult };
  readonly procedures: readonly { readonly procedure: string; readonly http: LatencyResult; readonly single: LatencyResult; readonly floor: LatencyResult }[];
}

/** What a bench on the practice needs besides the practice itself (the practice and portal benches). */
export interface PracticeBenchOptions {
  /** In the database's name and the progress lines. */
  readonly name: string;
  readonly port: number;
  /** A comma-separated list of the procedures to measure (all when empty). */
  readonly only: string | undefined;
  /** More rows for the measured practice, loaded after the practice (analyze what it adds). */
  readonly extend?: (pool: pg.Pool, loaded: Loaded, now: Date) => Promise<void>;
  readonly workloads: (loaded: Loaded, now: Date) => Workload[];
  /** Keeps the bench database (its name is printed) for EXPLAIN ANALYZE afterwards. */
  readonly keepDatabase?: boolean;
}

/** Waits (up to three minutes) until no statement of the server's is still running: the requests autocannon left in flight. */
async function untilQuiet(pool: pg.Pool): Promise<void> {
  const deadline = performance.now() + 180_000;
  while (performance.now() < deadline) {
    const { rows } = await pool.query<{ busy: number }>(
      "SELECT count(*)::int AS busy FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid() AND backend_type = 'client backend'",
    );
    if ((rows[0]?.busy ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const { rows } = await pool.query<{ query: string; age: string }>(
    "SELECT left(query, 60) AS query, (now() - query_start)::text AS age FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid() AND backend_type = 'client backend'",
  );
  console.warn('  the server was still running statements after three minutes; the floor shares the machine with them:', rows);
}

/** Loads the bench practice into a fresh database, starts the real server on it and measures each workload, then its floor. */
export async function benchOnPractice(options: PracticeBenchOptions): Promise<PracticeBenchResult> {
  const dbName = `wellspring_bench_${options.name}_${process.pid}`;
  const databaseUrl = await createBenchDatabase(dbName);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  pool.on('error', (error) => console.error('bench pool:', error.message));
  const baseUrl = `http://localhost:${options.port}`;
  let server = startServer({ ...(await benchServerDatabaseEnv(databaseUrl)), PORT: String(options.port), RELAY_ENABLED: '0' });
  try {
    // The first start migrates the empty database.
    await waitForHealthy(baseUrl, 120_000);
    await stopServer(server);
    const now = new Date();
    const loadStarted = performance.now();
    console.log(`  ${options.name} bench: loading…`);
    const loaded = await load(pool, now);
    await options.extend?.(pool, loaded, now);
    const loadMs = performance.now() - loadStarted;
    console.log(`  ${options.name} bench: loaded in ${(loadMs / 1000).toFixed(1)} s`);
    const only = options.only?.split(',').filter(Boolean);
    const all = options.workloads(loaded, now).filter((workload) => !only?.length || only.includes(workload.procedure));
    server = startServer({ ...(await benchServerDatabaseEnv(databaseUrl)), PORT: String(options.port), RELAY_ENABLED: '0', SESSION_IDLE_MINUTES: '600' });
    await waitForHealthy(baseUrl, 120_000);
    console.log(`  ${options.name} bench: auth.me…`);
    const authMePaths = { paths: [trpcPath('auth.me', undefined)] };
    const authMe = { http: await overHttp(baseUrl, loaded.cookie, authMePaths), single: await overHttp(baseUrl, loaded.cookie, authMePaths, 1) };
    const procedures = [];
    for (const workload of all) {
      console.log(`  ${options.name} bench: ${workload.procedure}…`);
      const http = await overHttp(baseUrl, loaded.cookie, workload);
      await untilQuiet(pool);
      const single = await overHttp(baseUrl, loaded.cookie, workload, 1);
      const floor = await throughPg(databaseUrl, workload);
      procedures.push({ procedure: workload.procedure, http, single, floor });
    }
    return { loadMs, authMe, procedures };
  } finally {
    await stopServer(server);
    await pool.end();
    if (options.keepDatabase) console.log(`  ${options.name} bench: kept the database ${dbName}`);
    else await dropBenchDatabase(dbName);
  }
}

export function measurePractice(): Promise<PracticeBenchResult> {
  // BENCH_PRACTICE_ONLY=schedule.week,patients.byId measures those procedures alone.
  return benchOnPractice({
    name: 'practice',
    port: 3298,
    only: process.env.BENCH_PRACTICE_ONLY,
    workloads: (loaded, now) => workloads(loaded, now, mulberry32(20_261_124)),
    // BENCH_KEEP_DB=1 keeps the loaded database (its name is printed) for EXPLAIN ANALYZE.
    keepDatabase: process.env.BENCH_KEEP_DB === '1',
  });
}

/** The bench practice in a heading: "a practice of 10,000 patients and 200,000 appointments among 1,000 practices". */
export const benchPracticeDescription = `a practice of ${PATIENTS.toLocaleString('en-US')} patients and ${APPOINTMENTS.toLocaleString('en-US')} appointments among ${PRACTICES.toLocaleString('en-US')} practices, ${CONNECTIONS} clients, ${DURATION_S} s each`;

/**
 * Each procedure over HTTP with 32 clients and with one, against issue 27's absolute budgets and
 * `auth.me`'s p95 in the same run; then the same SQL through pg and the old ratio, as a second line.
 */
export function printProcedures(result: PracticeBenchResult): void {
  const row = (label: string, r: LatencyResult) =>
    `  ${label.padEnd(44)} ${r.requestsPerSec.toFixed(0).padStart(6)} req/s   p50 ${r.p50Ms} ms   p95 ${r.p95Ms} ms   p99 ${r.p99Ms} ms   failures ${r.failures}`;
  const verdict = (ok: boolean) => (ok ? 'within budget' : 'OVER BUDGET');
  console.log(`  loaded and analyzed in ${(result.loadMs / 1000).toFixed(1)} s; load average ${loadAverage()}`);
  console.log(`  budgets: p95 ≤ ${BUDGET_P95_MS} ms at ${CONNECTIONS} clients, ≤ ${BUDGET_SINGLE_P95_MS} ms with one, ≤ ${BUDGET_AUTH_ME_RATIO}× auth.me's p95 (same run); second line: ≤ ${BUDGET_RATIO}× the same SQL through pg`);
  console.log(row(`auth.me over HTTP (${CONNECTIONS} clients)`, result.authMe.http));
  console.log(row('auth.me over HTTP (1 client)', result.authMe.single));
  for (const { procedure, http, single, floor } of result.procedures) {
    const authRatio = http.p95Ms / result.authMe.http.p95Ms;
    const floorRatio = http.p95Ms / floor.p95Ms;
    console.log(row(`${procedure} (${CONNECTIONS} clients)`, http));
    console.log(row(`${procedure} (1 client)`, single));
    console.log(
      `  p95 ${http.p95Ms} ms — ${verdict(http.p95Ms <= BUDGET_P95_MS)}; one client ${single.p95Ms} ms — ${verdict(single.p95Ms <= BUDGET_SINGLE_P95_MS)}; ${authRatio.toFixed(2)}× auth.me — ${verdict(authRatio <= BUDGET_AUTH_ME_RATIO)}`,
    );
    console.log(row('  same SQL through pg (floor)', floor));
    console.log(`    p95 ratio to the floor ${floorRatio.toFixed(2)}× — ${verdict(floorRatio <= BUDGET_RATIO)}`);
  }
}

/** The machine's load average (1, 5, 15 minutes), printed beside the numbers it colours. */
const loadAverage = (): string =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

export function printPracticeReport(result: PracticeBenchResult): void {
  console.log(`\n## Practice reads: ${benchPracticeDescription}`);
  printProcedures(result);
}
