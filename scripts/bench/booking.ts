// Online booking (issue 24): the open times of a practice with 10,000 appointments inside its 60-day
// horizon, read over HTTP by 32 clients a week-page at a time across the horizon (budget: p95 ≤
// 25 ms); and booking throughput, 32 clients each booking a different free slot of another practice.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import superjson from 'superjson';
import { addDays, calendarDateInZone, defaultBookingSettings, openSlots, type BookingSettings } from '@wellspring/domain';
import { mulberry32, randomInt } from '@wellspring/domain/samples';
import { summarize, type LatencyResult } from './directory.ts';
import { benchServerDatabaseEnv, createBenchDatabase, dropBenchDatabase, startServer, stopServer, waitForHealthy } from './lib.ts';
import { insertRows, trpcPath } from './practice.ts';

const CONNECTIONS = 32;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 5);
const APPOINTMENTS = 10_000;
const HORIZON_DAYS = 60;
const ZONE = 'America/Chicago';
const PORT = 3296;
const SLOTS_BUDGET_P95_MS = 25;

/** A practice of its own with a listing and booking on; answers its practice id. */
export async function bookablePractice(pool: pg.Pool, listingId: string, settings: BookingSettings): Promise<string> {
  const userId = randomUUID();
  const practiceId = randomUUID();
  await pool.query("INSERT INTO app_user (id, email, name, password_hash, role) VALUES ($1, $2, $3, 'not-a-hash', 'practitioner')", [userId, `${listingId}@bench.test`, `Dr. ${listingId}`]);
  await pool.query(
    `INSERT INTO practitioner (id, name, specialties, location, lat, lng, years_experience, short_bio, about, education, certifications, accepts_insurance,
       insurance_list, review_count, rating, testimonials, treatment_approaches, questions_prompts, common_symptoms, common_symptoms_normalized, conditions_treated)
     VALUES ($1, $2, '{naturopathy}', 'Chicago, IL', 41.88, -87.63, 9, 'Books online.', 'A bench listing.', '{}', '{}', false, '{}', 0, 0, '[]', '{}', '{}', '{}', '{}', '{}')`,
    [listingId, `Dr. ${listingId}`],
  );
  await pool.query('INSERT INTO practice (id, owner_user_id, time_zone, practitioner_id, booking_settings) VALUES ($1, $2, $3, $4, $5)', [practiceId, userId, ZONE, listingId, JSON.stringify(settings)]);
  return practiceId;
}

export interface BookingBenchResult {
  readonly slots: LatencyResult;
  readonly slotsPerAnswer: number;
  readonly booking: LatencyResult & { readonly conflicts: number };
}

function run(options: autocannon.Options, onResponse: (ms: number, status: number) => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    instance.on('response', (_client, statusCode, _bytes, responseTime) => onResponse(responseTime, statusCode));
  });
}

export async function measureBooking(): Promise<BookingBenchResult> {
  const name = 'wellspring_bench_booking';
  const databaseUrl = await createBenchDatabase(name);
  const env = await benchServerDatabaseEnv(databaseUrl);
  const server = startServer({ ...env, PORT: String(PORT), RATE_LIMIT_BOOKINGS_PER_ADDRESS_MAX: '100000000', RATE_LIMIT_BOOKINGS_PER_EMAIL_MAX: '100000000', RELAY_ENABLED: '0' });
  const baseUrl = `http://127.0.0.1:${PORT}`;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  try {
    console.log('  booking bench: loading…');
    await waitForHealthy(baseUrl, 180_000);
    const now = new Date();
    const random = mulberry32(20_261_128);

    // The busy practice: weekday hours, a 30-minute session, 10,000 appointments in its horizon.
    const busySettings: BookingSettings = {
      ...defaultBookingSettings(ZONE),
      enabled: true,
      horizonDays: HORIZON_DAYS,
      slotStepMinutes: 15,
      minimumNoticeMinutes: 0,
      sessionTypes: [{ id: 'visit', name: 'Visit', durationMinutes: 30, priceMinor: 5000, mode: 'virtual', newPatientsOnly: false, description: '', approval: 'auto' }],
    };
    const busyPractice = await bookablePractice(pool, 'bench-busy', busySettings);
    const patientId = randomUUID();
    await pool.query("INSERT INTO patient (id, practice_id, name, email, phone, conditions, status) VALUES ($1, $2, 'Bench Patient', 'bench@example.com', '', '{}', 'active')", [patientId, busyPractice]);
    // Ten minutes a unit, so most fall in the hours, overlapping at random: stored as deliberate double bookings.
    const appointments = Array.from({ length: APPOINTMENTS }, (_, index) => [
      `bench-appointment-${index}`,
      busyPractice,
      patientId,
      new Date(now.getTime() + randomInt(random, 0, HORIZON_DAYS * 144) * 600_000),
      [15, 30, 45, 60][randomInt(random, 0, 3)],
      'consultation',
      'virtual',
      'confirmed',
      true,
    ]);
    await insertRows(pool, 'appointment', ['id', 'practice_id', 'patient_id', 'starts_at', 'duration_minutes', 'type', 'mode', 'status', 'double_booked'], ['text', 'text', 'text', 'timestamptz', 'int', 'text', 'text', 'text', 'boolean'], appointments);

    const allDay = [{ start: '00:00', end: '23:59' }];
    // The free practice: every day, all day, 15-minute sessions a year ahead, for bookings that never collide.
    const freeSettings: BookingSettings = {
      ...busySettings,
      horizonDays: 365,
      weeklyHours: [allDay, allDay, allDay, allDay, allDay, allDay, allDay],
      sessionTypes: [{ id: 'quick', name: 'Quick call', durationMinutes: 15, priceMinor: 0, mode: 'virtual', newPatientsOnly: false, description: '', approval: 'auto' }],
    };
    await bookablePractice(pool, 'bench-free', freeSettings);
    await pool.query('ANALYZE');

    // Open times a week at a time across the horizon, as the picker pages through it.
    const today = calendarDateInZone(now, ZONE);
    const slotPaths = Array.from({ length: Math.ceil(HORIZON_DAYS / 7) }, (_, week) => trpcPath('booking.slots', { practitionerId: 'bench-busy', sessionTypeId: 'visit', from: addDays(today, week * 7), days: 7 }));
    const sample = await fetch(`${baseUrl}${slotPaths[0]}`);
    const sampleBody = (await sample.json()) as { result?: { data: { json: { slots: unknown[] } } } };
    console.log('  booking bench: booking.slots…');
    let counter = 0;
    const slotsOptions = (duration: number): autocannon.Options => ({
      url: baseUrl,
      connections: CONNECTIONS,
      duration,
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: slotPaths[counter++ % slotPaths.length] ?? '/' }) }],
    });
    if (WARMUP_S > 0) await run(slotsOptions(WARMUP_S), () => undefined);
    const slotLatencies: number[] = [];
    let slotFailures = 0;
    await run(slotsOptions(DURATION_S), (ms, status) => (status === 200 ? slotLatencies.push(ms) : (slotFailures += 1)));

    // Bookings, each of a slot of its own (the slots computed by the domain's rules, as the server does).
    console.log('  booking bench: booking.book…');
    const free = openSlots({ settings: freeSettings, sessionTypeId: 'quick', busy: [], now: new Date(now.getTime() + 5 * 60_000) }).map((slot) => slot.startsAt);
    let next = 0;
    const bookOptions = (duration: number): autocannon.Options => ({
      url: baseUrl,
      connections: CONNECTIONS,
      duration,
      requests: [
        {
          method: 'POST',
          path: '/api/trpc/booking.book',
          setupRequest: (request) => {
            const index = next++;
            const body = { practitionerId: 'bench-free', sessionTypeId: 'quick', startsAt: free[index % free.length], name: `Bench Patient ${index}`, email: `bench.${index}@example.com`, phone: '', reason: '', consent: true, notifyEarlier: false };
            return { ...request, headers: { 'content-type': 'application/json', origin: baseUrl }, body: JSON.stringify(superjson.serialize(body)) };
          },
        },
      ],
    });
    if (WARMUP_S > 0) await run(bookOptions(Math.min(WARMUP_S, 2)), () => undefined);
    const bookLatencies: number[] = [];
    let bookFailures = 0;
    let conflicts = 0;
    await run(bookOptions(DURATION_S), (ms, status) => {
      if (status === 200) bookLatencies.push(ms);
      else if (status === 409) conflicts += 1;
      else bookFailures += 1;
    });
    if (next > free.length) console.log(`  booking bench: ${next} bookings asked for ${free.length} slots (later ones repeat slots: 409s expected)`);
    return {
      slots: summarize(slotLatencies, slotFailures, DURATION_S),
      slotsPerAnswer: sampleBody.result?.data.json.slots.length ?? 0,
      booking: { ...summarize(bookLatencies, bookFailures, DURATION_S), conflicts },
    };
  } finally {
    await pool.end();
    await stopServer(server);
    await dropBenchDatabase(name);
  }
}

const line = (label: string, result: LatencyResult) =>
  `  ${label.padEnd(46)} ${Math.round(result.requestsPerSec).toString().padStart(5)} req/s   p50 ${result.p50Ms} ms   p95 ${result.p95Ms} ms   p99 ${result.p99Ms} ms   failures ${result.failures}`;

export function printBookingReport(result: BookingBenchResult): void {
  console.log(`\n## Online booking: ${APPOINTMENTS.toLocaleString('en-US')} appointments in a ${HORIZON_DAYS}-day horizon, ${CONNECTIONS} clients, ${DURATION_S} s each`);
  console.log(line('booking.slots (a week at a time) over HTTP', result.slots));
  console.log(`  budget p95 ≤ ${SLOTS_BUDGET_P95_MS} ms: ${result.slots.p95Ms <= SLOTS_BUDGET_P95_MS ? 'within budget' : 'OVER BUDGET'}; ${result.slotsPerAnswer} open times in the first week's answer`);
  console.log(`${line('booking.book, each a different slot', result.booking)}   409s ${result.booking.conflicts}`);
}
