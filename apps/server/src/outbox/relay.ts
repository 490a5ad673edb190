/**
 * The outbox relay (docs/architecture.md#outbox): delivers the side effects that `domain_event` rows wait for —
 * the practitioner application's webhook POST and the invitation, referral, RSVP and contact e-mails —
 * with retries.
 *
 * One pass: claim due events under a lease in one short statement (`FOR UPDATE SKIP LOCKED`, so
 * relays on several servers share the work without overlap), deliver them outside any transaction,
 * then record each outcome in a transaction that checks the lease is still ours: a
 * `delivery_attempt` row, and on the event either delivered, a retry time (exponential backoff with
 * jitter), or dead after the last attempt. Application events also move the application through its
 * state machine (relayed / relay_failed). Delivery is at least once: a worker that dies after
 * sending but before recording lets its lease run out and the event is sent again with the same
 * idempotency key (the event id), which receivers use to drop the copy.
 */
import { accountMailEvents, type ApplicationCommand } from '@wellspring/domain';
import { setTimeout as sleep } from 'node:timers/promises';
import { processLinkTokens, type LinkTokens } from '../auth/link-tokens.ts';
import type { RelayConfig } from '../config.ts';
import type { Database, DatabaseTransaction } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { applicationCommands } from '../commands/application.commands.ts';
import { executeCommand } from '../commands/run-command.ts';
import { eventById } from '../community/events.repository.ts';
import { composeRsvpMail, loadRsvpMail, rsvpFromPayload } from '../community/rsvp-mail.ts';
import {
  claimDueDeliveries,
  countPendingOutside,
  pendingDeliveries,
  recordDeliveryAttempt,
  releaseClaim,
  type ClaimedDelivery,
  type RecordedOutcome,
} from '../repositories/outbox.repository.ts';
import { composeContactMail, loadContactMail } from './contact-mail.ts';
import { accountEventFromPayload, composeAccountMail, loadAccountMail } from './account-mail.ts';
import { wantsMail } from './mail-preferences.ts';
import { bookingEventFromPayload, composeBookingMail, loadBookingMail } from './booking-mail.ts';
import { delivered, describeError, failed, type DeliveryOutcome } from './delivery.ts';
import { createInviteMailer, createMailTransport, inviteFromPayload } from './invite-mail.ts';
import { composeReferralMail, loadReferralMail } from './referral-mail.ts';
import { composeInvoiceMail, loadInvoiceMail } from './invoice-mail.ts';
import { onOutboxNotified } from './outbox-signal.ts';
import { postWebhook, webhookBodyFromPayload } from './webhook.ts';

/** How long `stop()` lets in-flight deliveries finish before abandoning them. */
const DEFAULT_STOP_GRACE_MS = 5_000;

/**
 * Wait before retry `attempt` (the attempt that just failed, from 1): base × 2^(attempt−1), capped,
 * then "equal jitter" — a random point in its upper half — so retries of many events that failed
 * together spread out instead of arriving together.
 */
export function retryDelayMs(attempt: number, baseDelayMs: number, maxDelayMs: number, random: () => number = Math.random): number {
  const exponential = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential / 2 + random() * (exponential / 2));
}

interface RelayPass {
  /** Events claimed (and tried) in this pass. */
  readonly claimed: number;
  readonly delivered: number;
  /** Failed, to be retried. */
  readonly retrying: number;
  readonly dead: number;
  /** Given back unrecorded: the relay stopped mid-delivery, or another worker took over the lease. */
  readonly abandoned: number;
}

const emptyPass: RelayPass = { claimed: 0, delivered: 0, retrying: 0, dead: 0, abandoned: 0 };

const addPasses = (a: RelayPass, b: RelayPass): RelayPass => ({
  claimed: a.claimed + b.claimed,
  delivered: a.delivered + b.delivered,
  retrying: a.retrying + b.retrying,
  dead: a.dead + b.dead,
  abandoned: a.abandoned + b.abandoned,
});

export interface Relay {
  /** Runs the worker loop: a pass, then wait `pollMs` or until woken. */
  start(): void;
  /**
   * Stops the loop. In-flight deliveries get `graceMs` to finish and be recorded; after that they
   * are aborted and their leases given back unrecorded (the receiver may see them again, with the
   * same idempotency key).
   */
  stop(options?: { graceMs?: number }): Promise<void>;
  /** Runs a pass now (the loop's next one, or one on demand when the loop is not running). */
  wake(): void;
  /** One pass: claim what is due, deliver it, record it. */
  runOnce(): Promise<RelayPass>;
  /**
   * Passes until nothing this relay can deliver is pending (waiting out retry delays), or throws
   * after `timeoutMs`. Dead letters are not pending, nor are deliveries scheduled for later than any
   * retry could wait (a reminder due tomorrow).
   */
  drain(options?: { timeoutMs?: number }): Promise<RelayPass>;
}

export interface RelayOptions {
  readonly db: Database;
  readonly config: RelayConfig;
  readonly logger: Logger;
  /** The jitter's random source, in [0, 1). */
  readonly random?: () => number;
  /** The tokens of the private links e-mails carry; without them (tests) the process's key. */
  readonly links?: LinkTokens;
}

interface DeliveryHandler {
  deliver(claim: ClaimedDelivery, signal: AbortSignal): Promise<DeliveryOutcome>;
  /** Runs in the transaction that records the attempt (only when the lease was still ours). */
  afterAttempt?(tx: DatabaseTransaction, claim: ClaimedDelivery, outcome: DeliveryOutcome, at: Date): Promise<void>;
}

/** Resolves with a failure when `signal` aborts: a sender that ignores the signal cannot hang a pass. */
function whenAborted(signal: AbortSignal): { promise: Promise<DeliveryOutcome>; dispose(): void } {
  let onAbort = (): void => undefined;
  const promise = new Promise<DeliveryOutcome>((resolve) => {
    onAbort = () => resolve(failed(describeError(undefined, signal)));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  return { promise, dispose: () => signal.removeEventListener('abort', onAbort) };
}

export function createRelay({ db, config, logger: parentLogger, random = Math.random, links = processLinkTokens() }: RelayOptions): Relay {
  const logger = parentLogger.child({ component: 'outbox-relay' });
  const transport = createMailTransport(config);
  const mailer = createInviteMailer(config, transport);

  const handlers = new Map<string, DeliveryHandler>();
  // An e-mail its recipient turned off in Settings: done, unsent.
  const skippedByPreference = (claim: { id: string; type: string }) => {
    logger.info({ eventId: claim.id, type: claim.type }, 'e-mail turned off by its recipient: not sent');
    return delivered();
  };
  if (config.webhookUrl) {
    const webhookUrl = config.webhookUrl;
    handlers.set('ApplicationSubmitted', {
      async deliver(claim, signal) {
        const body = webhookBodyFromPayload(claim.payload);
        if (!body) return failed('unreadable ApplicationSubmitted payload', null, true);
        return postWebhook({ url: webhookUrl, secret: config.webhookSecret, idempotencyKey: claim.id, eventType: claim.type, body: JSON.stringify(body), signal });
      },
      afterAttempt: (tx, claim, outcome, at) => recordApplicationRelay(tx, claim, outcome, at),
    });
  }
  handlers.set('InviteSent', {
    async deliver(claim) {
      const invite = inviteFromPayload(claim.id, claim.payload);
      if (!invite) return failed('unreadable InviteSent payload', null, true);
      return mailer.send(invite);
    },
  });
  // The referral e-mail, on sending and on every resend: the referral as it is when the e-mail goes out.
  const referralMail: DeliveryHandler = {
    async deliver(claim) {
      const mail = await loadReferralMail(db, claim.id, claim.aggregateId);
      if (!mail) return failed(`no referral ${claim.aggregateId} for ${claim.type}`, null, true);
      if (!(await wantsMail(db, mail.refereeEmail, 'referrals'))) return skippedByPreference(claim);
      return transport.send(composeReferralMail(mail, config), claim.id);
    },
  };
  handlers.set('ReferralSent', referralMail);
  handlers.set('ReferralResent', referralMail);
  handlers.set('RsvpConfirmed', {
    async deliver(claim) {
      const rsvp = rsvpFromPayload(claim.payload);
      if (!rsvp) return failed('unreadable RsvpConfirmed payload', null, true);
      const mail = await loadRsvpMail(db, claim.id, rsvp);
      if (!mail) return failed(`no account ${rsvp.userId} for RsvpConfirmed`, null, true);
      if (!(await wantsMail(db, mail.email, 'communityEvents'))) return skippedByPreference(claim);
      const event = await eventById(db, mail.communityEventId, null);
      if (!event) return failed(`no community event ${mail.communityEventId}`, null, true);
      return transport.send(composeRsvpMail(mail, event, { mailFrom: config.mailFrom, publicUrl: config.publicUrl, now: new Date() }), claim.id);
    },
  });
  // A message from a practitioner's public profile: to the listing's account, or RECEIVER_EMAIL.
  handlers.set('ContactMessageSent', {
    async deliver(claim) {
      const mail = await loadContactMail(db, claim.id, claim.aggregateId);
      if (!mail) return failed(`no contact message ${claim.aggregateId}`, null, true);
      if (mail.accountEmail && !(await wantsMail(db, mail.accountEmail, 'contactMessages'))) return skippedByPreference(claim);
      return transport.send(composeContactMail(mail, config), claim.id);
    },
  });
  // An online booking's e-mails to its patient (issue 24): each event as the booking is when it goes
  // out; one no longer worth sending (a reminder after a cancellation or a move) is done unsent.
  const bookingMail: DeliveryHandler = {
    async deliver(claim) {
      const event = bookingEventFromPayload(claim.payload);
      if (!event) return failed(`unreadable ${claim.type} payload`, null, true);
      const facts = await loadBookingMail(db, claim.aggregateId);
      if (!facts) return failed(`no booking ${claim.aggregateId} for ${claim.type}`, null, true);
      const mail = composeBookingMail(claim.id, event, facts, { mailFrom: config.mailFrom, publicUrl: config.publicUrl, links, now: new Date() });
      if (!mail) {
        logger.info({ eventId: claim.id, type: claim.type }, 'booking e-mail no longer applies: not sent');
        return delivered();
      }
      return transport.send(mail, claim.id);
    },
  };
  for (const type of ['BookingMade', 'BookingConfirmed', 'BookingCancelled', 'BookingMoved', 'BookingReminderScheduled', 'EarlierTimeOffered']) handlers.set(type, bookingMail);
  // Account security (issue 25): a link or a notice to the account holder, as the account is now.
  const accountMail: DeliveryHandler = {
    async deliver(claim) {
      const event = accountEventFromPayload(claim.payload);
      if (!event) return failed(`unreadable ${claim.type} payload`, null, true);
      const now = new Date();
      const facts = await loadAccountMail(db, event, now);
      if (!facts) return failed(`no account ${event.userId} for ${claim.type}`, null, true);
      const mail = composeAccountMail(claim.id, event, facts, { mailFrom: config.mailFrom, publicUrl: config.publicUrl, links });
      if (!mail) {
        logger.info({ eventId: claim.id, type: claim.type }, 'account e-mail no longer applies: not sent');
        return delivered();
      }
      return transport.send(mail, claim.id);
    },
  };
  for (const type of accountMailEvents) handlers.set(type, accountMail);
  // An issued invoice to its patient (issue 26), its PDF rendered from the invoice as it is now.
  handlers.set('InvoiceSent', {
    async deliver(claim) {
      const invoice = await loadInvoiceMail(db, claim.aggregateId);
      if (!invoice) return failed(`no invoice ${claim.aggregateId} to e-mail`, null, true);
      return transport.send(await composeInvoiceMail(claim.id, invoice, config, new Date()), claim.id);
    },
  });
  const types = [...handlers.keys()];

  /**
   * Moves the application through its machine (relayed / relay_failed) with the one command
   * runner, inside the transaction that records the attempt. The relay is nobody's request: its
   * events carry no actor and no request id.
   */
  async function recordApplicationRelay(tx: DatabaseTransaction, claim: ClaimedDelivery, outcome: DeliveryOutcome, at: Date): Promise<void> {
    const command: ApplicationCommand = outcome.ok ? { kind: 'RecordRelaySuccess', at } : { kind: 'RecordRelayFailure', at, reason: outcome.error ?? 'failed' };
    const result = await executeCommand(tx, { actor: { userId: null }, requestId: null, now: at }, applicationCommands, claim.aggregateId, command);
    if (!result.ok) {
      logger.warn({ eventId: claim.id, applicationId: claim.aggregateId, reason: result.error.message }, 'application relay outcome not recorded');
    }
  }

  if (config.webhookUrl && !config.webhookSecret) {
    logger.warn('WEBHOOK_SECRET is not set: application webhooks are sent without an X-Wellspring-Signature header');
  }
  let warnedNoWebhook = false;
  async function warnAboutUndeliverable(): Promise<void> {
    if (config.webhookUrl || warnedNoWebhook) return;
    const waiting = (await countPendingOutside(db, types)).find((row) => row.type === 'ApplicationSubmitted');
    if (!waiting) return;
    warnedNoWebhook = true;
    logger.warn({ pending: waiting.count }, 'WEBHOOK_URL is not set: practitioner applications stay queued in the outbox until it is');
  }

  let stopController = new AbortController();

  async function deliverOne(claim: ClaimedDelivery): Promise<RecordedOutcome | { kind: 'abandoned' }> {
    const handler = handlers.get(claim.type);
    const startedAt = new Date();
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(new Error(`timed out after ${config.timeoutMs} ms`)), config.timeoutMs);
    const signal = AbortSignal.any([timeout.signal, stopController.signal]);
    const aborted = whenAborted(signal);
    let outcome: DeliveryOutcome;
    try {
      outcome = handler
        ? await Promise.race([handler.deliver(claim, signal), aborted.promise])
        : failed(`no sender for ${claim.type}`, null, true);
    } catch (error) {
      outcome = failed(describeError(error, signal));
    } finally {
      clearTimeout(timer);
      aborted.dispose();
    }
    if (!outcome.ok && stopController.signal.aborted) {
      await releaseClaim(db, claim);
      logger.info({ eventId: claim.id, type: claim.type }, 'delivery abandoned: relay stopping');
      return { kind: 'abandoned' };
    }

    const finishedAt = new Date();
    const attempt = claim.attempts + 1;
    const recorded = await db.$transaction(async (tx) => {
      const result = await recordDeliveryAttempt(
        tx,
        claim,
        { startedAt, finishedAt, succeeded: outcome.ok, statusCode: outcome.statusCode, error: outcome.error },
        { maxAttempts: config.maxAttempts, retryDelayMs: retryDelayMs(attempt, config.baseDelayMs, config.maxDelayMs, random), permanent: outcome.permanent },
      );
      if (result.kind !== 'lease_lost') await handler?.afterAttempt?.(tx, claim, outcome, finishedAt);
      return result;
    });
    const fields = { eventId: claim.id, type: claim.type, attempt, statusCode: outcome.statusCode, error: outcome.error };
    if (recorded.kind === 'delivered') logger.info(fields, 'delivered');
    else if (recorded.kind === 'retry') logger.warn(fields, 'delivery failed; will retry');
    else if (recorded.kind === 'dead') logger.error(fields, `delivery failed; dead-lettered after ${attempt} attempt(s)`);
    else logger.warn(fields, 'lease lost before the outcome was recorded; another worker owns the event');
    return recorded;
  }

  async function runOnce(): Promise<RelayPass> {
    await warnAboutUndeliverable();
    const claims = await claimDueDeliveries(db, { types, limit: config.batchSize, leaseMs: config.timeoutMs + config.leaseMarginMs });
    if (claims.length === 0) return emptyPass;
    const results = await Promise.all(
      claims.map((claim) =>
        deliverOne(claim).catch((error: unknown) => {
          // Recording failed (database unreachable?): the lease runs out and the event is retried.
          logger.error({ err: error, eventId: claim.id }, 'could not record a delivery attempt');
          return { kind: 'abandoned' as const };
        }),
      ),
    );
    const count = (kind: string) => results.filter((result) => result.kind === kind).length;
    return {
      claimed: claims.length,
      delivered: count('delivered'),
      retrying: count('retry'),
      dead: count('dead'),
      abandoned: count('abandoned') + count('lease_lost'),
    };
  }

  async function drain({ timeoutMs = 30_000 }: { timeoutMs?: number } = {}): Promise<RelayPass> {
    const deadline = Date.now() + timeoutMs;
    let total = emptyPass;
    for (;;) {
      const pass = await runOnce();
      total = addPasses(total, pass);
      if (pass.claimed > 0) continue;
      // Waits for the retries of the moment, not for scheduled deliveries (a reminder's first attempt).
      const pending = await pendingDeliveries(db, types, config.maxDelayMs + config.leaseMarginMs + config.timeoutMs);
      if (pending.count === 0) return total;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`relay drain: ${pending.count} deliveries still pending after ${timeoutMs} ms`);
      await sleep(Math.min(Math.max(pending.nextDueInMs ?? 0, 5), 250, left));
    }
  }

  // The worker loop.
  let loop: Promise<void> | null = null;
  let stopping = false;
  let woken = false;
  let interruptIdle: (() => void) | null = null;
  let unsubscribe: (() => void) | null = null;

  function wake(): void {
    woken = true;
    interruptIdle?.();
  }

  async function idle(ms: number): Promise<void> {
    if (!woken) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        timer.unref();
        function done(): void {
          clearTimeout(timer);
          interruptIdle = null;
          resolve();
        }
        interruptIdle = done;
      });
    }
    woken = false;
  }

  async function runLoop(): Promise<void> {
    while (!stopping) {
      let pass: RelayPass | null = null;
      try {
        pass = await runOnce();
      } catch (error) {
        logger.warn({ err: error }, 'relay pass failed; retrying at the next poll');
      }
      if (stopping) break;
      // A full batch means more may be due right now.
      if (pass && pass.claimed >= config.batchSize) continue;
      await idle(config.pollMs);
    }
  }

  return {
    start() {
      if (loop) return;
      stopping = false;
      stopController = new AbortController();
      unsubscribe = onOutboxNotified(wake);
      loop = runLoop();
      logger.info({ types, pollMs: config.pollMs, maxAttempts: config.maxAttempts }, 'outbox relay started');
    },
    async stop({ graceMs = DEFAULT_STOP_GRACE_MS } = {}) {
      unsubscribe?.();
      unsubscribe = null;
      if (loop) {
        stopping = true;
        wake();
        const current = loop;
        const finished = await Promise.race([current.then(() => true), sleep(graceMs, false, { ref: false })]);
        if (!finished) {
          stopController.abort(new Error('relay stopping'));
          await current;
        }
        loop = null;
        logger.info('outbox relay stopped');
      }
      mailer.close();
    },
    wake,
    runOnce,
    drain,
  };
}
