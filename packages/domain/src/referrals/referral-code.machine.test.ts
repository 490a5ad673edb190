import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkMachineLaws } from '../shared/machine.testkit.ts';
import type { Actor } from './referral.machine.ts';
import {
  referralCodeEventSchema,
  decideReferralCode,
  evolveReferralCode,
  initialReferralCode,
  isReferralCodeRedeemable,
  normalizeReferralCode,
  type ReferralCodeCommand,
  type ReferralCodeContext,
  type ReferralCodeState,
} from './referral-code.machine.ts';

const owner: Actor = { kind: 'user', id: 'owner' };
const friend: Actor = { kind: 'user', id: 'friend' };
const now = new Date('2025-06-16T12:00:00Z');
const later = new Date('2025-12-01T00:00:00Z');
const create: ReferralCodeCommand = { kind: 'Create', id: 'c1', code: ' wellness50 ', ownerId: 'owner', maxUsage: 2, expiryDate: '2025-09-14T23:59:59Z', reward: 50 };

function run(...steps: [ReferralCodeCommand, ReferralCodeContext][]): ReferralCodeState {
  let state: ReferralCodeState = initialReferralCode;
  for (const [command, context] of steps) {
    const decision = decideReferralCode(state, command, context);
    if (!decision.ok) throw new Error(decision.error.message);
    state = decision.events.reduce(evolveReferralCode, state);
  }
  return state;
}
const ctx = (actor: Actor, at = now): ReferralCodeContext => ({ actor, now: at });
const created = () => run([create, ctx(owner)]);
const redeem = (n: string): [ReferralCodeCommand, ReferralCodeContext] => [{ kind: 'Redeem', referralId: n }, ctx(friend)];

describe('referral code machine', () => {
  it('is created active, upper case, with equal rewards', () => {
    expect(created()).toMatchObject({ status: 'active', code: 'WELLNESS50', usageCount: 0, rewards: { referrer: 50, referee: 50 } });
    expect(decideReferralCode(initialReferralCode, create, ctx(friend))).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(decideReferralCode(initialReferralCode, { ...create, code: 'a!' }, ctx(owner))).toMatchObject({ ok: false, error: { code: 'PRECONDITION_FAILED' } });
    expect(decideReferralCode(initialReferralCode, { ...create, reward: -1 }, ctx(owner)).ok).toBe(false);
    expect(decideReferralCode(initialReferralCode, { ...create, maxUsage: 0 }, ctx(owner)).ok).toBe(false);
    expect(decideReferralCode(created(), create, ctx(owner))).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect(normalizeReferralCode(' collab20 ')).toBe('COLLAB20');
  });

  it('toggles active ↔ inactive by its owner', () => {
    const inactive = run([create, ctx(owner)], [{ kind: 'Deactivate' }, ctx(owner)]);
    expect(inactive.status).toBe('inactive');
    expect(run([create, ctx(owner)], [{ kind: 'Deactivate' }, ctx(owner)], [{ kind: 'Activate' }, ctx(owner)]).status).toBe('active');
    expect(decideReferralCode(inactive, { kind: 'Deactivate' }, ctx(owner))).toMatchObject({ ok: false, error: { message: 'This referral code is already inactive.' } });
    expect(decideReferralCode(created(), { kind: 'Activate' }, ctx(owner))).toMatchObject({ ok: false, error: { message: 'This referral code is already active.' } });
    for (const kind of ['Deactivate', 'Activate', 'Delete'] as const) {
      expect(decideReferralCode(created(), { kind }, ctx(friend))).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    }
  });

  it('is deleted for good', () => {
    const deleted = run([create, ctx(owner)], [{ kind: 'Delete' }, ctx(owner)]);
    expect(deleted.status).toBe('deleted');
    expect(decideReferralCode(deleted, { kind: 'Activate' }, ctx(owner))).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(decideReferralCode(deleted, { kind: 'Redeem', referralId: 'x' }, ctx(friend))).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', message: 'Referral code not found.' } });
  });

  it('redeems until maxUsage, with clear errors', () => {
    const once = run([create, ctx(owner)], redeem('r1'));
    expect(once).toMatchObject({ usageCount: 1 });
    const decision = decideReferralCode(once, { kind: 'Redeem', referralId: 'r2' }, ctx(friend));
    expect(decision.ok && decision.events[0]).toMatchObject({ type: 'ReferralCodeRedeemed', usageCount: 2, rewards: { referrer: 50, referee: 50 } });
    const full = run([create, ctx(owner)], redeem('r1'), redeem('r2'));
    expect(decideReferralCode(full, { kind: 'Redeem', referralId: 'r3' }, ctx(friend))).toEqual({
      ok: false,
      error: { code: 'PRECONDITION_FAILED', message: 'This referral code has reached its maximum number of uses.' },
    });
    const inactive = run([create, ctx(owner)], [{ kind: 'Deactivate' }, ctx(owner)]);
    expect(decideReferralCode(inactive, { kind: 'Redeem', referralId: 'r' }, ctx(friend))).toMatchObject({ ok: false, error: { message: 'This referral code is inactive.' } });
    expect(decideReferralCode(created(), { kind: 'Redeem', referralId: 'r' }, ctx(friend, later))).toMatchObject({ ok: false, error: { message: 'This referral code has expired.' } });
    expect(decideReferralCode(created(), { kind: 'Redeem', referralId: 'r' }, ctx(owner))).toMatchObject({ ok: false, error: { message: 'You cannot redeem your own referral code.' } });
  });

  it('treats a null maxUsage as unlimited and a null expiry as never', () => {
    let state = run([{ ...create, maxUsage: null, expiryDate: null }, ctx(owner)]);
    for (let i = 0; i < 100; i += 1) {
      const decision = decideReferralCode(state, { kind: 'Redeem', referralId: `r${i}` }, ctx(friend, later));
      expect(decision.ok).toBe(true);
      if (decision.ok) state = decision.events.reduce(evolveReferralCode, state);
    }
    expect(state).toMatchObject({ usageCount: 100 });
  });

  it('says whether a code is redeemable', () => {
    const code = { active: true, expiryDate: '2025-09-14T23:59:59Z', usageCount: 1, maxUsage: 2 };
    expect(isReferralCodeRedeemable(code, now)).toBe(true);
    expect(isReferralCodeRedeemable({ ...code, active: false }, now)).toBe(false);
    expect(isReferralCodeRedeemable(code, later)).toBe(false);
    expect(isReferralCodeRedeemable({ ...code, usageCount: 2 }, now)).toBe(false);
    expect(isReferralCodeRedeemable({ ...code, maxUsage: null, usageCount: 999 }, now)).toBe(true);
  });

  it('evolve ignores events before a create', () => {
    expect(evolveReferralCode(initialReferralCode, { type: 'ReferralCodeActivated', id: 'x' })).toBe(initialReferralCode);
  });

  it('obeys the machine laws', () => {
    const command: fc.Arbitrary<ReferralCodeCommand> = fc.oneof(
      fc.record({
        kind: fc.constant('Create' as const),
        id: fc.constant('c1'),
        code: fc.constantFrom('WELL-50', 'x'),
        ownerId: fc.constantFrom('owner', 'friend'),
        maxUsage: fc.constantFrom(null, 1, 3, 0),
        expiryDate: fc.constantFrom(null, '2025-09-14T23:59:59Z'),
        reward: fc.constantFrom(20, 25, 50, -1),
      }),
      ...(['Deactivate', 'Activate', 'Delete'] as const).map((kind) => fc.constant({ kind })),
      fc.record({ kind: fc.constant('Redeem' as const), referralId: fc.string({ maxLength: 3 }) }),
    );
    checkMachineLaws({
      initial: initialReferralCode,
      decide: decideReferralCode,
      evolve: evolveReferralCode,
      eventSchema: referralCodeEventSchema,
      step: fc.record({ command, context: fc.record({ actor: fc.constantFrom<Actor>(owner, friend, { kind: 'system' }), now: fc.constantFrom(now, later) }) }),
      isValid: (state) =>
        state.status === 'absent' ||
        (['active', 'inactive', 'deleted'].includes(state.status) &&
          state.rewards.referrer === state.rewards.referee &&
          state.usageCount >= 0 &&
          (state.maxUsage === null || state.usageCount <= state.maxUsage)),
    });
  });
});
