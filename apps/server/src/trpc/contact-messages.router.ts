/**
 * Contact on a practitioner's public profile (issue 16). `send` is public: a visitor's message is
 * stored for the listing (and its account's practice) and its e-mail queued in the outbox in one
 * transaction, so success means it is stored; at most RATE_LIMIT_CONTACT_MAX per address per
 * RATE_LIMIT_CONTACT_WINDOW_MIN (5 per 10 minutes). `list` and `markRead` are the practice's: the
 * messages sent to the signed-in practitioner, and reading one.
 */
import { randomUUID } from 'node:crypto';
import { contactMessageIdSchema, contactPractitionerSchema, contactTexts } from '@wellspring/domain';
import { commandContext, runCommand } from '../commands/run-command.ts';
import { notifyOutbox } from '../outbox/outbox-signal.ts';
import { contactMessageCommands } from '../practice/contact-message.commands.ts';
import type { ReceivedContactMessages } from '../practice/contact-messages.repository.ts';
import { clientIp, enforceRateLimit, practitionerProcedure, publicProcedure, router } from './trpc.ts';

export const contactMessagesRouter = router({
  /** A visitor's message to the practitioner `practitionerId`; NOT_FOUND "We couldn't find the practitioner you're looking for." for an unknown one. */
  send: publicProcedure.input(contactPractitionerSchema).mutation(async ({ ctx, input }): Promise<{ id: string }> => {
    const { contactMax, contactWindowMs } = ctx.config.rateLimits;
    await enforceRateLimit(ctx, { bucket: 'contact-send', max: contactMax, windowMs: contactWindowMs }, clientIp(ctx), contactTexts.tooMany);
    const id = randomUUID();
    const { practitionerId, name, email, phone, message } = input;
    await runCommand(commandContext(ctx), contactMessageCommands(null, { name, email, phone, message }), id, { kind: 'Send', id, practitionerId });
    // Committed: the relay sends the e-mail now rather than at its next poll.
    notifyOutbox();
    return { id };
  }),

  /** The messages sent to the caller's practice, newest first, with the total and unread counts. */
  list: practitionerProcedure.query(({ ctx }): Promise<ReceivedContactMessages> => ctx.practice.contactMessages.listReceived()),

  /** Marks the caller's message `id` read (once; again changes nothing). Another practice's message is NOT_FOUND "Message not found.", as an unknown id. */
  markRead: practitionerProcedure.input(contactMessageIdSchema).mutation(async ({ ctx, input }): Promise<{ id: string; read: true }> => {
    await ctx.command(contactMessageCommands(ctx.scope), input.id, { kind: 'MarkRead', id: input.id, at: ctx.scope.now });
    return { id: input.id, read: true };
  }),
});
