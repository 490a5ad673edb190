import { randomUUID } from 'node:crypto';
import { buildApplicationSubmission, practitionerApplicationSchema } from '@wellspring/domain';
import { applicationCommands } from '../commands/application.commands.ts';
import { commandContext, runCommand } from '../commands/run-command.ts';
import { notifyOutbox } from '../outbox/outbox-signal.ts';
import { clientIp, enforceRateLimit, publicProcedure, router, type Context } from './trpc.ts';

const MINUTE_MS = 60_000;
const TOO_MANY_APPLICATIONS = 'Too many requests. Please wait a minute and try again.';

/**
 * The page the form was sent from (the webhook body's `source`, docs/product.md#application). Over HTTP the origin
 * middleware has already required an allowed `Origin`; a server-side caller has none, so the site's
 * public address stands in.
 */
function pageOrigin(ctx: Context): string {
  const origin = ctx.req.headers.origin;
  return typeof origin === 'string' && origin !== '' && origin !== 'null' ? origin : ctx.config.relay.publicUrl;
}

export const applicationRouter = router({
  /**
   * A practitioner's application from /practitioner-waitlist. Stores it and queues its webhook POST
   * in the outbox in one transaction, then answers: success means it is stored, whatever the
   * webhook does later (the relay retries it).
   */
  submit: publicProcedure.input(practitionerApplicationSchema).mutation(async ({ ctx, input }): Promise<{ id: string }> => {
    await enforceRateLimit(ctx, { bucket: 'application-submit', max: ctx.config.rateLimits.applicationsPerMinute, windowMs: MINUTE_MS }, clientIp(ctx), TOO_MANY_APPLICATIONS);
    const id = randomUUID();
    const command = commandContext(ctx);
    // The body is fixed now, timestamp included, so every retry POSTs the same bytes.
    const submission = buildApplicationSubmission(input, { receiverEmail: ctx.config.relay.receiverEmail, submittedAt: command.now, source: pageOrigin(ctx) });
    await runCommand(command, applicationCommands, id, { kind: 'Submit', id, submission });
    notifyOutbox();
    return { id };
  }),
});
