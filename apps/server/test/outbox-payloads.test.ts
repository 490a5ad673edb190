/**
 * The relay reads stored event payloads with the domain's event schemas (no copy of them here):
 * what the machines emit is read back, anything else is refused (and dead-lettered by the relay).
 */
import {
  buildApplicationSubmission,
  decideApplication,
  decideWaitlist,
  initialApplication,
  initialWaitlistEntry,
  practitionerApplicationSchema,
} from '@wellspring/domain';
import { describe, expect, it } from 'vitest';
import { inviteFromPayload } from '../src/outbox/invite-mail.ts';
import { webhookBodyFromPayload } from '../src/outbox/webhook.ts';

/** What the server stores: the event as JSON (jsonb keeps no key order, so reverse it). */
const stored = (event: object): unknown => {
  const reversed = (value: unknown): unknown =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).reverse().map(([key, inner]) => [key, reversed(inner)]))
      : value;
  return reversed(JSON.parse(JSON.stringify(event)));
};

describe('ApplicationSubmitted payload', () => {
  const submission = buildApplicationSubmission(
    practitionerApplicationSchema.parse({ name: 'Ravi Patel', email: 'ravi@example.test', phone: '5035550142', specialties: 'Ayurveda', experience: '3-5', acceptTerms: true }),
    { receiverEmail: 'team@wellspring.test', submittedAt: new Date('2025-06-16T12:00:00Z'), source: 'https://wellspring.test' },
  );
  const decision = decideApplication(initialApplication, { kind: 'Submit', id: 'app-1', submission });
  const event = decision.ok ? decision.events[0] : undefined;
  const payload = stored(event ?? {}) as Record<string, unknown> & { submission: Record<string, unknown> };

  it('gives the webhook body in the spec order', () => {
    const body = webhookBodyFromPayload(payload);
    expect(body).toEqual(submission);
    expect(Object.keys(body ?? {})).toEqual(['name', 'email', 'phone', 'specialties', 'experience', 'website', 'message', 'acceptTerms', 'formType', 'receiverEmail', 'timestamp', 'source']);
  });

  it('refuses what is not an ApplicationSubmitted event', () => {
    expect(webhookBodyFromPayload({ ...payload, type: 'InviteSent' })).toBeNull();
    expect(webhookBodyFromPayload({ submission: payload.submission })).toBeNull();
    expect(webhookBodyFromPayload({ ...payload, submission: { ...payload.submission, formType: 'practitioner_quick' } })).toBeNull();
    expect(webhookBodyFromPayload({ ...payload, submission: { ...payload.submission, timestamp: 'yesterday' } })).toBeNull();
    expect(webhookBodyFromPayload({})).toBeNull();
    expect(webhookBodyFromPayload(null)).toBeNull();
  });
});

describe('InviteSent payload', () => {
  const decision = decideWaitlist(
    initialWaitlistEntry,
    { kind: 'Invite', id: 'inv-1', input: { yourName: ' Ada Lovelace ', friendEmail: ' Friend@Example.test ', waitlistType: 'practitioner' } },
    { emailTaken: false },
  );
  const payload = stored((decision.ok ? decision.events[0] : undefined) ?? {}) as Record<string, unknown>;

  it('gives the invite of the event', () => {
    expect(inviteFromPayload('evt-1', payload)).toEqual({ eventId: 'evt-1', friendEmail: 'friend@example.test', yourName: 'Ada Lovelace', waitlistType: 'practitioner' });
  });

  it('refuses what is not an InviteSent event', () => {
    expect(inviteFromPayload('evt-1', { ...payload, type: 'WaitlistJoined' })).toBeNull();
    expect(inviteFromPayload('evt-1', { ...payload, friendEmail: 'not an address' })).toBeNull();
    expect(inviteFromPayload('evt-1', { ...payload, waitlistType: 'physician' })).toBeNull();
    const { type: _type, ...untyped } = payload;
    expect(inviteFromPayload('evt-1', untyped)).toBeNull();
  });
});
