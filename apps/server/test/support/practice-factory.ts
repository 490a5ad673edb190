/**
 * Practitioners with a practice and its records, made straight in the database (docs/architecture.md#tests, Medplum),
 * each in a transaction bound to its practice (row-level security binds the tests' role too):
 * each test makes its own tenants, so files run in parallel and prove isolation as they go.
 */
import { randomUUID } from 'node:crypto';
import type { AppointmentMode, AppointmentStatus, AppointmentType, BookingSettings, CalendarDate } from '@wellspring/domain';
import { createSession } from '../../src/auth/session.ts';
import type { Database } from '../../src/db/client.ts';
import { inPractice } from '../../src/practice/practice-transaction.ts';
import { createUser, type PublicUser } from '../../src/repositories/user.repository.ts';
import { appRouter } from '../../src/trpc/app.router.ts';
import { createCallerFactory, type Context } from '../../src/trpc/trpc.ts';
import { testContext } from './server.ts';

export interface TestPractitioner {
  readonly user: PublicUser;
  readonly practiceId: string;
  /** `session=<token>` for HTTP calls. */
  readonly cookie: string;
  /** A tRPC caller signed in as this practitioner, typed against AppRouter. */
  readonly caller: PracticeCaller;
}

const callerOf = (ctx: Context) => createCallerFactory(appRouter)(ctx);
export type PracticeCaller = ReturnType<typeof callerOf>;

let counter = 0;

export async function createPractitioner(
  db: Database,
  options: { readonly name?: string; readonly timeZone?: string; readonly now?: Date; readonly contextOverrides?: Partial<Context>; readonly emailVerified?: boolean } = {},
): Promise<TestPractitioner> {
  counter += 1;
  const user = await createUser(db, {
    email: `practitioner.${counter}.${randomUUID().slice(0, 8)}@example.com`,
    name: options.name ?? `Dr. Test ${counter}`,
    passwordHash: 'not-a-real-hash',
    role: 'practitioner',
    // Proved by default, as an account that opened its link; `emailVerified: false` for one that has not.
    emailVerifiedAt: options.emailVerified === false ? null : new Date(),
  });
  // What sign-up's account machine does, straight in the database.
  const practice = await db.practice.create({ data: { ownerUserId: user.id }, select: { id: true } });
  if (options.timeZone) await db.practice.update({ where: { id: practice.id }, data: { timeZone: options.timeZone } });
  const { token } = await createSession(db, user.id);
  const caller = callerOf(
    testContext(db, { user, sessionId: 'test-session', requestId: `req-${counter}`, ...(options.now ? { now: options.now } : {}), ...options.contextOverrides }),
  );
  return { user, practiceId: practice.id, cookie: `session=${token}`, caller };
}

export async function addPatient(
  db: Database,
  practiceId: string,
  fields: { name: string; email?: string; phone?: string; dateOfBirth?: CalendarDate; conditions?: string[]; status?: string } ,
): Promise<string> {
  const id = randomUUID();
  await inPractice(db, { practiceId }, (tx) => tx.patient.create({
    data: {
      id,
      practiceId,
      name: fields.name,
      email: fields.email ?? '',
      phone: fields.phone ?? '',
      dateOfBirth: fields.dateOfBirth ? new Date(`${fields.dateOfBirth}T00:00:00Z`) : null,
      conditions: fields.conditions ?? [],
      status: fields.status ?? 'active',
    },
  }));
  return id;
}

export async function addAppointment(
  db: Database,
  practiceId: string,
  patientId: string,
  fields: { startsAt: Date; durationMinutes?: number; type?: AppointmentType; mode?: AppointmentMode; status?: AppointmentStatus },
): Promise<string> {
  const id = randomUUID();
  await inPractice(db, { practiceId }, (tx) => tx.appointment.create({
    data: {
      id,
      practiceId,
      patientId,
      startsAt: fields.startsAt,
      durationMinutes: fields.durationMinutes ?? 60,
      type: fields.type ?? 'follow_up',
      mode: fields.mode ?? 'in-person',
      status: fields.status ?? 'scheduled',
    },
  }));
  return id;
}

export async function addNote(db: Database, practiceId: string, patientId: string, fields: { title: string; writtenAt: Date; assessment?: string }): Promise<string> {
  const id = randomUUID();
  await inPractice(db, { practiceId }, (tx) => tx.clinicalNote.create({
    data: { id, practiceId, patientId, type: 'soap', title: fields.title, authorName: 'Dr. Author', assessment: fields.assessment ?? '', writtenAt: fields.writtenAt },
  }));
  return id;
}

export async function addPayment(
  db: Database,
  practiceId: string,
  fields: { amountMinor: number; currency?: string; status?: string; method?: string; appointmentId?: string | null; createdAt?: Date },
): Promise<string> {
  const id = randomUUID();
  await inPractice(db, { practiceId }, (tx) => tx.payment.create({
    data: {
      id,
      practiceId,
      appointmentId: fields.appointmentId ?? null,
      amountMinor: BigInt(fields.amountMinor),
      currency: fields.currency ?? 'usd',
      method: fields.method ?? 'card',
      status: fields.status ?? 'completed',
      createdAt: fields.createdAt ?? new Date(),
    },
  }));
  return id;
}

/**
 * Publishes the practitioner's listing in `location` (the editor's real save) and, when `settings`
 * are given, turns its online booking on with them; answers the listing's public id.
 */
export async function publishBookableListing(practitioner: TestPractitioner, location: string, settings?: BookingSettings): Promise<string> {
  await practitioner.caller.profile.save({
    name: practitioner.user.name,
    location,
    shortBio: 'Books online.',
    about: 'An about text that is long enough for the profile editor to accept it as it is.',
    yearsExperience: '7',
    specialties: ['Naturopathy'],
    profileImage: null,
  });
  if (settings) await practitioner.caller.booking.saveSettings(settings);
  return (await practitioner.caller.profile.mine()).practitionerId ?? '';
}
