/**
 * Records the portal appointments journeys need that their own screens do not make: a payment for
 * an appointment, recorded through the real API from the signed-in page (the payment machine, its
 * audit, the practice's scope), as the Record Payment form would.
 */
import { expect, type Page } from '@playwright/test';

/** Records a completed payment of `amount` US dollars for the appointment `appointmentId`; returns its id. */
export async function recordPaymentFor(page: Page, appointmentId: string, amount = '85.00'): Promise<string> {
  const answer = await page.evaluate(
    async (input) => {
      const response = await fetch('/api/trpc/payments.create', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({ json: input }),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    { amount, currency: 'usd', paymentMethod: 'card', status: 'completed', appointmentId },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const id = (answer.body as { result?: { data?: { json?: { id?: unknown } } } }).result?.data?.json?.id;
  expect(typeof id).toBe('string');
  return id as string;
}
