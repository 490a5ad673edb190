/**
 * The waitlist's aggregates for `runCommand`: an entry (Join) and an invite (Invite, its own record:
 * the machine leaves the entry state as it was).
 */
import {
  decideWaitlist,
  evolveWaitlist,
  initialWaitlistEntry,
  waitlistEventSchema,
  waitlistToasts,
  type DomainError,
  type WaitlistCommand,
  type WaitlistEntryState,
  type WaitlistEvent,
} from '@wellspring/domain';
import { insertWaitlistEntryWithEvent, insertWaitlistInvite } from '../repositories/waitlist.repository.ts';
import { IdempotencyKeyTaken } from './idempotency.ts';
import type { CommandMachine, CreationMachine, StoredEvent } from './run-command.ts';

function toStoredEvent(event: WaitlistEvent): StoredEvent {
  switch (event.type) {
    case 'WaitlistJoined':
      return { type: event.type, payload: { ...event } };
    case 'InviteSent':
      // The invitation e-mail waits in the outbox for the relay.
      return { type: event.type, payload: { ...event }, delivery: 'pending' };
  }
}

/** The machine's answer once the unique index has found the email on the waitlist. */
function emailTaken(state: WaitlistEntryState, command: WaitlistCommand): DomainError {
  const decision = decideWaitlist(state, command, { emailTaken: true });
  return decision.ok ? { code: 'CONFLICT', message: waitlistToasts.duplicate.title } : decision.error;
}

const shared = {
  eventSchema: waitlistEventSchema,
  evolve: evolveWaitlist,
  toStoredEvent,
} as const;

/**
 * Joining the waitlist creates an entry under a fresh id (`runCreation`: the entry, its event and
 * the request's idempotency key in one statement, the benchmarked hot path). Whether its email is taken is decided by the unique
 * index on lower(email) when the entry is written (exact under concurrency, which a read before the
 * write is not), so `decide` runs with `emailTaken: false` and a write that finds the email answers
 * with the machine's decision for `emailTaken: true` — the same CONFLICT "Email already registered".
 */
export const waitlistJoin: CreationMachine<WaitlistEntryState, WaitlistCommand, WaitlistEvent> = {
  ...shared,
  aggregateType: 'waitlist_entry',
  initial: initialWaitlistEntry,
  decide: (state, command) => decideWaitlist(state, command, { emailTaken: false }),
  async insert(db, { before, after, command, context }, events, claim) {
    const [event] = events;
    if (after.status !== 'joined' || !event || events.length !== 1) throw new Error('waitlist join: Join must produce exactly one WaitlistJoined event');
    const outcome = await insertWaitlistEntryWithEvent(db, { id: after.id, email: after.email, name: after.name, type: after.type }, event, context.now, claim);
    if (outcome === 'key-taken') throw new IdempotencyKeyTaken();
    return outcome === 'joined' ? undefined : emailTaken(before, command);
  },
};

/** An invitation to the waitlist: the row for the record and its e-mail in the outbox. */
export const waitlistInviteCommands: CommandMachine<WaitlistEntryState, WaitlistCommand, WaitlistEvent> = {
  ...shared,
  aggregateType: 'waitlist_invite',
  // An invite is written once, under a fresh id, and never changed: nothing to load or lock.
  load: () => Promise.resolve(initialWaitlistEntry),
  decide: (state, command) => decideWaitlist(state, command, { emailTaken: false }),
  async save(tx, { events }) {
    for (const event of events) {
      if (event.type === 'InviteSent') await insertWaitlistInvite(tx, { id: event.id, friendEmail: event.friendEmail, yourName: event.yourName, waitlistType: event.waitlistType });
    }
    return undefined;
  },
};
