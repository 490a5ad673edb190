import { describe, expect, it } from 'vitest';
import { messagesOf } from '../shared/schema.testkit.ts';
import { recordFileName, superbillFileName, superbillLines, superbillRequestSchema, type SuperbillVisit } from './superbill.ts';

const visit = (id: string, date: string, payments: SuperbillVisit['payments']): SuperbillVisit => ({ id, date, cptCodes: ['99213'], icd10Codes: ['M54.5'], payments });

describe('superbill', () => {
  it('lists paid visits by date of service: fee = completed and pending, paid = completed; totals per currency', () => {
    const { lines, totals } = superbillLines([
      visit('b', '2026-03-10', [
        { amountMinor: 10000, currency: 'usd', status: 'completed' },
        { amountMinor: 5000, currency: 'usd', status: 'pending' },
        { amountMinor: 9999, currency: 'usd', status: 'failed' },
      ]),
      visit('a', '2026-03-02', [{ amountMinor: 12000, currency: 'usd', status: 'completed' }]),
      visit('c', '2026-03-12', [{ amountMinor: 7000, currency: 'usd', status: 'pending' }]),
      visit('d', '2026-03-15', [{ amountMinor: 8000, currency: 'eur', status: 'completed' }, { amountMinor: 8000, currency: 'usd', status: 'refunded' }]),
    ]);
    expect(lines.map((line) => [line.visitId, line.currency, line.feeMinor, line.paidMinor])).toEqual([
      ['a', 'usd', 12000, 12000],
      ['b', 'usd', 15000, 10000],
      ['d', 'eur', 8000, 8000],
    ]);
    expect(totals).toEqual([
      { currency: 'usd', feeMinor: 27000, paidMinor: 22000, balanceMinor: 5000 },
      { currency: 'eur', feeMinor: 8000, paidMinor: 8000, balanceMinor: 0 },
    ]);
  });

  it('asks for an end date on or after the start date', () => {
    expect(messagesOf(superbillRequestSchema, { patientId: 'p', from: '2026-03-10', to: '2026-03-01' })).toEqual({ to: ['The end date must be on or after the start date'] });
    expect(messagesOf(superbillRequestSchema, { patientId: 'p', from: '2026-02-30', to: '2026-03-01' })).toEqual({ from: ['Please enter a valid date.'] });
    expect(superbillRequestSchema.parse({ patientId: 'p', from: '2026-03-01', to: '2026-03-01' })).toEqual({ patientId: 'p', from: '2026-03-01', to: '2026-03-01' });
  });

  it('names the files after the patient', () => {
    expect(superbillFileName('Émma O\'Neil Thompson', '2026-01-01', '2026-03-31')).toBe('superbill-emma-oneil-thompson-2026-01-01-to-2026-03-31.pdf');
    expect(recordFileName('Emma Thompson', 'json')).toBe('record-emma-thompson.fhir.json');
    expect(recordFileName('张伟', 'pdf')).toBe('record-patient.pdf');
  });
});
