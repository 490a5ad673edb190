import { describe, expect, it } from 'vitest';
import { messagesOf } from '../shared/schema.testkit.ts';
import {
  referralCodeStatusText,
  referralFormDefaults,
  referralFormSchema,
  referralShareLink,
  referralStats,
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
    const codes = [{ code: 'A', rewards: { referrer: 25, referee: 25 } }];
    expect(referralStats([{ status: 'completed', referralCode: 'A' }, { status: 'completed', referralCode: 'gone' }, { status: 'pending', referralCode: 'A' }], codes)).toEqual({ total: 3, completed: 2, rewardsEarned: 25 });
  });
});
