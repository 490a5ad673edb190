import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouterInputs, RouterOutputs } from '@wellspring/server/router';
import { describe, expect, it } from 'vitest';
import { ApiError, stubApi, type ApiHandler } from '../../test/api-stub.ts';
import { stubMatchMedia } from '../../test/match-media.ts';
import { renderApp } from '../../test/render.tsx';
import { findToast } from '../../test/toasts.ts';

type Invoice = RouterOutputs['invoices']['byId'];
type SaveInput = RouterInputs['invoices']['save'];

const robin = { id: 'u1', name: 'Dr. Robin Vale', email: 'robin@example.com' };

const draft: Invoice = {
  id: 'inv-1',
  status: 'draft',
  number: null,
  issuedOn: null,
  createdOn: '2026-03-10',
  currency: 'USD',
  lines: [{ description: 'Consultation — March 9, 2026', quantity: 1, unitPriceMinor: 9_500 }],
  taxRateBasisPoints: 0,
  subtotalMinor: 9_500,
  taxMinor: 0,
  totalMinor: 9_500,
  patientId: 'p-ada',
  patientName: 'Ada Lovelace',
  patientEmail: 'ada@example.com',
  appointmentId: 'a1',
  paymentId: null,
  practiceName: 'Vale Naturopathy',
  timeZone: 'America/Los_Angeles',
};

function renderInvoice(handlers: Record<string, ApiHandler> = {}, invoice: Invoice = draft) {
  stubMatchMedia();
  const api = stubApi({ 'auth.me': () => ({ user: robin }), 'invoices.byId': () => invoice, 'invoices.list': () => ({ items: [], total: 0, page: 1, pageSize: 20 }), ...handlers });
  return { ...api, ...renderApp({ path: '/dashboard/billing/inv-1' }) };
}

const totals = () => within(screen.getByRole('group', { name: 'Totals' })).getAllByRole('definition').map((cell) => cell.textContent);

describe('the invoice screen', { timeout: 20_000 }, () => {
  it('edits a draft with totals as the domain computes them, and a refused save keeps every line typed', async () => {
    const saved: SaveInput[] = [];
    renderInvoice({
      'invoices.save': (input) => {
        saved.push(input as SaveInput);
        throw new ApiError({ code: 'CONFLICT', httpStatus: 409, message: 'Only a draft invoice can be edited; an issued one can only be voided.' });
      },
    });
    const events = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Draft invoice' })).toBeTruthy();
    expect(totals()).toEqual(['$95.00', '$95.00']);
    await events.click(screen.getByRole('button', { name: 'Add line' }));
    await events.type(screen.getByRole('textbox', { name: 'Description, line 2' }), 'Herbal tincture');
    await events.type(screen.getAllByRole('textbox', { name: 'Unit price (USD)' })[1]!, '12.50');
    await events.type(screen.getByRole('textbox', { name: 'Tax rate (%)' }), '10');
    expect(totals()).toEqual(['$107.50', '$10.75', '$118.25']);

    // A price with three decimals is refused under its field before anything is sent.
    await events.type(screen.getAllByRole('textbox', { name: 'Unit price (USD)' })[1]!, '5');
    await events.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Amount can have at most 2 decimal places.')).toBeTruthy();
    expect(saved).toEqual([]);

    await events.clear(screen.getAllByRole('textbox', { name: 'Unit price (USD)' })[1]!);
    await events.type(screen.getAllByRole('textbox', { name: 'Unit price (USD)' })[1]!, '12.50');
    await events.click(screen.getByRole('button', { name: 'Save draft' }));
    await findToast('Could not save the invoice');
    expect(saved).toEqual([{ id: 'inv-1', lines: [{ description: 'Consultation — March 9, 2026', quantity: 1, unitPrice: '95.00' }, { description: 'Herbal tincture', quantity: 1, unitPrice: '12.50' }], taxRate: '10' }]);
    expect(screen.getByText('Only a draft invoice can be edited; an issued one can only be voided.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Description, line 2' }) as HTMLInputElement).value).toBe('Herbal tincture');
    expect((screen.getByRole('textbox', { name: 'Tax rate (%)' }) as HTMLInputElement).value).toBe('10');
  });

  it('shows an issued invoice read-only with the actions its status allows, and voids it only once confirmed', async () => {
    const voided: unknown[] = [];
    renderInvoice({ 'invoices.void': (input) => (voided.push(input), { id: 'inv-1', status: 'void' }) }, { ...draft, status: 'issued', number: 'INV-2026-0007', issuedOn: '2026-03-10' });
    const events = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice INV-2026-0007' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(expect.arrayContaining(['Send by e-mail', 'Record payment', 'Download PDF', 'Void']));
    await events.click(screen.getByRole('button', { name: 'Void' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Void INV-2026-0007?' });
    expect(dialog.textContent).toContain('A voided invoice keeps its number and cannot be changed again.');
    expect(voided).toEqual([]);
    await events.click(within(dialog).getByRole('button', { name: 'Void invoice' }));
    await findToast('Invoice voided');
    expect(voided).toEqual([{ id: 'inv-1' }]);
  });
});
