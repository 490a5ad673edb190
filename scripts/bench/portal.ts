// Provider portal reads (docs/architecture.md#budgets, issue 13): on the practice bench's practice (10,000 patients,
// 200,000 appointments, 3 notes per patient, among 1,000 practices) with 50,000 payments and some
// addenda added, the portal's dashboard, its appointment table (the first page and a deep one), its
// EHR list and its payment records over HTTP by the practitioner with 32 concurrent clients, next to
// the same SQL through `pg` with 32 clients in the same run (the floor). Budget: each p95 within
// 1.5× of its floor. Reading the EHR list appends an audit entry, in both.
import type pg from 'pg';
import { currencies, paymentMethods, PORTAL_PAGE_SIZE } from '@wellspring/domain';
import { mulberry32, pick, randomInt, type Random } from '@wellspring/domain/samples';
import { portalAppointmentsStatement } from '../../apps/server/src/practice/appointments.repository.ts';
import { clinicalRecordsStatement } from '../../apps/server/src/practice/clinical-records.repository.ts';
import { encodeCursor } from '../../apps/server/src/practice/keyset-page.ts';
import { paymentsStatement } from '../../apps/server/src/practice/payments.repository.ts';
import { PORTAL_LATER_DAYS_SQL, PORTAL_OVERVIEW_SQL, PORTAL_UPCOMING_LIMIT } from '../../apps/server/src/practice/portal-dashboard.repository.ts';
import {
  auditInsert,
  benchOnPractice,
  benchPracticeDescription,
  insertRows,
  printProcedures,
  requestPreamble,
  TIME_ZONE,
  trpcPath,
  type Loaded,
  type PracticeBenchResult,
  type Workload,
} from './practice.ts';

const PAYMENTS = Number(process.env.BENCH_PORTAL_PAYMENTS ?? 50_000);
/** The other practices' share, so the measured one is not alone in the payment table. */
const OTHER_PAYMENTS_EACH = 5;
/** One note in ten carries an addendum, so the EHR list's addenda are read, not only looked for. */
const ADDENDUM_EVERY = 10;
/** The deep page of the appointment table: rows 99,981–100,000 of 200,000, newest first, read at the cursor of the page before (keyset paging). */
const DEEP_PAGE = 5_000;
/** The start and id of the last row of the page before the deep one (set while loading). */
let deepBoundary: readonly [string, string] = ['', ''];
const DAY_MS = 86_400_000;

/** Weighted draw: `weights` pairs each value with its share. */
function weighted<T>(random: Random, weights: readonly (readonly [T, number])[]): T {
  const total = weights.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [value, weight] of weights) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return weights[weights.length - 1]![0];
}

/**
 * Payments in several currencies and statuses, half of them for one of the practice's past
 * appointments (recorded within the day after it), the rest over the same ~five years without one;
 * and an addendum under every tenth note.
 */
async function loadPortal(pool: pg.Pool, loaded: Loaded, now: Date): Promise<void> {
  const random = mulberry32(20_261_125);
  const { rows: past } = await pool.query<{ id: string; starts_at: Date }>("SELECT id, starts_at FROM appointment WHERE practice_id = $1 AND starts_at < $2 AND status <> 'cancelled'", [loaded.practiceId, now]);
  const { rows: practices } = await pool.query<{ id: string }>('SELECT id FROM practice WHERE id <> $1 ORDER BY id', [loaded.practiceId]);
  const payment = (id: string, practiceId: string, appointmentId: string | null, createdAt: Date) => [
    id,
    practiceId,
    appointmentId,
    String(randomInt(random, 20, 400) * 500 + randomInt(random, 0, 99)),
    weighted(random, [
      ['usd', 70],
      ...currencies.filter((currency) => currency !== 'usd').map((currency) => [currency, 30 / (currencies.length - 1)] as const),
    ]),
    pick(random, paymentMethods),
    weighted(random, [
      ['completed', 70],
      ['pending', 15],
      ['refunded', 10],
      ['failed', 5],
    ]),
    createdAt,
  ];
  const rows = Array.from({ length: PAYMENTS }, (_, index) => {
    const appointment = index % 2 === 0 ? pick(random, past) : null;
    const createdAt = appointment ? new Date(appointment.starts_at.getTime() + randomInt(random, 0, DAY_MS)) : new Date(now.getTime() - randomInt(random, 0, 2_000 * DAY_MS));
    return payment(`bench-payment-${index}`, loaded.practiceId, appointment?.id ?? null, createdAt);
  });
  for (const [practiceIndex, { id }] of practices.entries()) {
    for (let index = 0; index < OTHER_PAYMENTS_EACH; index += 1) rows.push(payment(`other-payment-${practiceIndex}-${index}`, id, null, new Date(now.getTime() - randomInt(random, 0, 365 * DAY_MS))));
  }
  await insertRows(
    pool,
    'payment',
    ['id', 'practice_id', 'appointment_id', 'amount_minor', 'currency', 'method', 'status', 'created_at'],
    ['text', 'text', 'text', 'bigint', 'text', 'text', 'text', 'timestamptz'],
    rows,
  );
  const { rows: notes } = await pool.query<{ id: string; written_at: Date }>('SELECT id, written_at FROM clinical_note WHERE practice_id = $1 ORDER BY id', [loaded.practiceId]);
  await insertRows(
    pool,
    'clinical_note_addendum',
    ['id', 'practice_id', 'note_id', 'text', 'author_user_id', 'author_name', 'created_at'],
    ['text', 'text', 'text', 'text', 'uuid', 'text', 'timestamptz'],
    notes
      .filter((_note, index) => index % ADDENDUM_EVERY === 0)
      .map((note, index) => [`bench-addendum-${index}`, loaded.practiceId, note.id, 'Corrected the dose in the plan.', loaded.userId, 'Dr. Bench 0', new Date(note.written_at.getTime() + DAY_MS)]),
  );
  await pool.query('VACUUM ANALYZE payment, clinical_note_addendum');
  const { rows: boundary } = await pool.query<{ starts_at: Date; id: string }>(
    'SELECT starts_at, id FROM appointment WHERE practice_id = $1 ORDER BY starts_at DESC, id DESC OFFSET $2 LIMIT 1',
    [loaded.practiceId, (DEEP_PAGE - 1) * PORTAL_PAGE_SIZE - 1],
  );
  deepBoundary = [boundary[0]?.starts_at.toISOString() ?? '', boundary[0]?.id ?? ''];
}

function workloads(loaded: Loaded, now: Date): Workload[] {
  const preamble = requestPreamble(loaded);
  const page = (number: number) => ({ page: number, pageSize: PORTAL_PAGE_SIZE });
  const firstPage = { kind: 'offset', offset: 0 } as const;
  return [
    {
      procedure: 'portalDashboard.overview',
      paths: [trpcPath('portalDashboard.overview', undefined)],
      // The floor: what the server reads when nothing is kept yet (the overview, then the later days' sum).
      statements: [
        [
          ...preamble,
          { name: 'portal-overview', text: PORTAL_OVERVIEW_SQL, values: [loaded.practiceId, now, PORTAL_UPCOMING_LIMIT, TIME_ZONE] },
          { name: 'portal-later-days', text: PORTAL_LATER_DAYS_SQL, values: [loaded.practiceId, now] },
        ],
      ],
    },
    {
      procedure: 'appointments.list',
      paths: [trpcPath('appointments.list', page(1))],
      statements: [[...preamble, portalAppointmentsStatement(firstPage, loaded.practiceId, PORTAL_PAGE_SIZE, TIME_ZONE)]],
    },
    {
      procedure: `appointments.list@${DEEP_PAGE}`,
      paths: [trpcPath('appointments.list', { ...page(DEEP_PAGE), cursor: encodeCursor('after', deepBoundary) })],
      statements: [[...preamble, portalAppointmentsStatement({ kind: 'after', key: deepBoundary }, loaded.practiceId, PORTAL_PAGE_SIZE, TIME_ZONE)]],
    },
    {
      procedure: 'clinicalRecords.list',
      paths: [trpcPath('clinicalRecords.list', page(1))],
      statements: [
        [
          ...preamble,
          clinicalRecordsStatement(firstPage, { patientId: null, namePattern: null, recordType: null }, loaded.practiceId, PORTAL_PAGE_SIZE, TIME_ZONE),
          auditInsert(loaded, 'clinical_note_list', null, 'list', { results: PORTAL_PAGE_SIZE }),
        ],
      ],
    },
    {
      procedure: 'payments.list',
      paths: [trpcPath('payments.list', page(1))],
      statements: [[...preamble, paymentsStatement(firstPage, loaded.practiceId, PORTAL_PAGE_SIZE, TIME_ZONE)]],
    },
  ];
}

export function measurePortal(): Promise<PracticeBenchResult> {
  return benchOnPractice({
    name: 'portal',
    port: 3294,
    // BENCH_PORTAL_ONLY=appointments.list@5000,payments.list measures those alone.
    only: process.env.BENCH_PORTAL_ONLY,
    extend: loadPortal,
    workloads,
    // BENCH_KEEP_DB=1 keeps the loaded database (its name is printed) for EXPLAIN ANALYZE.
    keepDatabase: process.env.BENCH_KEEP_DB === '1',
  });
}

export function printPortalReport(result: PracticeBenchResult): void {
  console.log(`\n## Provider portal reads: ${benchPracticeDescription}, with ${PAYMENTS.toLocaleString('en-US')} payments`);
  printProcedures(result);
}
