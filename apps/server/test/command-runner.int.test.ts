/**
 * The one command runner (src/commands/run-command.ts): a rejected command writes nothing, events
 * carry the actor and the request id, commands on one aggregate run one after the other, and what
 * is stored reads back through the machine's event schema.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  accept,
  applicationEventSchema,
  buildApplicationSubmission,
  practitionerApplicationSchema,
  reject,
  waitlistEventSchema,
  type ApplicationCommand,
} from '@wellspring/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { applicationCommands } from '../src/commands/application.commands.ts';
import { DomainRejection, lockAggregate, replayAggregate, runCommand, type CommandDependencies, type CommandMachine } from '../src/commands/run-command.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { createTestCaller, startTestServer, trpcMutation, type TestServer } from './support/server.ts';

let database: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database.db, { RATE_LIMIT_APPLICATIONS_PER_MIN: '1000' });
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

interface EventRow {
  type: string;
  aggregate_type: string;
  aggregate_id: string;
  payload: unknown;
  actor_id: string | null;
  request_id: string | null;
  occurred_at: Date;
}

const eventsOf = (aggregateId: string): Promise<EventRow[]> =>
  database.query<EventRow>('SELECT type, aggregate_type, aggregate_id, payload, actor_id, request_id, occurred_at FROM domain_event WHERE aggregate_id = $1 ORDER BY sequence', [aggregateId]);
const count = async (table: string): Promise<number> => (await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n ?? -1;

const deps = (overrides: Partial<CommandDependencies> = {}): CommandDependencies => ({
  db: database.db,
  actor: { userId: null },
  requestId: `req-${randomUUID()}`,
  now: new Date(),
  ...overrides,
});

const submission = (now: Date) =>
  buildApplicationSubmission(
    practitionerApplicationSchema.parse({ name: 'Mei Chen', email: 'mei@example.com', phone: '5035550142', specialties: 'Acupuncture', experience: '6-10', acceptTerms: true }),
    { receiverEmail: 'team@wellspring.test', submittedAt: now, source: 'https://wellspring.test' },
  );

async function submitApplication(): Promise<string> {
  const id = randomUUID();
  const context = deps();
  await runCommand(context, applicationCommands, id, { kind: 'Submit', id, submission: submission(context.now) });
  return id;
}

/** A counter kept only as events (no row of its own): locked with `lockAggregate`, rebuilt with `replayAggregate`. */
const counterEventSchema = z.object({ type: z.literal('Counted'), count: z.number().int().min(1) });
type CounterEvent = z.output<typeof counterEventSchema>;
interface CounterState {
  readonly count: number;
}
type CounterCommand = { readonly kind: 'Count' } | { readonly kind: 'Refuse' };

function counterMachine(options: { lock: boolean; pauseMs: number; save?: CommandMachine<CounterState, CounterCommand, CounterEvent>['save'] }): CommandMachine<CounterState, CounterCommand, CounterEvent> {
  return {
    aggregateType: 'test_counter',
    eventSchema: counterEventSchema,
    async load(tx, id) {
      if (options.lock) await lockAggregate(tx, { type: 'test_counter', id });
      const state = await replayAggregate(tx, { type: 'test_counter', id }, { eventSchema: counterEventSchema, evolve: (_state, event) => ({ count: event.count }), initial: { count: 0 } });
      // Long enough for every concurrent command to have loaded, were nothing holding them back.
      await sleep(options.pauseMs);
      return state;
    },
    decide: (state, command) => (command.kind === 'Count' ? accept({ type: 'Counted' as const, count: state.count + 1 }) : reject('PRECONDITION_FAILED', 'Not counted.')),
    evolve: (_state, event) => ({ count: event.count }),
    save: options.save ?? (() => Promise.resolve(undefined)),
    toStoredEvent: (event) => ({ type: event.type, payload: { ...event } }),
  };
}

describe('runCommand', () => {
  it('writes nothing for a command its machine rejects, and answers with the machine’s error', async () => {
    const id = await submitApplication();
    const before = { applications: await count('practitioner_application'), events: await count('domain_event') };

    const again = runCommand(deps(), applicationCommands, id, { kind: 'Submit', id, submission: submission(new Date()) });

    await expect(again).rejects.toThrow(DomainRejection);
    await expect(again).rejects.toMatchObject({ domainError: { code: 'CONFLICT', message: 'This application has already been submitted.' } });
    expect({ applications: await count('practitioner_application'), events: await count('domain_event') }).toEqual(before);
    expect((await eventsOf(id)).map((event) => event.type)).toEqual(['ApplicationSubmitted']);
  });

  it('writes nothing when the save refuses after writing (the transaction rolls back)', async () => {
    const id = randomUUID();
    const entries = await count('waitlist');
    const machine = counterMachine({
      lock: true,
      pauseMs: 0,
      async save(tx) {
        await tx.$executeRaw`INSERT INTO waitlist (id, email, name, type) VALUES (${randomUUID()}::uuid, ${`${id}@example.com`}, 'Rolled Back', 'patient')`;
        return { code: 'CONFLICT', message: 'Refused at the write.' };
      },
    });

    await expect(runCommand(deps(), machine, id, { kind: 'Count' })).rejects.toMatchObject({ domainError: { code: 'CONFLICT', message: 'Refused at the write.' } });
    expect(await count('waitlist')).toBe(entries);
    expect(await eventsOf(id)).toEqual([]);
  });

  it('refuses, writing nothing, an event whose stored payload would not read back through the schema', async () => {
    const id = randomUUID();
    const machine: CommandMachine<CounterState, CounterCommand, CounterEvent> = {
      ...counterMachine({ lock: true, pauseMs: 0 }),
      toStoredEvent: (event) => ({ type: event.type, payload: { type: event.type, count: String(event.count) } }),
    };

    await expect(runCommand(deps(), machine, id, { kind: 'Count' })).rejects.toThrow(/does not read back through the event schema/);
    expect(await eventsOf(id)).toEqual([]);
  });

  it('stamps every event with the actor, the request id and the command’s clock', async () => {
    const id = randomUUID();
    const userId = randomUUID();
    const now = new Date('2026-11-24T19:00:00.000Z');
    const machine = counterMachine({ lock: true, pauseMs: 0 });

    await runCommand(deps({ actor: { userId }, requestId: 'req-stamp-1', now }), machine, id, { kind: 'Count' });
    await runCommand(deps({ actor: { userId: null }, requestId: null, now }), machine, id, { kind: 'Count' });

    expect(await eventsOf(id)).toEqual([
      { type: 'Counted', aggregate_type: 'test_counter', aggregate_id: id, payload: { type: 'Counted', count: 1 }, actor_id: userId, request_id: 'req-stamp-1', occurred_at: now },
      { type: 'Counted', aggregate_type: 'test_counter', aggregate_id: id, payload: { type: 'Counted', count: 2 }, actor_id: null, request_id: null, occurred_at: now },
    ]);
  });

  it('stamps a procedure’s events with the caller and the HTTP request id', async () => {
    const response = await trpcMutation<{ id: string }>(server, 'waitlist.join', { name: 'Ana', email: `ana-${randomUUID()}@example.com`, type: 'patient' }, { headers: { 'x-request-id': 'req-join-42' } });
    expect(response.status).toBe(200);
    expect(await eventsOf(response.data?.id ?? '')).toMatchObject([{ type: 'WaitlistJoined', actor_id: null, request_id: 'req-join-42' }]);

    const user = { id: randomUUID(), name: 'Dr. Reyes', email: 'reyes@example.com', role: 'practitioner', emailVerified: true };
    const invite = await createTestCaller(database.db, { user, sessionId: 'session', requestId: 'req-invite-7' }).waitlist.invite({ yourName: 'Dr. Reyes', friendEmail: 'friend@example.com', waitlistType: 'practitioner' });
    expect(await eventsOf(invite.id)).toMatchObject([{ type: 'InviteSent', aggregate_type: 'waitlist_invite', actor_id: user.id, request_id: 'req-invite-7' }]);
  });

  it('runs concurrent commands on one aggregate one after the other (its lock), each deciding on the last one’s state', async () => {
    const id = randomUUID();
    const machine = counterMachine({ lock: true, pauseMs: 150 });

    await Promise.all(Array.from({ length: 4 }, () => runCommand(deps(), machine, id, { kind: 'Count' })));

    expect((await eventsOf(id)).map((event) => counterEventSchema.parse(event.payload).count)).toEqual([1, 2, 3, 4]);
  });

  it('(the same race without the lock loses updates: what the lock is for)', async () => {
    const id = randomUUID();
    const machine = counterMachine({ lock: false, pauseMs: 150 });

    await Promise.all(Array.from({ length: 4 }, () => runCommand(deps(), machine, id, { kind: 'Count' })));

    expect((await eventsOf(id)).map((event) => counterEventSchema.parse(event.payload).count)).toEqual([1, 1, 1, 1]);
  });

  it('serializes two relay outcomes on one application under its row lock: attempts 1 then 2', async () => {
    const id = await submitApplication();
    const slowed: typeof applicationCommands = {
      ...applicationCommands,
      async load(tx, aggregateId) {
        const state = await applicationCommands.load(tx, aggregateId);
        await sleep(150);
        return state;
      },
    };
    const failure = (at: Date): ApplicationCommand => ({ kind: 'RecordRelayFailure', at, reason: 'HTTP 503' });

    await Promise.all([runCommand(deps(), slowed, id, failure(new Date())), runCommand(deps(), slowed, id, failure(new Date()))]);

    const outcomes = (await eventsOf(id)).map((event) => applicationEventSchema.parse(event.payload)).filter((event) => event.type === 'ApplicationRelayFailed');
    expect(outcomes.map((event) => event.attempt)).toEqual([1, 2]);
    expect((await database.query<{ status: string }>('SELECT status FROM practitioner_application WHERE id = $1', [id]))[0]?.status).toBe('relay_failed');
  });

  it('stores events that read back through their machine’s schema, equal to what the procedure decided', async () => {
    const join = await trpcMutation<{ id: string }>(server, 'waitlist.join', { name: ' Bo ', email: ` Bo-${randomUUID()}@Example.com `, type: 'practitioner' });
    const invite = await trpcMutation<{ id: string }>(server, 'waitlist.invite', { yourName: 'Bo', friendEmail: 'Cy@Example.com', waitlistType: 'patient' });
    const application = await trpcMutation<{ id: string }>(server, 'applications.submit', {
      name: 'Mei Chen',
      email: 'mei@example.com',
      phone: '(503) 555-0142',
      specialties: 'Acupuncture',
      experience: '11-20',
      acceptTerms: true,
    });

    const [joined] = await eventsOf(join.data?.id ?? '');
    expect(waitlistEventSchema.parse(joined?.payload)).toMatchObject({ type: 'WaitlistJoined', id: join.data?.id, name: 'Bo', waitlistType: 'practitioner' });
    const [invited] = await eventsOf(invite.data?.id ?? '');
    expect(waitlistEventSchema.parse(invited?.payload)).toEqual({ type: 'InviteSent', id: invite.data?.id, friendEmail: 'cy@example.com', yourName: 'Bo', waitlistType: 'patient' });
    const [submitted] = await eventsOf(application.data?.id ?? '');
    expect(applicationEventSchema.parse(submitted?.payload)).toMatchObject({ type: 'ApplicationSubmitted', id: application.data?.id, submission: { name: 'Mei Chen', email: 'mei@example.com' } });
  });
});
