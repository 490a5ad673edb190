import { randomUUID } from 'node:crypto';
import { buildApplicationSubmission, decideApplication, initialApplication, practitionerApplicationSchema } from '@wellspring/domain';
import { applicationEventToStored, insertApplicationWithEvents } from '../repositories/application.repository.ts';
import { notifyOutbox } from '../outbox/outbox-signal.ts';
import { clientIp, domainErrorToTrpc, enforceRateLimit, publicProcedure, router, type Context } from './trpc.ts';

const MINUTE_MS = 60_000;
const TOO_MANY_APPLICATIONS = 'Too many requests. Please wait a minute and try again.';

/**
 * The page the form was sent from (the webhook body's `source`, SPEC §7.3). Over HTTP the origin
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
    const submittedAt = new Date();
    // The body is fixed now, timestamp included, so every retry POSTs the same bytes.
    const submission = buildApplicationSubmission(input, { receiverEmail: ctx.config.relay.receiverEmail, submittedAt, source: pageOrigin(ctx) });
    const decision = decideApplication(initialApplication, { kind: 'Submit', id, submission });
    if (!decision.ok) throw domainErrorToTrpc(decision.error);
    const stored = await insertApplicationWithEvents(ctx.db, { id, submission, submittedAt }, decision.events.map(applicationEventToStored));
    notifyOutbox();
    return { id: stored.id };
  }),
});
