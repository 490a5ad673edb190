import { describe, expect, it } from 'vitest';
import { messagesOf } from '../shared/schema.testkit.ts';
import {
  referralCodeStatusText,
  referralFormDefaults,
  referralFormSchema,
  referralShareLink,
  referralStats,
  referralStatsOf,
  formatReward,
  referralCodeFormSchema,
  referralCodeFormMessages,
  referralStatusBadge,
  referralStatusIcon,
  referralStatusLabel,
} from './referral.schema.ts';

const valid = { name: 'Bo', email: 'bo@example.com', referralCode: 'WELLNESS50' };

describe('referral form', () => {
  it('defaults the type to patient', () => {
    expect(referralFormSchema.parse(valid)).toEqual({ ...valid, type: 'patient' });
    expect(referralFormSchema.parse({ ...valid, type: 'practitioner', message: 'Hi' })).toMatchObject({ type: 'practitioner', message: 'Hi' });
  });

  it('has each spec message (no final period)', () => {
    expect(messagesOf(referralFormSchema, { ...valid, name: 'B' })).toEqual({ name: ['Name must be at least 2 characters'] });
    expect(messagesOf(referralFormSchema, { ...valid, email: 'bo' })).toEqual({ email: ['Please enter a valid email address'] });
    expect(messagesOf(referralFormSchema, { ...valid, type: 'physician' })).toEqual({ type: ['Please select who you are referring'] });
    expect(messagesOf(referralFormSchema, { ...valid, referralCode: '' })).toEqual({ referralCode: ['Please select a referral code'] });
    expect(Object.keys(messagesOf(referralFormSchema, referralFormDefaults)).sort()).toEqual(['email', 'name', 'referralCode']);
  });
});

describe('referral statuses', () => {
  it('labels, badges and icons, with Unknown for anything else', () => {
    expect(['pending', 'accepted', 'completed', 'expired', 'declined', 'cancelled', 'lost'].map(referralStatusLabel)).toEqual(['Pending', 'Accepted', 'Completed', 'Expired', 'Declined', 'Cancelled', 'Unknown']);
    expect(['pending', 'accepted', 'completed', 'expired', 'lost'].map(referralStatusBadge)).toEqual(['secondary', 'outline', 'secondary', 'destructive', 'default']);
    expect(referralStatusIcon('accepted')).toEqual({ name: 'check', color: 'blue' });
    expect(referralStatusIcon('completed')).toEqual({ name: 'check', color: 'green' });
    expect(referralStatusIcon('expired').color).toBe('red');
    expect(referralStatusIcon('pending').name).toBe('clock');
    expect(referralStatusIcon('??').name).toBe('help');
  });

  it('writes the code card status line and share link', () => {
    const format = (iso: string) => iso.slice(0, 10);
    expect(referralCodeStatusText({ active: false, expiryDate: null }, format)).toBe('Currently inactive');
    expect(referralCodeStatusText({ active: true, expiryDate: null }, format)).toBe('Active until Never');
    expect(referralCodeStatusText({ active: true, expiryDate: '2025-09-14T23:59:59Z' }, format)).toBe('Active until 2025-09-14');
    expect(referralShareLink('https://wellspring.test/', 'WELL 50')).toBe('https://wellspring.test/referral?code=WELL%2050');
  });

  it('computes the stats from referrals and codes', () => {
    const codes = [{ code: 'A', rewards: { referrer: 2500, referee: 2500 } }];
    expect(referralStats([{ status: 'completed', referralCode: 'A' }, { status: 'completed', referralCode: 'gone' }, { status: 'pending', referralCode: 'A' }], codes)).toEqual({ total: 3, completed: 2, rewardsEarned: 2500 });
  });

  it('computes the stats from the rewards credited to the practitioner', () => {
    expect(referralStatsOf([{ status: 'completed', rewardEarnedMinor: 2500 }, { status: 'completed', rewardEarnedMinor: null }, { status: 'pending', rewardEarnedMinor: 9900 }, { status: 'lost', rewardEarnedMinor: null }])).toEqual({ total: 4, completed: 2, rewardsEarned: 2500 });
    expect([12000, 2550, 0].map(formatReward)).toEqual(['$120', '$25.50', '$0']);
  });
});

describe('new referral code form', () => {
  const code = { code: ' spring-30 ', description: '30% off a first visit', reward: '30', maxUsage: '', expiryDate: '' };
  it('normalizes the code and reads the reward in cents, usage limit and expiry as optional', () => {
    expect(referralCodeFormSchema.parse(code)).toEqual({ code: 'SPRING-30', description: '30% off a first visit', reward: 3000, maxUsage: null, expiryDate: null });
    expect(referralCodeFormSchema.parse({ ...code, reward: '12.5', maxUsage: '10', expiryDate: '2026-12-31' })).toMatchObject({ reward: 1250, maxUsage: 10, expiryDate: '2026-12-31T23:59:59.999Z' });
  });
  it('refuses a bad code, offer, reward, limit or date with a message', () => {
    expect(messagesOf(referralCodeFormSchema, { ...code, code: 'a!' })).toEqual({ code: ['A referral code is 4 to 32 letters, digits or dashes.'] });
    expect(messagesOf(referralCodeFormSchema, { ...code, description: ' ' })).toEqual({ description: ['Please describe the offer'] });
    expect(messagesOf(referralCodeFormSchema, { ...code, reward: '-1' })).toEqual({ reward: ['Amount cannot be negative.'] });
    expect(messagesOf(referralCodeFormSchema, { ...code, maxUsage: '0' })).toEqual({ maxUsage: [referralCodeFormMessages.maxUsage] });
    expect(messagesOf(referralCodeFormSchema, { ...code, maxUsage: '2.5' })).toEqual({ maxUsage: [referralCodeFormMessages.maxUsage] });
    expect(messagesOf(referralCodeFormSchema, { ...code, expiryDate: '2026-02-30' })).toEqual({ expiryDate: ['Please enter a valid date'] });
  });
});
