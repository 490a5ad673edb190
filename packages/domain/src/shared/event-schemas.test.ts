/**
 * Every machine's events read back through its zod schema (what the server's command runner and
 * outbox relay rely on: a stored payload is parsed, never cast), and a payload that does not fit
 * is refused rather than passed to `evolve`.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { applicationEventSchema, decideApplication, evolveApplication, initialApplication, type ApplicationEvent } from '../applications/practitioner-application.machine.ts';
import { buildApplicationSubmission, practitionerApplicationSchema } from '../applications/practitioner-application.schema.ts';
import { appointmentEventSchema, decideAppointment, evolveAppointment, initialAppointment, type AppointmentCommand, type AppointmentEvent } from '../appointments/appointment.machine.ts';
import { contactMessageEventSchema, decideContactMessage, evolveContactMessage, initialContactMessage, type ContactMessageCommand, type ContactMessageEvent } from '../contact/contact-message.machine.ts';
import { clinicalNoteEventSchema, decideClinicalNote, evolveClinicalNote, initialClinicalNote, type ClinicalNoteCommand, type ClinicalNoteEvent } from '../clinical-notes/clinical-note.machine.ts';
import { decidePayment, evolvePayment, initialPayment, paymentEventSchema, type PaymentCommand, type PaymentEvent } from '../payments/payment.machine.ts';
import { decidePractitionerProfile, evolvePractitionerProfile, initialPractitionerProfile, practitionerProfileEventSchema, type PractitionerProfileCommand, type PractitionerProfileEvent } from '../profile/practitioner-profile.machine.ts';
import { decideReferralCode, evolveReferralCode, initialReferralCode, referralCodeEventSchema, type ReferralCodeCommand, type ReferralCodeEvent } from '../referrals/referral-code.machine.ts';
import { decideReferralRedemption, evolveReferralRedemption, initialReferralRedemption, referralRedemptionEventSchema, type ReferralRedemptionEvent } from '../referrals/referral-redemption.machine.ts';
import { decideReferral, evolveReferral, initialReferral, referralEventSchema, type Actor, type ReferralCommand, type ReferralEvent } from '../referrals/referral.machine.ts';
import { decideWaitlist, initialWaitlistEntry, waitlistEventSchema, type WaitlistCommand, type WaitlistEvent } from '../waitlist/waitlist.machine.ts';
import type { Decision } from './decision.ts';

const now = new Date('2025-06-16T18:00:00.000Z');

/** Runs commands through decide/evolve and returns every event, failing on a rejection. */
function history<State, Command, Event>(initial: State, decide: (state: State, command: Command) => Decision<Event>, evolve: (state: State, event: Event) => State, commands: readonly Command[]): Event[] {
  const events: Event[] = [];
  let state = initial;
  for (const command of commands) {
    const decision = decide(state, command);
    if (!decision.ok) throw new Error(decision.error.message);
    events.push(...decision.events);
    state = decision.events.reduce(evolve, state);
  }
  return events;
}

/** Stored as JSON (the domain_event payload column), then read back through the schema. */
const readBack = <Event>(schema: z.ZodType<Event>, event: Event): Event => schema.parse(JSON.parse(JSON.stringify(event)));

const owner: Actor = { kind: 'user', id: 'owner-1' };
const friend: Actor = { kind: 'user', id: 'friend-1' };

const histories = {
  waitlist: {
    schema: waitlistEventSchema,
    events: [
      ...history(initialWaitlistEntry, (state, command: WaitlistCommand) => decideWaitlist(state, command, { emailTaken: false }), (state) => state, [
        { kind: 'Join', id: 'w1', input: { name: 'Ana', email: 'ana@example.com', type: 'patient' } },
        { kind: 'Invite', id: 'i1', input: { yourName: 'Ana', friendEmail: 'Bo@Example.com', waitlistType: 'practitioner' } },
      ] satisfies WaitlistCommand[]),
    ] satisfies WaitlistEvent[],
  },
  application: {
    schema: applicationEventSchema,
    events: history(initialApplication, decideApplication, evolveApplication, [
      {
        kind: 'Submit',
        id: 'app-1',
        submission: buildApplicationSubmission(
          practitionerApplicationSchema.parse({ name: 'Jane Doe', email: 'jane@example.com', phone: '5035550142', specialties: 'Acupuncture', experience: '6-10', acceptTerms: true }),
          { receiverEmail: 'team@wellspring.test', submittedAt: now, source: 'https://wellspring.test' },
        ),
      },
      { kind: 'RecordRelayFailure', at: now, reason: 'HTTP 503' },
      { kind: 'RecordRelaySuccess', at: now },
    ]) satisfies ApplicationEvent[],
  },
  appointment: {
    schema: appointmentEventSchema,
    events: history(initialAppointment, decideAppointment, evolveAppointment, [
      { kind: 'Schedule', id: 'a1', startsAt: '2025-06-16T10:00:00-07:00', durationMinutes: 60, mode: 'virtual' },
      { kind: 'Reschedule', startsAt: '2025-06-17T17:00:00Z', durationMinutes: 45 },
      { kind: 'Confirm' },
      { kind: 'Cancel' },
    ] satisfies AppointmentCommand[]) satisfies AppointmentEvent[],
  },
  completedAppointment: {
    schema: appointmentEventSchema,
    events: history(initialAppointment, decideAppointment, evolveAppointment, [
      { kind: 'Schedule', id: 'a2', startsAt: '2025-06-16T17:00:00Z', durationMinutes: 30, mode: 'in-person' },
      { kind: 'Confirm' },
      { kind: 'Complete' },
      { kind: 'SetCodes', cptCodes: ['99213'], icd10Codes: ['M54.5'] },
      { kind: 'Delete' },
    ] satisfies AppointmentCommand[]) satisfies AppointmentEvent[],
  },
  payment: {
    schema: paymentEventSchema,
    events: history(initialPayment, decidePayment, evolvePayment, [
      { kind: 'Record', id: 'pay-1', amountMinor: 8500, currency: 'eur', method: 'bank_transfer', status: 'completed' },
      { kind: 'Refund' },
    ] satisfies PaymentCommand[]) satisfies PaymentEvent[],
  },
  clinicalNote: {
    schema: clinicalNoteEventSchema,
    events: history(initialClinicalNote, (state, command: ClinicalNoteCommand) => decideClinicalNote(state, command, { userId: 'dr-1', now }), evolveClinicalNote, [
      { kind: 'CreateDraft', id: 'n1', patientId: 'p1', recordType: 'soap', content: { subjective: 'Tired', objective: '', assessment: 'Fatigue', plan: 'Rest' } },
      { kind: 'EditDraft', content: { subjective: 'Tired', objective: 'BP 120/80', assessment: 'Fatigue', plan: 'Rest' } },
      { kind: 'Sign' },
      { kind: 'AddAddendum', addendumId: 'ad1', text: 'Lab results reviewed.' },
    ]) satisfies ClinicalNoteEvent[],
  },
  referral: {
    schema: referralEventSchema,
    events: [
      ...history(initialReferral, (state, command: ReferralCommand) => decideReferral(state, command, { actor: command.kind === 'Accept' || command.kind === 'Complete' ? friend : owner, now }), evolveReferral, [
        { kind: 'Send', id: 'r1', senderId: 'owner-1', receiverId: 'friend-1', expiresAt: '2025-07-16T18:00:00.000Z' },
        { kind: 'Resend' },
        { kind: 'Accept' },
        { kind: 'Complete' },
      ] satisfies ReferralCommand[]),
    ] satisfies ReferralEvent[],
  },
  contactMessage: {
    schema: contactMessageEventSchema,
    events: history(initialContactMessage, decideContactMessage, evolveContactMessage, [
      { kind: 'Send', id: 'm1', practitionerId: '1' },
      { kind: 'MarkRead', id: 'm1', at: now },
    ] satisfies ContactMessageCommand[]) satisfies ContactMessageEvent[],
  },
  referralCode: {
    schema: referralCodeEventSchema,
    events: history(initialReferralCode, (state, command: ReferralCodeCommand) => decideReferralCode(state, command, { actor: command.kind === 'Redeem' ? friend : owner, now }), evolveReferralCode, [
      { kind: 'Create', id: 'c1', code: ' well-50 ', ownerId: 'owner-1', maxUsage: 3, expiryDate: null, reward: 50 },
      { kind: 'Deactivate' },
      { kind: 'Activate' },
      { kind: 'Redeem', referralId: 'r1' },
      { kind: 'Delete' },
    ]) satisfies ReferralCodeEvent[],
  },
  practitionerProfile: {
    schema: practitionerProfileEventSchema,
    events: history(initialPractitionerProfile, decidePractitionerProfile, evolvePractitionerProfile, [
      { kind: 'AddPhoto', photoId: 'ph1' },
      { kind: 'Publish', newPractitionerId: 'l1', photo: 'uploaded' },
      { kind: 'Publish', newPractitionerId: 'l2', photo: 'unchanged' },
    ] satisfies PractitionerProfileCommand[]) satisfies PractitionerProfileEvent[],
  },
  referralRedemption: {
    schema: referralRedemptionEventSchema,
    events: [
      ...history(initialReferralRedemption, decideReferralRedemption, evolveReferralRedemption, [{ kind: 'Record', id: 'x1', codeId: 'c1', referralId: 'r1', rewards: { referrer: 50, referee: 50 } }]),
      ...history(initialReferralRedemption, decideReferralRedemption, evolveReferralRedemption, [{ kind: 'Record', id: 'x2', codeId: 'c1', referralId: null, rewards: { referrer: 0, referee: 0 } }]),
    ] satisfies ReferralRedemptionEvent[],
  },
};

describe('machine event schemas', () => {
  it.each(Object.entries(histories))('%s: every event of a full history reads back, equal, from its stored JSON', (_name, { schema, events }) => {
    expect(events.length).toBeGreaterThan(1);
    for (const event of events) expect(readBack<unknown>(schema, event)).toEqual(event);
  });

  it('covers every event type of the new schemas at least once', () => {
    const types = new Set(Object.values(histories).flatMap(({ events }) => events.map((event) => event.type)));
    for (const schema of [appointmentEventSchema, clinicalNoteEventSchema, referralCodeEventSchema, paymentEventSchema, contactMessageEventSchema, practitionerProfileEventSchema, referralRedemptionEventSchema]) {
      for (const option of schema.options) expect(types).toContain(option.shape.type.value);
    }
    // The referral's Decline, Cancel and Expire end other histories; their schemas are the Accept one's shape.
    for (const type of ['ReferralSent', 'ReferralResent', 'ReferralAccepted', 'ReferralCompleted']) expect(types).toContain(type);
  });

  it.each([
    ['an unknown event type', appointmentEventSchema, { type: 'AppointmentPostponed', id: 'a1' }],
    ['a start that is not an ISO instant', appointmentEventSchema, { type: 'AppointmentScheduled', id: 'a1', startsAt: 'next Tuesday', durationMinutes: 60, mode: 'virtual' }],
    ['a duration that is not a positive whole number', appointmentEventSchema, { type: 'AppointmentRescheduled', id: 'a1', startsAt: '2025-06-16T17:00:00.000Z', durationMinutes: 0 }],
    ['an unknown mode', appointmentEventSchema, { type: 'AppointmentScheduled', id: 'a1', startsAt: '2025-06-16T17:00:00.000Z', durationMinutes: 60, mode: 'phone' }],
    ['a cancellation without its id', appointmentEventSchema, { type: 'AppointmentCancelled' }],
    ['a note without its SOAP plan length', clinicalNoteEventSchema, { type: 'NoteEdited', id: 'n1', lengths: { subjective: 0, objective: 0, assessment: 0 }, at: now.toISOString() }],
    ['an unknown record type', clinicalNoteEventSchema, { type: 'NoteDrafted', id: 'n1', patientId: 'p1', authorId: 'dr', recordType: 'memo', lengths: { subjective: 0, objective: 0, assessment: 0, plan: 0 }, at: now.toISOString() }],
    ['an empty addendum', clinicalNoteEventSchema, { type: 'AddendumAdded', id: 'n1', addendum: { id: 'ad', length: 0, authorId: 'dr', at: now.toISOString() } }],
    ['a referral step without its time', referralEventSchema, { type: 'ReferralAccepted', id: 'r1' }],
    ['a code that breaks the code pattern', referralCodeEventSchema, { type: 'ReferralCodeCreated', id: 'c1', code: 'well 50', ownerId: 'o', maxUsage: null, expiryDate: null, reward: 50 }],
    ['a fractional reward', referralCodeEventSchema, { type: 'ReferralCodeCreated', id: 'c1', code: 'WELL-50', ownerId: 'o', maxUsage: null, expiryDate: null, reward: 12.5 }],
    ['a redemption counted as zero uses', referralCodeEventSchema, { type: 'ReferralCodeRedeemed', id: 'c1', referralId: 'r', usageCount: 0, rewards: { referrer: 5, referee: 5 } }],
    ['an application relayed at no time', applicationEventSchema, { type: 'ApplicationRelayed', id: 'app-1', at: 'soon', attempt: 1 }],
    ['a message read at no time', contactMessageEventSchema, { type: 'ContactMessageRead', id: 'm1', readAt: 'later' }],
    ['a message sent to nobody', contactMessageEventSchema, { type: 'ContactMessageSent', id: 'm1', practitionerId: '' }],
    ['a profile published without its listing', practitionerProfileEventSchema, { type: 'ProfilePublished', practitionerId: '' }],
    ['a redemption with a fractional reward', referralRedemptionEventSchema, { type: 'ReferralRedemptionRecorded', id: 'x1', codeId: 'c1', referralId: null, rewards: { referrer: 0.5, referee: 0 } }],
    ['a waitlist entry without its email', waitlistEventSchema, { type: 'WaitlistJoined', id: 'w1', name: 'Ana', waitlistType: 'patient' }],
  ])('refuses %s', (_name, schema: z.ZodType, payload) => {
    expect(schema.safeParse(payload).success).toBe(false);
  });
});
