import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import {
  decideWaitlist,
  initialWaitlistEntry,
  joinWaitlistSchema,
  sendInviteSchema,
  waitlistToasts,
  type WaitlistEvent,
} from '@wellspring/domain';
import { notifyOutbox } from '../outbox/outbox-signal.ts';
import { appendDomainEvents, type NewDomainEvent } from '../repositories/domain-event.repository.ts';
import { insertWaitlistEntryWithEvent, insertWaitlistInvite } from '../repositories/waitlist.repository.ts';
import { clientIp, domainErrorToTrpc, enforceRateLimit, publicProcedure, router, type Context } from './trpc.ts';

const MINUTE_MS = 60_000;
const TOO_MANY_WAITLIST_REQUESTS = 'Too many requests. Please wait a minute and try again.';

function waitlistRule(ctx: Context, bucket: string) {
  return { bucket, max: ctx.config.rateLimits.waitlistPerMinute, windowMs: MINUTE_MS };
}

function toStoredEvent(event: WaitlistEvent): NewDomainEvent {
  switch (event.type) {
    case 'WaitlistJoined':
      return { aggregateType: 'waitlist_entry', aggregateId: event.id, type: event.type, payload: { ...event } };
    case 'InviteSent':
      // The invitation e-mail waits in the outbox for the relay.
      return { aggregateType: 'waitlist_invite', aggregateId: event.id, type: event.type, payload: { ...event }, delivery: 'pending' };
  }
}

const duplicateEmail = () => new TRPCError({ code: 'CONFLICT', message: waitlistToasts.duplicate.title });

export const waitlistRouter = router({
  /** Joins the pre-launch waitlist. A known email in any letter case → CONFLICT "Email already registered". */
  join: publicProcedure.input(joinWaitlistSchema).mutation(async ({ ctx, input }): Promise<{ id: string }> => {
    await enforceRateLimit(ctx, waitlistRule(ctx, 'waitlist-join'), clientIp(ctx), TOO_MANY_WAITLIST_REQUESTS);
    // The new entry's aggregate starts absent. Whether the email is taken is decided by the unique
    // index on lower(email) when we write (exact under concurrency), so we decide optimistically and
    // decide again with emailTaken when the write finds the email on the waitlist.
    const decision = decideWaitlist(initialWaitlistEntry, { kind: 'Join', id: randomUUID(), input }, { emailTaken: false });
    if (!decision.ok) throw domainErrorToTrpc(decision.error);
    const joined = decision.events.find((event) => event.type === 'WaitlistJoined');
    if (!joined || decision.events.length !== 1) throw new Error('decideWaitlist: Join must produce exactly one WaitlistJoined event');
    const stored = await insertWaitlistEntryWithEvent(
      ctx.db,
      { id: joined.id, email: joined.email, name: joined.name, type: joined.waitlistType },
      toStoredEvent(joined),
    );
    if (!stored) {
      const taken = decideWaitlist(initialWaitlistEntry, { kind: 'Join', id: joined.id, input }, { emailTaken: true });
      throw taken.ok ? duplicateEmail() : domainErrorToTrpc(taken.error);
    }
    return { id: stored.id };
  }),

  /** "Invite a friend to join": records the invite and queues its e-mail in the outbox. */
  invite: publicProcedure.input(sendInviteSchema).mutation(async ({ ctx, input }): Promise<{ id: string }> => {
    await enforceRateLimit(ctx, waitlistRule(ctx, 'waitlist-invite'), clientIp(ctx), TOO_MANY_WAITLIST_REQUESTS);
    const queued = await ctx.db.$transaction(async (tx) => {
      const decision = decideWaitlist(initialWaitlistEntry, { kind: 'Invite', id: randomUUID(), input }, { emailTaken: false });
      if (!decision.ok) throw domainErrorToTrpc(decision.error);
      let inviteId: string | undefined;
      for (const event of decision.events) {
        if (event.type === 'InviteSent') {
          await insertWaitlistInvite(tx, { id: event.id, friendEmail: event.friendEmail, yourName: event.yourName, waitlistType: event.waitlistType });
          inviteId = event.id;
        }
      }
      await appendDomainEvents(tx, decision.events.map(toStoredEvent));
      if (!inviteId) throw new Error('decideWaitlist accepted Invite without an InviteSent event');
      return { id: inviteId };
    });
    // Committed: the relay delivers the e-mail now rather than at its next poll.
    notifyOutbox();
    return queued;
  }),
});
