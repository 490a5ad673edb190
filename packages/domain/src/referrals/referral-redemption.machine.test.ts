import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkMachineLaws } from '../shared/machine.testkit.ts';
import {
  decideReferralRedemption,
  evolveReferralRedemption,
  initialReferralRedemption,
  referralRedemptionEventSchema,
  referralRedemptionMessages,
  type RecordReferralRedemptionCommand,
} from './referral-redemption.machine.ts';

const record = (id: string, referralId: string | null = 'r1'): RecordReferralRedemptionCommand => ({ kind: 'Record', id, codeId: 'c1', referralId, rewards: { referrer: 5000, referee: 5000 } });

describe('referral redemption machine', () => {
  it('records a redemption once, with an event of ids and amounts', () => {
    expect(decideReferralRedemption(initialReferralRedemption, record('x1'))).toEqual({
      ok: true,
      events: [{ type: 'ReferralRedemptionRecorded', id: 'x1', codeId: 'c1', referralId: 'r1', rewards: { referrer: 5000, referee: 5000 } }],
    });
    const recorded = evolveReferralRedemption(initialReferralRedemption, { type: 'ReferralRedemptionRecorded', id: 'x1', codeId: 'c1', referralId: null, rewards: { referrer: 0, referee: 0 } });
    expect(recorded).toEqual({ status: 'recorded', id: 'x1' });
    expect(decideReferralRedemption(recorded, record('x1'))).toEqual({ ok: false, error: { code: 'CONFLICT', message: referralRedemptionMessages.alreadyRecorded } });
  });

  it('obeys the machine laws', () => {
    checkMachineLaws({
      initial: initialReferralRedemption,
      decide: (state, command) => decideReferralRedemption(state, command),
      evolve: evolveReferralRedemption,
      step: fc.record({
        command: fc.tuple(fc.constantFrom('x1', 'x2'), fc.constantFrom('r1', null)).map(([id, referralId]) => record(id, referralId)),
        context: fc.constant(undefined),
      }),
      isValid: (state) => state.status === 'absent' || state.id.length > 0,
      eventSchema: referralRedemptionEventSchema,
    });
  });
});
