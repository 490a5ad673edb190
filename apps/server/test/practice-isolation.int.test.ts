/**
 * Practice data belongs to one practitioner. For EVERY practice procedure of the router: the owner
 * gets their data, a second practitioner gets nothing of it and changes nothing (another practice's
 * id behaves exactly like an unknown one), and a visitor gets 401. The table is checked against the
 * router itself: a new procedure that is neither public nor in this table fails the suite.
 */
import { TRPCError } from '@trpc/server';
import { addDays, calendarDateInZone, zonedTimeToInstant } from '@wellspring/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../src/trpc/app.router.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { addAppointment, addNote, addPatient, createPractitioner, type PracticeCaller, type TestPractitioner } from './support/practice-factory.ts';
import { startTestServer, trpcMutation, trpcQuery, type TestServer } from './support/server.ts';

/** Procedures that hold no practice data: public, or the caller's own account. */
const NOT_PRACTICE_DATA = new Set([
  'applications.submit',
  'auth.me',
  'auth.signIn',
  'auth.signOut',
  'auth.signUp',
  'directory.search',
  'favorites.ids',
  'favorites.set',
  'practitioners.byId',
  'quiz.match',
  'waitlist.invite',
  'waitlist.join',
]);

interface Fixture {
  readonly owner: TestPractitioner;
  readonly other: TestPractitioner;
  readonly patientId: string;
  readonly patientName: string;
  readonly appointmentDate: string;
}

interface IsolationCase {
  readonly type: 'query' | 'mutation';
  /** A valid input naming the owner's records. */
  readonly input: (fixture: Fixture) => unknown;
  /** The owner's call succeeds and shows their data. */
  readonly owner: (caller: PracticeCaller, fixture: Fixture) => Promise<void>;
  /** The other practitioner's call with the same input shows none of it and changes nothing. */
  readonly other: (caller: PracticeCaller, fixture: Fixture) => Promise<void>;
}

const expectNotFound = async (call: Promise<unknown>) => {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TRPCError);
  expect((error as TRPCError).code).toBe('NOT_FOUND');
  expect((error as TRPCError).message).toBe('Unknown Patient');
};

const PRACTICE_PROCEDURES: Record<string, IsolationCase> = {
  'dashboard.overview': {
    type: 'query',
    input: () => undefined,
    owner: async (caller) => {
      const overview = await caller.dashboard.overview();
      expect(overview.stats.totalPatients).toBe(1);
      expect(overview.upcoming).toHaveLength(1);
    },
    other: async (caller) => {
      const overview = await caller.dashboard.overview();
      expect(overview.stats.totalPatients).toBe(0);
      expect(overview.upcoming).toEqual([]);
    },
  },
  'schedule.week': {
    type: 'query',
    input: (fixture) => ({ weekStart: fixture.appointmentDate }),
    owner: async (caller, fixture) => expect((await caller.schedule.week({ weekStart: fixture.appointmentDate })).days.flatMap((day) => day.appointments)).toHaveLength(1),
    other: async (caller, fixture) => expect((await caller.schedule.week({ weekStart: fixture.appointmentDate })).days.flatMap((day) => day.appointments)).toEqual([]),
  },
  'schedule.patientOptions': {
    type: 'query',
    input: (fixture) => ({ query: fixture.patientName }),
    owner: async (caller, fixture) => expect(await caller.schedule.patientOptions({ query: fixture.patientName })).toEqual([{ id: fixture.patientId, name: fixture.patientName }]),
    other: async (caller, fixture) => expect(await caller.schedule.patientOptions({ query: fixture.patientName })).toEqual([]),
  },
  'schedule.overlaps': {
    type: 'query',
    input: (fixture) => ({ date: fixture.appointmentDate, time: '10:00', duration: 60 }),
    owner: async (caller, fixture) => expect(await caller.schedule.overlaps({ date: fixture.appointmentDate, time: '10:00', duration: 60 })).toHaveLength(1),
    other: async (caller, fixture) => expect(await caller.schedule.overlaps({ date: fixture.appointmentDate, time: '10:00', duration: 60 })).toEqual([]),
  },
  'schedule.create': {
    type: 'mutation',
    input: (fixture) => ({ patientId: fixture.patientId, date: fixture.appointmentDate, time: '14:00', duration: 30, type: 'Follow-up', mode: 'virtual', notes: '' }),
    owner: async (caller, fixture) => {
      const created = await caller.schedule.create({ patientId: fixture.patientId, date: fixture.appointmentDate, time: '14:00', duration: 30, type: 'Follow-up', mode: 'virtual', notes: '' });
      expect(created.patientId).toBe(fixture.patientId);
    },
    other: async (caller, fixture) => {
      await expectNotFound(caller.schedule.create({ patientId: fixture.patientId, date: fixture.appointmentDate, time: '15:00', duration: 30, type: 'Follow-up', mode: 'virtual', notes: '' }));
      await expectNotFound(caller.schedule.create({ patientId: 'no-such-patient', date: fixture.appointmentDate, time: '15:00', duration: 30, type: 'Follow-up', mode: 'virtual', notes: '' }));
    },
  },
  'patients.list': {
    type: 'query',
    input: (fixture) => ({ query: fixture.patientName }),
    owner: async (caller, fixture) => expect((await caller.patients.list({ query: fixture.patientName })).items.map((row) => row.id)).toEqual([fixture.patientId]),
    other: async (caller, fixture) => expect(await caller.patients.list({ query: fixture.patientName })).toMatchObject({ items: [], total: 0 }),
  },
  'patients.byId': {
    type: 'query',
    input: (fixture) => ({ id: fixture.patientId }),
    owner: async (caller, fixture) => expect((await caller.patients.byId({ id: fixture.patientId })).name).toBe(fixture.patientName),
    other: async (caller, fixture) => {
      await expectNotFound(caller.patients.byId({ id: fixture.patientId }));
      await expectNotFound(caller.patients.byId({ id: 'no-such-patient' }));
    },
  },
  'patients.auditTrail': {
    type: 'query',
    input: (fixture) => ({ id: fixture.patientId }),
    owner: async (caller, fixture) => expect((await caller.patients.auditTrail({ id: fixture.patientId })).entries.length).toBeGreaterThan(0),
    other: async (caller, fixture) => {
      await expectNotFound(caller.patients.auditTrail({ id: fixture.patientId }));
      await expectNotFound(caller.patients.auditTrail({ id: 'no-such-patient' }));
    },
  },
};

let database: TestDatabase;
let server: TestServer;
let fixture: Fixture;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database.db);
  const now = new Date();
  const owner = await createPractitioner(database.db, { name: 'Dr. Owner', now });
  const other = await createPractitioner(database.db, { name: 'Dr. Other', now });
  const patientName = 'Isolated Patient Quinby';
  const patientId = await addPatient(database.db, owner.practiceId, { name: patientName, email: 'quinby@example.com', phone: '(503) 555-0100' });
  // 10:00 in the practice's zone, two days ahead: the overlap case asks for that slot.
  const day = addDays(calendarDateInZone(now, 'America/Los_Angeles'), 2);
  await addAppointment(database.db, owner.practiceId, patientId, { startsAt: zonedTimeToInstant(day, '10:00', 'America/Los_Angeles'), status: 'confirmed', mode: 'virtual' });
  await addNote(database.db, owner.practiceId, patientId, { title: 'Private note', writtenAt: now });
  fixture = { owner, other, patientId, patientName, appointmentDate: day };
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const routerProcedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: 'query' | 'mutation' } }>);

describe('practice isolation', () => {
  it('has a row for every procedure of the router that is not public', () => {
    const unclassified = routerProcedures.map(([path]) => path).filter((path) => !NOT_PRACTICE_DATA.has(path) && !(path in PRACTICE_PROCEDURES));
    expect(unclassified).toEqual([]);
    for (const [path, procedure] of routerProcedures) if (path in PRACTICE_PROCEDURES) expect(PRACTICE_PROCEDURES[path]?.type, path).toBe(procedure._def.type);
  });

  describe.each(Object.entries(PRACTICE_PROCEDURES))('%s', (path, row) => {
    it('gives another practitioner nothing of the owner\'s practice, exactly as for an unknown id', async () => {
      const before = await database.query<{ count: string }>('SELECT count(*) FROM appointment WHERE practice_id = $1', [fixture.owner.practiceId]);
      await row.other(fixture.other.caller, fixture);
      const after = await database.query<{ count: string }>('SELECT count(*) FROM appointment WHERE practice_id = $1', [fixture.owner.practiceId]);
      expect(after).toEqual(before);
      expect(await database.query('SELECT id FROM appointment WHERE practice_id = $1', [fixture.other.practiceId])).toEqual([]);
    });

    it('gives the owner their own data', async () => {
      await row.owner(fixture.owner.caller, fixture);
    });

    it('answers a visitor 401 over HTTP', async () => {
      const input = row.input(fixture);
      const response =
        row.type === 'query'
          ? await trpcQuery(server, input === undefined ? path : `${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`)
          : await trpcMutation(server, path, input);
      expect(response.status).toBe(401);
      expect(response.error?.data.code).toBe('UNAUTHORIZED');
    });
  });
});
