/**
 * The practitioner application's webhook POST (docs/product.md#application, docs/product.md#what-is-stored).
 *
 * Headers a receiver can rely on:
 * - `Content-Type: application/json`; the body is the spec's JSON, identical on every retry.
 * - `Idempotency-Key: <event id>`: the same on every try of one application, so a receiver that
 *   sees it twice (a retry after a lost answer, a lease that ran out) can drop the copy.
 * - `X-Wellspring-Signature: sha256=<hex>`: HMAC-SHA256 of the exact body bytes with
 *   WEBHOOK_SECRET. Verify it over the raw body before parsing, with a constant-time comparison.
 * - `X-Wellspring-Event: ApplicationSubmitted`.
 */
import { createHmac } from 'node:crypto';
import { applicationSubmittedEventSchema, buildApplicationSubmission, type ApplicationSubmission } from '@wellspring/domain';
import { delivered, describeError, failed, truncate, type DeliveryOutcome } from './delivery.ts';

const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
const SIGNATURE_HEADER = 'X-Wellspring-Signature';
const EVENT_HEADER = 'X-Wellspring-Event';

/** `sha256=<hex HMAC-SHA256 of body>`: the X-Wellspring-Signature value. */
function signWebhookBody(body: string | Uint8Array, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * The webhook body from a stored `ApplicationSubmitted` payload (read with the domain's event
 * schema), rebuilt through the domain's builder so the fields come in the spec's order (jsonb does
 * not keep key order). Null when the payload is not an ApplicationSubmitted event.
 */
export function webhookBodyFromPayload(payload: unknown): ApplicationSubmission | null {
  const parsed = applicationSubmittedEventSchema.safeParse(payload);
  if (!parsed.success) return null;
  const { formType: _formType, receiverEmail, timestamp, source, ...application } = parsed.data.submission;
  return buildApplicationSubmission(application, { receiverEmail, submittedAt: new Date(timestamp), source });
}

export interface WebhookRequest {
  readonly url: string;
  readonly secret: string | undefined;
  readonly idempotencyKey: string;
  readonly eventType: string;
  readonly body: string;
  /** Aborts the request: the delivery timeout, or the worker stopping. */
  readonly signal: AbortSignal;
}

/** One POST. 2xx is success; any other answer, a timeout or a network error is a failure. */
export async function postWebhook(request: WebhookRequest): Promise<DeliveryOutcome> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': 'Wellspring-Relay/1',
    [IDEMPOTENCY_KEY_HEADER]: request.idempotencyKey,
    [EVENT_HEADER]: request.eventType,
  };
  if (request.secret) headers[SIGNATURE_HEADER] = signWebhookBody(request.body, request.secret);
  try {
    // No redirects: a signed body goes to the configured address or nowhere.
    const response = await fetch(request.url, { method: 'POST', headers, body: request.body, redirect: 'manual', signal: request.signal });
    const text = await response.text().catch(() => '');
    if (response.status >= 200 && response.status < 300) return delivered(response.status);
    const detail = text.trim() === '' ? '' : `: ${truncate(text.trim().replace(/\s+/g, ' '), 200)}`;
    return failed(`HTTP ${response.status}${detail}`, response.status);
  } catch (error) {
    return failed(describeError(error, request.signal));
  }
}
