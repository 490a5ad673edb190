import { randomUUID } from 'node:crypto';
import { joinWaitlistSchema, sendInviteSchema } from '@wellspring/domain';
import { commandContext, runCommand, runCreation } from '../commands/run-command.ts';
import { waitlistInviteCommands, waitlistJoin } from '../commands/waitlist.commands.ts';
import { notifyOutbox } from '../outbox/outbox-signal.ts';
import { clientIp, enforceRateLimit, publicProcedure, router, type Context } from './trpc.ts';

const MINUTE_MS = 60_000;
const TOO_MANY_WAITLIST_REQUESTS = 'Too many requests. Please wait a minute and try again.';

function waitlistRule(ctx: Context, bucket: string) {
  return { bucket, max: ctx.config.rateLimits.waitlistPerMinute, windowMs: MINUTE_MS };
}

export const waitlistRouter = router({
  /** Joins the pre-launch waitlist. A known email in any letter case → CONFLICT "Email already registered". */
  join: publicProcedure.input(joinWaitlistSchema).mutation(async ({ ctx, input }): Promise<{ id: string }> => {
    await enforceRateLimit(ctx, waitlistRule(ctx, 'waitlist-join'), clientIp(ctx), TOO_MANY_WAITLIST_REQUESTS);
    const id = randomUUID();
    await runCreation(commandContext(ctx), waitlistJoin, id, { kind: 'Join', id, input });
    return { id };
  }),

  /** "Invite a friend to join": records the invite and queues its e-mail in the outbox. */
  invite: publicProcedure.input(sendInviteSchema).mutation(async ({ ctx, input }): Promise<{ id: string }> => {
    await enforceRateLimit(ctx, waitlistRule(ctx, 'waitlist-invite'), clientIp(ctx), TOO_MANY_WAITLIST_REQUESTS);
    const id = randomUUID();
    await runCommand(commandContext(ctx), waitlistInviteCommands, id, { kind: 'Invite', id, input });
    // Committed: the relay delivers the e-mail now rather than at its next poll.
    notifyOutbox();
    return { id };
  }),
});
