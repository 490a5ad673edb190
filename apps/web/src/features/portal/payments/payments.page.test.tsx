import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouterInputs, RouterOutputs } from '@wellspring/server/router';
import { describe, expect, it } from 'vitest';
import { ApiError, stubApi, type ApiHandler } from '../../../test/api-stub.ts';
import { stubMatchMedia } from '../../../test/match-media.ts';
import { renderApp } from '../../../test/render.tsx';
import { findToast } from '../../../test/toasts.ts';

type PaymentPage = RouterOutputs['payments']['list'];
type Payment = PaymentPage['items'][number];

const robin = { id: 'u1', name: 'Dr. Robin Vale', email: 'robin@example.com' };

const euroConsultation: Payment = {
  id: 'pay-eur',
  date: '2026-11-20',
  patientName: 'Emma Thompson',
  service: 'Consultation',
  appointmentId: 'a1',
  amountMinor: 8500,
  currency: 'eur',
  method: 'card',
  status: 'completed',
};
const pendingPounds: Payment = { ...euroConsultation, id: 'pay-gbp', date: '2026-11-18', amountMinor: 12000, currency: 'gbp', method: 'bank_transfer', status: 'pending' };
const failedDollars: Payment = { ...euroConsultation, id: 'pay-usd', date: '2026-11-15', amountMinor: 15050, currency: 'usd', method: 'cash', status: 'failed' };
const refundedWalkIn: Payment = {
  ...euroConsultation,
  id: 'pay-cad',
  date: '2026-11-02',
  patientName: null,
  service: null,
  appointmentId: null,
  amountMinor: 7,
  currency: 'cad',
  method: 'check',
  status: 'refunded',
};

function renderPayments(payments: Payment[], handlers: Record<string, ApiHandler> = {}, path = '/provider-portal/payments') {
  stubMatchMedia();
  const api = stubApi({
    'auth.me': () => ({ user: robin }),
    'payments.list': (input) => {
      const { page = 1, pageSize = 20 } = (input ?? {}) as RouterInputs['payments']['list'];
      const answer: PaymentPage = { items: payments.slice((page - 1) * pageSize, page * pageSize), total: payments.length, page, pageSize, previousCursor: `before-${page}`, nextCursor: `after-${page}` };
      return answer;
    },
    ...handlers,
  });
  return { ...api, ...renderApp({ path }) };
}

const table = () => screen.findByRole('grid', { name: 'Payment records' });
/** The row whose text matches (a row's accessible name is its date, the row header). */
async function rowOf(text: RegExp): Promise<HTMLElement> {
  const grid = await table();
  return waitFor(() => {
    const row = within(grid)
      .getAllByRole('row')
      .find((candidate) => text.test(candidate.textContent ?? ''));
    expect(row, `row ${String(text)}`).toBeTruthy();
    return row as HTMLElement;
  });
}

const refundButtonOf = (row: HTMLElement) => within(row).getAllByRole('button', { name: /Mark as Refunded/ })[0] as HTMLElement;

describe('Payment Records', { timeout: 20_000 }, () => {
  it('lists each payment with its date, patient, service, method, its amount in its own currency and its status badge', async () => {
    renderPayments([euroConsultation, pendingPounds, failedDollars, refundedWalkIn]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Records' })).toBeTruthy();
    expect(screen.queryByText(/preview of payment functionality/)).toBeNull();
    expect(screen.getByRole('link', { name: 'New Payment' }).getAttribute('href')).toBe('/provider-portal/payments/create');

    const grid = await table();
    expect(within(grid).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Date', 'Patient', 'Service', 'Amount', 'Method', 'Status', 'Actions']);

    const euro = await rowOf(/€85\.00/);
    expect(within(euro).getAllByText('11/20/2026').length).toBeGreaterThan(0);
    expect(within(euro).getByText('Emma Thompson')).toBeTruthy();
    expect(within(euro).getAllByText('Consultation').length).toBeGreaterThan(0);
    expect(within(euro).getByText('Credit/Debit Card')).toBeTruthy();
    expect(within(euro).getAllByText('Completed')[0]).toBeTruthy();
    expect(euro.textContent).not.toContain('$');

    const pounds = await rowOf(/£120\.00/);
    expect(within(pounds).getAllByText('Pending')[0]).toBeTruthy();
    expect(within(pounds).getByText('Bank Transfer')).toBeTruthy();

    const dollars = await rowOf(/\$150\.50/);
    expect(within(dollars).getAllByText('Failed')[0]).toBeTruthy();
    expect(within(dollars).getByText('Cash')).toBeTruthy();

    const walkIn = await rowOf(/CA\$0\.07/);
    expect(within(walkIn).getAllByText('Refunded')[0]).toBeTruthy();
    expect(within(walkIn).getByText('Check')).toBeTruthy();
    expect(within(walkIn).getAllByText('No appointment')).toHaveLength(2);
    expect(screen.getByText('Showing 1–4 of 4 payments')).toBeTruthy();
  });

  it('paints each status badge in the spec’s colour: completed green, pending yellow, failed red, refunded blue', async () => {
    renderPayments([euroConsultation, pendingPounds, failedDollars, refundedWalkIn]);
    /** The Status column's badge (on a phone the same badge shows under the amount). */
    const badge = async (row: RegExp, label: string) => {
      const badges = within(await rowOf(row)).getAllByText(label);
      expect(badges).toHaveLength(2);
      expect(new Set(badges.map((element) => element.className)).size).toBe(1);
      return badges[0]?.className ?? '';
    };
    const [completed, pending, failed, refunded] = await Promise.all([
      badge(/€85\.00/, 'Completed'),
      badge(/£120\.00/, 'Pending'),
      badge(/\$150\.50/, 'Failed'),
      badge(/CA\$0\.07/, 'Refunded'),
    ]);
    expect(new Set([completed, pending, failed, refunded]).size).toBe(4);
    expect(completed).toMatch(/green/);
    expect(pending).toMatch(/yellow/);
    expect(failed).toMatch(/red/);
    expect(refunded).toMatch(/blue/);
  });

  it('shows the empty state with a way to record the first payment', async () => {
    renderPayments([]);
    expect(await screen.findByRole('heading', { name: 'No payment records found' })).toBeTruthy();
    expect(screen.getByText("You haven't recorded any payments yet.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Record New Payment' }).getAttribute('href')).toBe('/provider-portal/payments/create');
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it('offers a refund only for a completed payment', async () => {
    renderPayments([euroConsultation, pendingPounds, failedDollars, refundedWalkIn]);
    await table();
    // One action per completed row (jsdom applies no media queries, so the phone's copy under the amount is there too).
    const refundButtons = screen.getAllByRole('button', { name: /^Mark as Refunded/ });
    expect(refundButtons).toHaveLength(2);
    expect(within(await rowOf(/€85\.00/)).getAllByRole('button', { name: /Mark as Refunded/ })).toHaveLength(2);
    for (const row of [/£120\.00/, /\$150\.50/, /CA\$0\.07/]) expect(within(await rowOf(row)).queryByRole('button')).toBeNull();
  });

  it('marks a completed payment refunded after confirming, then shows the list again', async () => {
    const payments = [euroConsultation, pendingPounds];
    const { calls } = renderPayments(payments, {
      'payments.refund': (input) => {
        const { id } = input as RouterInputs['payments']['refund'];
        payments[0] = { ...euroConsultation, status: 'refunded' };
        return { id, status: 'refunded' };
      },
    });
    const events = userEvent.setup();
    await events.click(refundButtonOf(await rowOf(/€85\.00/)));
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark this payment as refunded?' });
    expect(dialog.textContent).toContain('€85.00 from Emma Thompson on 11/20/2026');

    await events.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.some((call) => call.path === 'payments.refund')).toBe(false);

    await events.click(refundButtonOf(await rowOf(/€85\.00/)));
    await events.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Mark as Refunded' }));
    await findToast('Payment marked as refunded');
    expect(calls.find((call) => call.path === 'payments.refund')?.input).toEqual({ id: 'pay-eur' });
    await waitFor(async () => expect(within(await rowOf(/€85\.00/)).getAllByText('Refunded').length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: /Mark as Refunded/ })).toBeNull();
  });

  it('shows the payment machine’s message when the refund is refused', async () => {
    const refusal = 'Only a completed payment can be refunded; this one is refunded.';
    renderPayments([euroConsultation], {
      'payments.refund': () => {
        throw new ApiError({ code: 'CONFLICT', httpStatus: 409, message: refusal });
      },
    });
    const events = userEvent.setup();
    await events.click(refundButtonOf(await rowOf(/€85\.00/)));
    await events.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Mark as Refunded' }));
    const toast = await findToast('Could not mark the payment as refunded');
    expect(toast.textContent).toContain(refusal);
  });

  it('pages through a large practice, keeping the page in the address', async () => {
    const many = Array.from({ length: 45 }, (_, index): Payment => ({ ...pendingPounds, id: `pay-${index}`, amountMinor: 100 * (index + 1) }));
    const { location, calls } = renderPayments(many);
    expect(await screen.findByText('Showing 1–20 of 45 payments')).toBeTruthy();
    const events = userEvent.setup();
    await events.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 21–40 of 45 payments')).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/provider-portal/payments?page=2&cursor=after-1');
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(calls.filter((call) => call.path === 'payments.list').map((call) => (call.input as { page: number }).page)).toEqual([1, 2]);
  });
});
