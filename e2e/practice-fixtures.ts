/**
 * Signing in without the sign-in form (Epic Stack): the account, its practice and a session are
 * made straight in the e2e server's database and the session cookie is set on the browser, so only
 * the auth suite goes through the form. Records are added the same way.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import pg from 'pg';
import { generateSessionToken, sessionIdFromToken } from '../apps/server/src/auth/session.ts';
import { baseURL } from '../playwright.config.ts';
import { databaseUrl } from './database.ts';

const DEMO_EMAIL = 'demo@wellspring.test';
const DAY_MS = 24 * 60 * 60 * 1000;

async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function signInAs(page: Page, client: pg.Client, userId: string): Promise<void> {
  const token = generateSessionToken();
  await client.query('INSERT INTO session (id, user_id, expires_at) VALUES ($1, $2, $3)', [sessionIdFromToken(token), userId, new Date(Date.now() + 30 * DAY_MS)]);
  await page.context().addCookies([{ name: 'session', value: token, url: baseURL, httpOnly: true, sameSite: 'Lax', expires: Math.floor((Date.now() + 30 * DAY_MS) / 1000) }]);
}

export interface SignedInPractitioner {
  readonly userId: string;
  readonly practiceId: string;
  readonly email: string;
  readonly name: string;
}

/** A new practitioner account with an empty practice, signed in on `page`'s browser context. */
export async function signInAsNewPractitioner(page: Page, options: { readonly name?: string; readonly timeZone?: string } = {}): Promise<SignedInPractitioner> {
  const email = `e2e.${Date.now().toString(36)}.${randomUUID().slice(0, 6)}@example.com`;
  const name = options.name ?? 'Dr. Avery Fixture';
  return withDatabase(async (client) => {
    const user = await client.query<{ id: string }>("INSERT INTO app_user (id, email, name, password_hash, role, email_verified_at) VALUES (gen_random_uuid(), $1, $2, 'not-a-real-hash', 'practitioner', now()) RETURNING id", [email, name]);
    const userId = user.rows[0]?.id ?? '';
    const practice = await client.query<{ id: string }>('INSERT INTO practice (id, owner_user_id, time_zone) VALUES (gen_random_uuid()::text, $1, $2) RETURNING id', [
      userId,
      options.timeZone ?? 'America/Los_Angeles',
    ]);
    await signInAs(page, client, userId);
    return { userId, practiceId: practice.rows[0]?.id ?? '', email, name };
  });
}

/** The seeded demo practitioner (42 patients, 12 appointments this week, …), signed in on `page`'s browser context. */
export async function signInAsDemo(page: Page): Promise<SignedInPractitioner> {
  return withDatabase(async (client) => {
    const row = await client.query<{ user_id: string; practice_id: string; name: string }>(
      'SELECT u.id AS user_id, p.id AS practice_id, u.name FROM app_user u JOIN practice p ON p.owner_user_id = u.id WHERE u.email = $1',
      [DEMO_EMAIL],
    );
    const demo = row.rows[0];
    if (!demo) throw new Error('The demo practitioner is not seeded on the e2e server');
    await signInAs(page, client, demo.user_id);
    return { userId: demo.user_id, practiceId: demo.practice_id, email: DEMO_EMAIL, name: demo.name };
  });
}

/** A patient of `practiceId`; returns its id. */
export async function addPatient(
  practiceId: string,
  fields: { readonly name: string; readonly email?: string; readonly phone?: string; readonly dateOfBirth?: string; readonly conditions?: readonly string[]; readonly status?: string },
): Promise<string> {
  return withDatabase(async (client) => {
    const id = randomUUID();
    await client.query(
      'INSERT INTO patient (id, practice_id, name, email, phone, date_of_birth, conditions, status) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
      [id, practiceId, fields.name, fields.email ?? '', fields.phone ?? '', fields.dateOfBirth ?? null, [...(fields.conditions ?? [])], fields.status ?? 'active'],
    );
    return id;
  });
}

/** An appointment of `practiceId` for `patientId`; returns its id. */
export async function addAppointment(
  practiceId: string,
  patientId: string,
  fields: { readonly startsAt: Date; readonly durationMinutes?: number; readonly type?: string; readonly mode?: 'virtual' | 'in-person'; readonly status?: string },
): Promise<string> {
  return withDatabase(async (client) => {
    const id = randomUUID();
    await client.query(
      'INSERT INTO appointment (id, practice_id, patient_id, starts_at, duration_minutes, type, mode, status) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
      [id, practiceId, patientId, fields.startsAt, fields.durationMinutes ?? 60, fields.type ?? 'follow_up', fields.mode ?? 'in-person', fields.status ?? 'scheduled'],
    );
    return id;
  });
}

/**
 * A published profile for `practiceId`, as the profile editor publishes one (a directory listing
 * linked from the practice): the practitioner is then a member of the community. Take it down with
 * `takeDownListings` once the test is over — the directory's journeys count the spec's five samples.
 */
export async function publishListing(practiceId: string, fields: { readonly name: string; readonly location?: string; readonly specialties?: readonly string[] }): Promise<string> {
  return withDatabase(async (client) => {
    const id = randomUUID();
    await client.query(
      `INSERT INTO practitioner (id, name, specialties, location, lat, lng, years_experience, short_bio, about, education, certifications, accepts_insurance,
         insurance_list, review_count, rating, testimonials, treatment_approaches, questions_prompts, common_symptoms, common_symptoms_normalized, conditions_treated)
       VALUES ($1, $2, $3, $4, 45.52, -122.68, 9, $5, $6, '{}', '{}', false, '{}', 0, 0, '[]', '{}', '{}', '{}', '{}', '{}')`,
      [id, fields.name, [...(fields.specialties ?? ['acupuncture'])], fields.location ?? 'Portland, OR', `${fields.name} treats the whole person.`, 'A published profile made for a browser journey.'],
    );
    await client.query('UPDATE practice SET practitioner_id = $1 WHERE id = $2', [id, practiceId]);
    return id;
  });
}

/** Takes down the listings of these practices (and empties the list), so the directory shows only the spec's samples again. */
export async function takeDownListings(practiceIds: string[]): Promise<void> {
  if (practiceIds.length === 0) return;
  await withDatabase((client) => client.query('DELETE FROM practitioner WHERE id IN (SELECT practitioner_id FROM practice WHERE id = ANY($1::text[]))', [practiceIds.splice(0)]));
}

/** Takes the listing of `practiceId` out of the directory (its messages stay with the practice). */
export async function takeDownListing(practiceId: string): Promise<void> {
  await takeDownListings([practiceId]);
}

/**
 * Online booking turned on for `practiceId`, as the settings screen saves it (the domain's
 * BookingSettings): every day 08:00–20:00 in the practice's zone, an hour's notice, so a journey
 * finds open times whatever the hour; a 30-minute virtual follow-up that waits for confirmation.
 */
export async function enableOnlineBooking(practiceId: string, settings: Record<string, unknown>): Promise<void> {
  await withDatabase((client) => client.query('UPDATE practice SET booking_settings = $1 WHERE id = $2', [JSON.stringify(settings), practiceId]));
}

/**
 * Brings the practice's pending booking reminders to their time now, as if the day before the
 * appointment had come: the relay, polling, sends them (the server's clock is not ours to move).
 */
export async function bringRemindersDue(practiceId: string): Promise<number> {
  const result = await withDatabase((client) =>
    client.query(
      `UPDATE domain_event SET next_attempt_at = now()
       WHERE type = 'BookingReminderScheduled' AND delivery_status = 'pending'
         AND aggregate_id IN (SELECT id FROM booking WHERE practice_id = $1)`,
      [practiceId],
    ),
  );
  return result.rowCount ?? 0;
}
