import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkMachineLaws } from '../shared/machine.testkit.ts';
import {
  referralEventSchema,
  allowedReferralActions,
  decideReferral,
  evolveReferral,
  initialReferral,
  referralMachineStatuses,
  referralStatusAt,
  type Actor,
  type ReferralCommand,
  type ReferralContext,
  type ReferralState,
} from './referral.machine.ts';

const sender: Actor = { kind: 'user', id: 'alice' };
const receiver: Actor = { kind: 'user', id: 'bob' };
const stranger: Actor = { kind: 'user', id: 'eve' };
const system: Actor = { kind: 'system' };
const before = new Date('2025-06-10T12:00:00Z');
const after = new Date('2025-07-10T12:00:00Z');
const send: ReferralCommand = { kind: 'Send', id: 'r1', senderId: 'alice', receiverId: 'bob', expiresAt: '2025-07-01T00:00:00Z' };

function run(...steps: [ReferralCommand, ReferralContext][]): ReferralState {
  let state: ReferralState = initialReferral;
  for (const [command, context] of steps) {
    const decision = decideReferral(state, command, context);
    if (!decision.ok) throw new Error(decision.error.message);
    state = decision.events.reduce(evolveReferral, state);
  }
  return state;
}
const pending = () => run([send, { actor: sender, now: before }]);
const as = (actor: Actor, now = before): ReferralContext => ({ actor, now });

describe('referral machine', () => {
  it('is sent pending by its sender', () => {
    expect(pending()).toMatchObject({ status: 'pending', senderId: 'alice', receiverId: 'bob', resendCount: 0 });
    expect(decideReferral(initialReferral, send, as(stranger))).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(decideReferral(initialReferral, { ...send, receiverId: 'alice' }, as(sender))).toMatchObject({ ok: false, error: { message: 'You cannot refer yourself.' } });
    expect(decideReferral(pending(), send, as(sender))).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect(decideReferral(initialReferral, { kind: 'Accept' }, as(receiver))).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('lets only the receiver accept or decline', () => {
    const state = pending();
    expect(run([send, as(sender)], [{ kind: 'Accept' }, as(receiver)]).status).toBe('accepted');
    expect(run([send, as(sender)], [{ kind: 'Decline' }, as(receiver)]).status).toBe('declined');
    for (const actor of [sender, stranger, system]) {
      expect(decideReferral(state, { kind: 'Accept' }, as(actor))).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', message: 'Only the person who received this referral can do that.' } });
      expect(decideReferral(state, { kind: 'Decline' }, as(actor)).ok).toBe(false);
    }
  });

  it('lets only the sender cancel or resend; resend keeps the status', () => {
    expect(run([send, as(sender)], [{ kind: 'Cancel' }, as(sender)]).status).toBe('cancelled');
    const resent = run([send, as(sender)], [{ kind: 'Resend' }, as(sender)], [{ kind: 'Resend' }, as(sender)]);
    expect(resent).toMatchObject({ status: 'pending', resendCount: 2 });
    const decision = decideReferral(pending(), { kind: 'Resend' }, as(sender));
    expect(decision.ok && decision.events.map((e) => e.type)).toEqual(['ReferralResent']);
    for (const actor of [receiver, stranger, system]) {
      expect(decideReferral(pending(), { kind: 'Cancel' }, as(actor))).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', message: 'Only the person who sent this referral can do that.' } });
      expect(decideReferral(pending(), { kind: 'Resend' }, as(actor)).ok).toBe(false);
    }
  });

  it('completes an accepted referral (receiver or system)', () => {
    const accepted = run([send, as(sender)], [{ kind: 'Accept' }, as(receiver)]);
    expect(run([send, as(sender)], [{ kind: 'Accept' }, as(receiver)], [{ kind: 'Complete' }, as(system)])).toMatchObject({ status: 'completed', completedAt: before.toISOString() });
    expect(decideReferral(accepted, { kind: 'Complete' }, as(receiver)).ok).toBe(true);
    expect(decideReferral(accepted, { kind: 'Complete' }, as(sender))).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(decideReferral(pending(), { kind: 'Complete' }, as(system))).toMatchObject({ ok: false, error: { code: 'INVALID_TRANSITION' } });
    expect(decideReferral(pending(), { kind: 'Complete' }, as(sender))).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(decideReferral(accepted, { kind: 'Accept' }, as(receiver))).toMatchObject({ ok: false, error: { message: 'This referral is accepted, not pending.' } });
  });

  it('is completed from pending by its receiver redeeming the code, until it expires', () => {
    const decision = decideReferral(pending(), { kind: 'Complete' }, as(receiver));
    expect(decision.ok && decision.events.map((event) => event.type)).toEqual(['ReferralAccepted', 'ReferralCompleted']);
    expect(run([send, as(sender)], [{ kind: 'Complete' }, as(receiver)])).toMatchObject({ status: 'completed', completedAt: before.toISOString() });
    expect(decideReferral(pending(), { kind: 'Complete' }, as(receiver, after))).toMatchObject({ ok: false, error: { message: 'This referral has expired.' } });
    const cancelled = run([send, as(sender)], [{ kind: 'Cancel' }, as(sender)]);
    expect(decideReferral(cancelled, { kind: 'Complete' }, as(receiver))).toMatchObject({ ok: false, error: { code: 'INVALID_TRANSITION' } });
  });

  it('knows the receiver by the e-mail address a referral was sent to', () => {
    const byEmail = run([{ ...send, receiverId: 'bob@example.com' }, as(sender)]);
    const bob: Actor = { kind: 'user', id: 'bob-user-id', email: 'bob@example.com' };
    expect(decideReferral(byEmail, { kind: 'Accept' }, as(bob)).ok).toBe(true);
    expect(decideReferral(byEmail, { kind: 'Decline' }, as({ kind: 'user', id: 'eve', email: 'eve@example.com' }))).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(decideReferral(byEmail, { kind: 'Cancel' }, as(bob))).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(decideReferral(initialReferral, { ...send, receiverId: 'alice@example.com' }, as({ kind: 'user', id: 'alice', email: 'alice@example.com' }))).toMatchObject({
      ok: false,
      error: { message: 'You cannot refer yourself.' },
    });
  });

  it('expires after its expiry, by the system only', () => {
    expect(run([send, as(sender)], [{ kind: 'Expire' }, as(system, after)]).status).toBe('expired');
    expect(decideReferral(pending(), { kind: 'Expire' }, as(system, before))).toMatchObject({ ok: false, error: { message: 'This referral has not expired yet.' } });
    expect(decideReferral(pending(), { kind: 'Expire' }, as(sender, after))).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(decideReferral(pending(), { kind: 'Accept' }, as(receiver, after))).toMatchObject({ ok: false, error: { message: 'This referral has expired.' } });
    expect(decideReferral(pending(), { kind: 'Resend' }, as(sender, after))).toMatchObject({ ok: false, error: { message: 'This referral has expired.' } });
    expect(decideReferral(pending(), { kind: 'Decline' }, as(receiver, after)).ok).toBe(true);
    expect(decideReferral(pending(), { kind: 'Cancel' }, as(sender, after)).ok).toBe(true);
    const never = run([{ ...send, expiresAt: null }, as(sender)]);
    expect(decideReferral(never, { kind: 'Expire' }, as(system, after)).ok).toBe(false);
    const accepted = run([send, as(sender)], [{ kind: 'Accept' }, as(receiver)]);
    expect(decideReferral(accepted, { kind: 'Expire' }, as(system, after))).toMatchObject({ ok: false, error: { code: 'INVALID_TRANSITION' } });
  });

  it('shows the status at a time and the allowed actions', () => {
    const state = pending();
    if (state.status === 'absent') throw new Error('unreachable');
    expect(referralStatusAt(state, before)).toBe('pending');
    expect(referralStatusAt(state, after)).toBe('expired');
    expect(allowedReferralActions(state, 'alice', before)).toEqual(['resend', 'cancel']);
    expect(allowedReferralActions(state, 'bob', before)).toEqual(['accept', 'decline']);
    expect(allowedReferralActions(state, 'alice', after)).toEqual(['cancel']);
    expect(allowedReferralActions(state, 'bob', after)).toEqual(['decline']);
    expect(allowedReferralActions(state, 'eve', before)).toEqual([]);
    expect(allowedReferralActions({ ...state, status: 'accepted' }, 'bob', before)).toEqual([]);
  });

  it('evolve ignores events before a send', () => {
    expect(evolveReferral(initialReferral, { type: 'ReferralAccepted', id: 'x', at: '' })).toBe(initialReferral);
  });

  it('obeys the machine laws', () => {
    const command: fc.Arbitrary<ReferralCommand> = fc.oneof(
      fc.record({
        kind: fc.constant('Send' as const),
        id: fc.constant('r1'),
        senderId: fc.constantFrom('alice', 'bob'),
        receiverId: fc.constantFrom('alice', 'bob', 'bob@example.com'),
        expiresAt: fc.constantFrom('2025-07-01T00:00:00Z', null),
      }),
      ...(['Accept', 'Decline', 'Cancel', 'Resend', 'Complete', 'Expire'] as const).map((kind) => fc.constant({ kind })),
    );
    const actor = fc.constantFrom<Actor>(sender, receiver, stranger, system, { kind: 'user', id: 'bob-user', email: 'bob@example.com' }, { kind: 'user', id: 'alice', email: 'alice@example.com' });
    const now = fc.constantFrom(before, after);
    checkMachineLaws({
      initial: initialReferral,
      decide: decideReferral,
      evolve: evolveReferral,
      eventSchema: referralEventSchema,
      step: fc.record({ command, context: fc.record({ actor, now }) }),
      isValid: (state) => state.status === 'absent' || (referralMachineStatuses.includes(state.status) && state.senderId !== state.receiverId && state.resendCount >= 0),
    });
  });
});
