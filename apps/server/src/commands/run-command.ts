/**
 * The one way to change state (docs/architecture.md#one-write-path): in one database
 * transaction, load the aggregate's state under a lock, `decide` the command with the caller, the
 * request and the clock, `evolve` the state with the events, write the new state, and append the
 * events to `domain_event` stamped with the actor and the request id. A rejected command writes
 * nothing and surfaces as a `DomainRejection` carrying its domain error; the runner knows nothing of
 * tRPC or HTTP, and the tRPC layer maps a `DomainRejection` to its error in one place (trpc.ts).
 *
 * A new aggregate needs one `CommandMachine` (often in `commands/<area>.commands.ts`):
 * - `load(tx, id)`: the current state, locked for the rest of the transaction. Either the row itself
 *   (`SELECT … FOR UPDATE` through `tx.$queryRaw`, mapped to the machine's state; the initial state
 *   when there is no row) or a replay of the stored events (`replayAggregate`, after locking the row
 *   or `lockAggregate` when the aggregate has no row of its own).
 * - `decide` / `evolve`: the machine's own, `decide` adapted to the runner's `CommandContext`
 *   (e.g. `{ userId: context.actor.userId, now: context.now }` for the clinical note).
 * - `save(tx, change)`: writes `change.after` (an insert when `change.before` is absent, otherwise
 *   an update). It may return a `DomainError` for a conflict only the database can see (a unique
 *   index): it must then have written nothing, and the command is rejected like a refused `decide`.
 * - `eventSchema` and `toStoredEvent`: the machine's zod schema for its events, and each event's
 *   stored type, JSON payload and outbox delivery. Every payload is checked against the schema
 *   before it is appended, so whatever is stored reads back through it.
 *
 * Machines that need data outside the state (the practice id of a new appointment, its patient)
 * are built per call by a function that closes over it, e.g. `appointmentCommands(practiceId)`.
 *
 * ```ts
 * // In a router; `commandContext(ctx)` stamps ctx.user?.id, ctx.requestId and the time.
 * schedule: practitionerProcedure.input(scheduleSchema).mutation(async ({ ctx, input }) => {
 *   const id = randomUUID();
 *   const { state } = await runCommand(commandContext(ctx), appointmentCommands(ctx.practiceId), id, {
 *     kind: 'Schedule', id, startsAt: input.startsAt, durationMinutes: input.duration, mode: input.mode,
 *   });
 *   return { id, status: state.status };
 * }),
 * ```
 *
 * `runCommand` opens the transaction and throws a rejection as a `DomainRejection`. `executeCommand` runs
 * inside a transaction the caller already holds (the outbox relay records its delivery attempt in
 * the same one) and returns a rejection as a value, having written nothing. `runCreation` is the
 * same steps for a `CreationMachine`: a command creating an aggregate under a fresh id whose row,
 * events and idempotency key one SQL statement writes (the waitlist join, benchmarked at ~2.3x the
 * throughput of the same join in an interactive transaction). Use `runCommand` unless a benchmark
 * says otherwise.
 */
import type { Decision, DomainError } from '@wellspring/domain';
import { replay } from '@wellspring/domain';
import type { z } from 'zod';
import type { Database, DatabaseTransaction } from '../db/client.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { claimIdempotencyKey, unclaimedIdempotencyKey } from './idempotency.ts';
import { appendDomainEvents, loadAggregatePayloads, type NewDomainEvent } from '../repositories/domain-event.repository.ts';
import type { IdempotencyClaim } from '../repositories/idempotency.repository.ts';

/**
 * A command its machine (or its save) refused: thrown by `runCommand` and `runCreation` with the
 * machine's DomainError, after the transaction rolled back. The tRPC layer answers it as the
 * error's tRPC code and message; other callers read `domainError`.
 */
export class DomainRejection extends Error {
  constructor(readonly domainError: DomainError) {
    super(domainError.message);
    this.name = 'DomainRejection';
  }
}

/** What `commandContext` reads of a request's context (trpc.ts's `Context` has all of it). */
export interface CommandRequest {
  readonly db: Database;
  readonly user: { readonly id: string } | null;
  readonly requestId: string;
  readonly now?: Date;
}

/** Who issues a command: a signed-in user, or nobody (a visitor, the relay). */
interface CommandActor {
  readonly userId: string | null;
}

/** What a command runs with: `decide` may use any of it, every event records the actor and request. */
export interface CommandContext {
  readonly actor: CommandActor;
  /** The HTTP request's x-request-id; null outside a request (the outbox relay). */
  readonly requestId: string | null;
  /** The clock: `decide`, the saved rows and the events' `occurred_at` all use this one instant. */
  readonly now: Date;
}

export interface CommandDependencies extends CommandContext {
  readonly db: Database;
}

/** An event as stored: its type, its JSON payload, and whether the outbox relay has a side effect to perform. */
export interface StoredEvent {
  readonly type: string;
  readonly payload: Prisma.InputJsonObject;
  readonly delivery?: 'pending';
  /** A delivery due later (a reminder): the relay leaves it until then. */
  readonly deliverAt?: Date;
}

/** What `save` writes: the state before and after the accepted command, and its events. */
interface StateChange<State, Command, Event> {
  readonly aggregateId: string;
  readonly command: Command;
  readonly before: State;
  readonly after: State;
  readonly events: readonly Event[];
  readonly context: CommandContext;
}

/** What the runner needs of any machine: decide, evolve, and how its events are stored. */
interface MachineCore<State, Command, Event> {
  /** `domain_event.aggregate_type` of this aggregate's events. */
  readonly aggregateType: string;
  /** The machine's zod schema for its events: every stored payload reads back through it. */
  readonly eventSchema: z.ZodType<Event>;
  decide(state: State, command: Command, context: CommandContext): Decision<Event>;
  evolve(state: State, event: Event): State;
  toStoredEvent(event: Event): StoredEvent;
}

/** One aggregate, as the runner drives it. See the file comment. */
export interface CommandMachine<State, Command, Event> extends MachineCore<State, Command, Event> {
  /** The current state, locked until the transaction ends; the machine's initial state when absent. */
  load(tx: DatabaseTransaction, aggregateId: string): Promise<State>;
  /** Writes the new state. A returned DomainError rejects the command; nothing may have been written. */
  save(tx: DatabaseTransaction, change: StateChange<State, Command, Event>): Promise<DomainError | undefined>;
}

/**
 * A command that creates an aggregate under a fresh id and whose row and events one SQL statement
 * can write (`runCreation`): a hot path such as the waitlist join, where an interactive
 * transaction's extra round trips cost more than half the throughput.
 */
export interface CreationMachine<State, Command, Event> extends MachineCore<State, Command, Event> {
  /** The absent aggregate's state: the id is new, so there is nothing to load or lock. */
  readonly initial: State;
  /**
   * Writes `change.after`, appends `events` (stamped, ready to store as they are) and claims the
   * request's idempotency key `claim` (null: none, or already claimed) in one statement — one
   * implicit transaction, so all or none are stored. A returned DomainError (a unique index found a
   * duplicate) rejects the command; the statement must then store nothing. A key claimed first by
   * another request throws `IdempotencyKeyTaken`, likewise having stored nothing.
   */
  insert(db: Database, change: StateChange<State, Command, Event>, events: readonly NewDomainEvent[], claim: IdempotencyClaim | null): Promise<DomainError | undefined>;
}

export type CommandResult<State, Event> =
  | { readonly ok: true; readonly state: State; readonly events: readonly Event[] }
  | { readonly ok: false; readonly error: DomainError };

/**
 * The command context of a tRPC call: the signed-in user (or none), the request id, and the
 * request's clock (`ctx.now` when the context carries one, else the wall clock).
 */
export function commandContext(ctx: CommandRequest): CommandDependencies {
  return { db: ctx.db, actor: { userId: ctx.user?.id ?? null }, requestId: ctx.requestId === '' ? null : ctx.requestId, now: ctx.now ?? new Date() };
}

function stamp<State, Command, Event>(machine: MachineCore<State, Command, Event>, aggregateId: string, event: Event, context: CommandContext): NewDomainEvent {
  const stored = machine.toStoredEvent(event);
  const readBack = machine.eventSchema.safeParse(stored.payload);
  if (!readBack.success) throw new Error(`${machine.aggregateType} ${stored.type}: the stored payload does not read back through the event schema`, { cause: readBack.error });
  return {
    aggregateType: machine.aggregateType,
    aggregateId,
    type: stored.type,
    payload: stored.payload,
    actorId: context.actor.userId,
    requestId: context.requestId,
    ...(stored.delivery ? { delivery: stored.delivery } : {}),
    ...(stored.deliverAt ? { deliverAt: stored.deliverAt } : {}),
  };
}

/**
 * Load, decide, evolve, save, append — inside the caller's transaction `tx`. A rejection (by
 * `decide` or by `save`) comes back as `{ ok: false }` with nothing written.
 */
export async function executeCommand<State, Command, Event>(
  tx: DatabaseTransaction,
  context: CommandContext,
  machine: CommandMachine<State, Command, Event>,
  aggregateId: string,
  command: Command,
): Promise<CommandResult<State, Event>> {
  const before = await machine.load(tx, aggregateId);
  const decision = machine.decide(before, command, context);
  if (!decision.ok) return decision;
  const { events } = decision;
  const after = events.reduce(machine.evolve, before);
  // Checked before anything is written, so a payload that would not read back writes nothing.
  const stored = events.map((event) => stamp(machine, aggregateId, event, context));
  // The request's idempotency key, in the write's own transaction (commands/idempotency.ts).
  await claimIdempotencyKey(tx, context.now);
  const refused = await machine.save(tx, { aggregateId, command, before, after, events, context });
  if (refused) return { ok: false, error: refused };
  await appendDomainEvents(tx, stored, context.now);
  return { ok: true, state: after, events };
}

/**
 * Runs `command` against the aggregate `aggregateId` in its own transaction and returns the new
 * state and the events. A rejected command writes nothing (the rejection, thrown inside the
 * transaction, rolls it back) and throws a `DomainRejection`.
 */
export async function runCommand<State, Command, Event>(
  deps: CommandDependencies,
  machine: CommandMachine<State, Command, Event>,
  aggregateId: string,
  command: Command,
): Promise<{ readonly state: State; readonly events: readonly Event[] }> {
  const { db, ...context } = deps;
  return db.$transaction(async (tx) => {
    const result = await executeCommand(tx, context, machine, aggregateId, command);
    if (!result.ok) throw new DomainRejection(result.error);
    return { state: result.state, events: result.events };
  });
}

/**
 * `runCommand` for a `CreationMachine`: decide against the initial state, evolve, then one
 * statement writes the new state and the stamped events. A rejection writes nothing and throws a
 * `DomainRejection`.
 */
export async function runCreation<State, Command, Event>(
  deps: CommandDependencies,
  machine: CreationMachine<State, Command, Event>,
  aggregateId: string,
  command: Command,
): Promise<{ readonly state: State; readonly events: readonly Event[] }> {
  const { db, ...context } = deps;
  const before = machine.initial;
  const decision = machine.decide(before, command, context);
  if (!decision.ok) throw new DomainRejection(decision.error);
  const { events } = decision;
  const after = events.reduce(machine.evolve, before);
  const stored = events.map((event) => stamp(machine, aggregateId, event, context));
  // The key is claimed by the insert's own statement, so the row and its key are stored together
  // (commands/idempotency.ts), without a round trip of their own.
  const claim = unclaimedIdempotencyKey();
  const refused = await machine.insert(db, { aggregateId, command, before, after, events, context }, stored, claim);
  if (refused) throw new DomainRejection(refused);
  if (claim) claim.claimed = true;
  return { state: after, events };
}

/**
 * Rebuilds a state from the aggregate's stored events (in `sequence` order), each read back
 * through `eventSchema`: a payload that no longer fits fails here, not deep in the machine.
 * Lock first (the aggregate's row `FOR UPDATE`, or `lockAggregate`).
 */
export async function replayAggregate<State, Event>(
  tx: DatabaseTransaction,
  aggregate: { readonly type: string; readonly id: string },
  machine: { readonly eventSchema: z.ZodType<Event>; readonly evolve: (state: State, event: Event) => State; readonly initial: State },
): Promise<State> {
  const payloads = await loadAggregatePayloads(tx, aggregate.type, aggregate.id);
  return replay(
    machine.evolve,
    machine.initial,
    payloads.map((payload) => machine.eventSchema.parse(payload)),
  );
}

/**
 * A transaction-scoped lock on an aggregate that has no row of its own to lock (a PostgreSQL
 * advisory lock keyed on type and id, released at commit or rollback): commands on one aggregate
 * then run one after the other.
 */
export async function lockAggregate(tx: DatabaseTransaction, aggregate: { readonly type: string; readonly id: string }): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`${aggregate.type}:${aggregate.id}`}, 0))`;
}
