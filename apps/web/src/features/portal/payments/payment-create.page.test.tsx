import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouterInputs, RouterOutputs } from '@wellspring/server/router';
import { describe, expect, it } from 'vitest';
import { ApiError, serverError, stubApi, type ApiHandler } from '../../../test/api-stub.ts';
import { stubMatchMedia } from '../../../test/match-media.ts';
import { renderApp } from '../../../test/render.tsx';
import { findToast } from '../../../test/toasts.ts';
import { stepAmount } from './payment-create.page.tsx';

type CreateInput = RouterInputs['payments']['create'];
type Appointment = RouterOutputs['appointments']['byId'];

const robin = { id: 'u1', name: 'Dr. Robin Vale', email: 'robin@example.com' };

const emmasConsultation: Appointment = {
  id: 'a1',
  patientId: 'p-emma',
  status: 'completed',
  form: {
    patientName: 'Emma Thompson',
    patientEmail: 'emma@example.com',
    appointmentType: 'consultation',
    date: '2026-11-20T10:30',
    duration: '60',
    notes: '',
  },
};

function renderForm(handlers: Record<string, ApiHandler> = {}, path = '/provider-portal/payments/create') {
  stubMatchMedia();
  const api = stubApi({
    'auth.me': () => ({ user: robin }),
    'payments.list': () => ({ items: [], total: 0, page: 1, pageSize: 20 }),
    'payments.create': (input) => {
      const { currency } = input as CreateInput;
      return { id: 'pay-1', amountMinor: 8500, currency: currency ?? 'usd', status: 'completed' };
    },
    'appointments.byId': () => emmasConsultation,
    ...handlers,
  });
  return { ...api, ...renderApp({ path }) };
}

const amountField = () => screen.findByRole('textbox', { name: 'Amount' });
const selectButton = (label: string) => screen.getByRole('button', { name: new RegExp(`${label}$`) });

async function choose(events: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await events.click(selectButton(label));
  await events.click(await screen.findByRole('option', { name: option }));
}

describe('Record Payment', { timeout: 20_000 }, () => {
  it('starts with the spec’s defaults: US dollars, card, completed; a decimal amount field; a way back to the list', async () => {
    renderForm();
    expect(await screen.findByRole('heading', { level: 1, name: 'Record Payment' })).toBeTruthy();
    const amount = await amountField();
    expect((amount as HTMLInputElement).value).toBe('');
    expect(amount.getAttribute('inputmode')).toBe('decimal');
    expect(selectButton('Currency').textContent).toContain('USD');
    expect(selectButton('Payment Method').textContent).toContain('Credit/Debit Card');
    expect(selectButton('Status').textContent).toContain('Completed');
    expect(screen.getByRole('link', { name: 'Back to Payments' }).getAttribute('href')).toBe('/provider-portal/payments');
    expect(screen.queryByText(/preview of payment functionality/)).toBeNull();
  });

  it('offers the spec’s labels for currency, method and status', async () => {
    renderForm();
    const events = userEvent.setup();
    await amountField();
    const options = async (label: string) => {
      await events.click(selectButton(label));
      const names = (await screen.findAllByRole('option')).map((option) => option.textContent);
      await events.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
      return names;
    };
    expect(await options('Currency')).toEqual(['USD', 'EUR', 'GBP', 'CAD', 'AUD']);
    expect(await options('Payment Method')).toEqual(['Credit/Debit Card', 'Cash', 'Insurance', 'Bank Transfer', 'Check']);
    expect(await options('Status')).toEqual(['Completed', 'Pending', 'Failed', 'Refunded']);
  });

  it('records a EUR payment for the appointment of ?appointmentId=, says so and returns to the list', async () => {
    const { calls, location } = renderForm({}, '/provider-portal/payments/create?appointmentId=a1');
    const events = userEvent.setup();
    expect(await screen.findByText('Consultation with Emma Thompson on November 20, 2026 at 10:30 AM')).toBeTruthy();
    await events.type(await amountField(), '85');
    await choose(events, 'Currency', 'EUR');
    await choose(events, 'Payment Method', 'Cash');
    await events.click(screen.getByRole('button', { name: 'Record Payment' }));

    await findToast('Payment of EUR 85.00 recorded successfully!');
    expect(calls.find((call) => call.path === 'payments.create')?.input).toEqual({ amount: '85', currency: 'eur', paymentMethod: 'cash', status: 'completed', appointmentId: 'a1' });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/provider-portal/payments'));
  });

  it('records a payment of a patient chosen from the practice’s (no New Patient here)', async () => {
    const { calls } = renderForm({ 'schedule.patientOptions': () => [{ id: 'p-emma', name: 'Emma Thompson' }] });
    const events = userEvent.setup();
    await events.type(await amountField(), '40');
    const patient = screen.getByRole('combobox', { name: 'Patient (optional)' });
    await events.click(patient);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Emma Thompson']);
    await events.click(screen.getByRole('option', { name: 'Emma Thompson' }));
    await events.click(screen.getByRole('button', { name: 'Record Payment' }));
    await findToast('Payment of USD 85.00 recorded successfully!');
    expect(calls.find((call) => call.path === 'payments.create')?.input).toEqual({ amount: '40', currency: 'usd', paymentMethod: 'card', status: 'completed', patientId: 'p-emma' });
  });

  it('keeps the form filled and says "Error recording payment" when the save fails', async () => {
    const { location } = renderForm({
      'payments.create': () => {
        throw serverError();
      },
    });
    const events = userEvent.setup();
    await events.type(await amountField(), '150.50');
    await choose(events, 'Currency', 'GBP');
    await events.click(screen.getByRole('button', { name: 'Record Payment' }));

    const toast = await findToast('Error recording payment');
    expect(toast.textContent).toContain('Please try again later.');
    expect(((await amountField()) as HTMLInputElement).value).toBe('150.50');
    expect(selectButton('Currency').textContent).toContain('GBP');
    expect(location.history?.at(-1)).toBe('/provider-portal/payments/create');
  });

  it('refuses more than two decimals with the schema’s message, without calling the server', async () => {
    const { calls } = renderForm();
    const events = userEvent.setup();
    await events.type(await amountField(), '12.345');
    await events.click(screen.getByRole('button', { name: 'Record Payment' }));
    expect(await screen.findByText('Amount can have at most 2 decimal places.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Amount' })));
    expect(calls.some((call) => call.path === 'payments.create')).toBe(false);

    await events.clear(await amountField());
    await events.click(screen.getByRole('button', { name: 'Record Payment' }));
    expect(await screen.findByText('Please enter a valid amount.')).toBeTruthy();
  });

  it('shows the server’s word when the appointment is not the practitioner’s', async () => {
    const notFound = () => {
      throw new ApiError({ code: 'NOT_FOUND', httpStatus: 404, message: 'Appointment not found.' });
    };
    renderForm({ 'appointments.byId': notFound, 'payments.create': notFound }, '/provider-portal/payments/create?appointmentId=foreign');
    const events = userEvent.setup();
    const linked = await screen.findByText('For appointment');
    await waitFor(() => expect(within(linked.parentElement as HTMLElement).getByText('Appointment not found.')).toBeTruthy());
    expect(within(linked.parentElement as HTMLElement).getByText('foreign')).toBeTruthy();
    await events.type(await amountField(), '10');
    await events.click(screen.getByRole('button', { name: 'Record Payment' }));
    await findToast('Error recording payment');
  });

  it('steps the amount by one cent with the arrow keys, in whole cents', async () => {
    expect(stepAmount('0.1', 1)).toBe('0.11');
    expect(stepAmount('', 1)).toBe('0.01');
    expect(stepAmount('0.00', -1)).toBe('0.00');
    expect(stepAmount('19.99', 1)).toBe('20.00');
    expect(stepAmount('abc', 1)).toBeNull();

    renderForm();
    const events = userEvent.setup();
    await events.type(await amountField(), '0.29');
    await events.keyboard('{ArrowUp}');
    expect(((await amountField()) as HTMLInputElement).value).toBe('0.30');
  });
});
