import { describe, expect, it } from 'vitest';
import { formatInvoiceNumber, invoiceSaveSchema, invoiceTotals, paymentCurrencyOf, taxRateText, invoiceCreateSchema } from './invoice.schema.ts';

const messagesOf = (input: unknown) => {
  const result = invoiceSaveSchema.safeParse(input);
  if (result.success) return {};
  const messages: Record<string, string[]> = {};
  for (const issue of result.error.issues) (messages[issue.path.join('.')] ??= []).push(issue.message);
  return messages;
};

describe('invoice schema', () => {
  it('parses typed prices and the tax rate into minor units and basis points', () => {
    expect(invoiceSaveSchema.parse({ id: 'inv-1', lines: [{ description: ' Acupuncture ', quantity: 2, unitPrice: '75.5' }], taxRate: '8.25' })).toEqual({
      id: 'inv-1',
      content: { lines: [{ description: 'Acupuncture', quantity: 2, unitPriceMinor: 7_550 }], taxRateBasisPoints: 825 },
    });
    expect(invoiceSaveSchema.parse({ id: 'inv-1', lines: [{ description: 'A', quantity: 1, unitPrice: '0' }] }).content.taxRateBasisPoints).toBe(0);
  });

  it('puts each message under its field', () => {
    expect(messagesOf({ id: 'inv-1', lines: [{ description: ' ', quantity: 0, unitPrice: '1.234' }], taxRate: '101' })).toEqual({
      'lines.0.description': ['Please describe this line.'],
      'lines.0.quantity': ['Quantity must be a whole number from 1 to 1000.'],
      'lines.0.unitPrice': ['Amount can have at most 2 decimal places.'],
      taxRate: ['Tax rate must be a percentage from 0 to 100 with at most 2 decimals.'],
    });
    expect(messagesOf({ id: 'inv-1', lines: [] })).toEqual({ lines: ['Please add at least one line.'] });
    expect(invoiceCreateSchema.safeParse({}).error?.issues[0]).toMatchObject({ path: ['patientId'], message: 'Please choose one of your patients.' });
  });

  it('computes totals with one half-up rounding of the tax', () => {
    expect(invoiceTotals({ lines: [{ description: 'A', quantity: 3, unitPriceMinor: 3_333 }], taxRateBasisPoints: 825 })).toEqual({ subtotalMinor: 9_999, taxMinor: 825, totalMinor: 10_824 });
    expect(invoiceTotals({ lines: [{ description: 'A', quantity: 1, unitPriceMinor: 100 }, { description: 'B', quantity: 2, unitPriceMinor: 1 }], taxRateBasisPoints: 250 })).toEqual({ subtotalMinor: 102, taxMinor: 3, totalMinor: 105 });
  });

  it('numbers INV-year-0001 and maps currencies', () => {
    expect(formatInvoiceNumber(2026, 1)).toBe('INV-2026-0001');
    expect(formatInvoiceNumber(2026, 12345)).toBe('INV-2026-12345');
    expect(paymentCurrencyOf('EUR')).toBe('eur');
    expect(paymentCurrencyOf('NZD')).toBeNull();
    expect(taxRateText(825)).toBe('8.25');
    expect(taxRateText(1000)).toBe('10');
    expect(taxRateText(850)).toBe('8.5');
  });
});
