import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkMachineLaws } from '../shared/machine.testkit.ts';
import { decideWaitlist, evolveWaitlist, initialWaitlistEntry, inviteSentEventSchema, waitlistEventSchema, type WaitlistCommand } from './waitlist.machine.ts';

const join: WaitlistCommand = { kind: 'Join', id: 'w1', input: { name: ' Ana ', email: ' Ana@Example.com ', type: 'patient' } };
const invite: WaitlistCommand = { kind: 'Invite', id: 'i1', input: { yourName: ' Ana ', friendEmail: ' Bo@Example.COM ', waitlistType: 'practitioner' } };

describe('waitlist machine', () => {
  it('joins once, trimming the input', () => {
    const decision = decideWaitlist(initialWaitlistEntry, join, { emailTaken: false });
    expect(decision).toEqual({ ok: true, events: [{ type: 'WaitlistJoined', id: 'w1', email: 'Ana@Example.com', name: 'Ana', waitlistType: 'patient' }] });
    const joined = decision.ok ? decision.events.reduce(evolveWaitlist, initialWaitlistEntry) : initialWaitlistEntry;
    expect(joined).toEqual({ status: 'joined', id: 'w1', email: 'Ana@Example.com', name: 'Ana', type: 'patient' });
    expect(decideWaitlist(joined, join, { emailTaken: false })).toEqual({ ok: false, error: { code: 'CONFLICT', message: 'Email already registered' } });
  });

  it('rejects an email already on the waitlist', () => {
    expect(decideWaitlist(initialWaitlistEntry, join, { emailTaken: true })).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
  });

  it('sends an invite with a normalized email and no state change', () => {
    const decision = decideWaitlist(initialWaitlistEntry, invite, { emailTaken: true });
    expect(decision).toEqual({ ok: true, events: [{ type: 'InviteSent', id: 'i1', friendEmail: 'bo@example.com', yourName: 'Ana', waitlistType: 'practitioner' }] });
    expect(decision.ok && decision.events.reduce(evolveWaitlist, initialWaitlistEntry)).toBe(initialWaitlistEntry);
  });

  it('reads a stored InviteSent payload back with its schema, and nothing else', () => {
    const decision = decideWaitlist(initialWaitlistEntry, invite, { emailTaken: false });
    const stored = JSON.parse(JSON.stringify(decision.ok ? decision.events[0] : null)) as Record<string, unknown>;
    expect(inviteSentEventSchema.parse(stored)).toEqual({ type: 'InviteSent', id: 'i1', friendEmail: 'bo@example.com', yourName: 'Ana', waitlistType: 'practitioner' });
    expect(inviteSentEventSchema.safeParse({ ...stored, waitlistType: 'physician' }).success).toBe(false);
    expect(inviteSentEventSchema.safeParse({ ...stored, friendEmail: 'not an email' }).success).toBe(false);
    expect(inviteSentEventSchema.safeParse({ ...stored, yourName: '' }).success).toBe(false);
    expect(inviteSentEventSchema.safeParse({ ...stored, type: 'WaitlistJoined' }).success).toBe(false);
    const { id: _id, ...withoutId } = stored;
    expect(inviteSentEventSchema.safeParse(withoutId).success).toBe(false);
  });

  it('obeys the machine laws', () => {
    checkMachineLaws({
      initial: initialWaitlistEntry,
      decide: decideWaitlist,
      evolve: evolveWaitlist,
      eventSchema: waitlistEventSchema,
      step: fc.record({ command: fc.constantFrom(join, invite), context: fc.record({ emailTaken: fc.boolean() }) }),
      isValid: (state) => state.status === 'absent' || (state.status === 'joined' && state.email.length > 0),
    });
  });
});
