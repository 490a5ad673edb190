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
import { isUniqueViolation } from '../db/errors.ts';
import { appendDomainEvents, type NewDomainEvent } from '../repositories/domain-event.repository.ts';
import { findWaitlistEntryIdByEmail, insertWaitlistEntry, insertWaitlistInvite } from '../repositories/waitlist.repository.ts';
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
    try {
      return await ctx.db.$transaction(async (tx) => {
        // The new entry's aggregate starts absent; an entry under the same email (any case) is context.
        const existingId = await findWaitlistEntryIdByEmail(tx, input.email);
        const decision = decideWaitlist(initialWaitlistEntry, { kind: 'Join', id: randomUUID(), input }, { emailTaken: existingId !== null });
        if (!decision.ok) throw domainErrorToTrpc(decision.error);
        for (const event of decision.events) {
          if (event.type === 'WaitlistJoined') {
            await insertWaitlistEntry(tx, { id: event.id, email: event.email, name: event.name, type: event.waitlistType });
          }
        }
        await appendDomainEvents(tx, decision.events.map(toStoredEvent));
        const joined = decision.events.find((event) => event.type === 'WaitlistJoined');
        if (!joined) throw new Error('decideWaitlist accepted Join without a WaitlistJoined event');
        return { id: joined.id };
      });
    } catch (error) {
      // Two requests racing on one email: the unique index on lower(email) decides.
      if (isUniqueViolation(error)) throw duplicateEmail();
      throw error;
    }
  }),

  /** "Invite a friend to join": records the invite and queues its e-mail in the outbox. */
  invite: publicProcedure.input(sendInviteSchema).mutation(async ({ ctx, input }): Promise<{ id: string }> => {
    await enforceRateLimit(ctx, waitlistRule(ctx, 'waitlist-invite'), clientIp(ctx), TOO_MANY_WAITLIST_REQUESTS);
    return ctx.db.$transaction(async (tx) => {
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
  }),
});
