/**
 * Billing (issue 26) against a real PostgreSQL: invoices from completed appointments, numbers
 * gap-free under concurrent issues, void keeps the number, paid only by a payment of the same
 * currency and amount, and the e-mail with the PDF attached as the patient receives it.
 */
import { TRPCError } from '@trpc/server';
import { defaultBookingSettings } from '@wellspring/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.ts';
import { createRelay, type Relay } from '../src/outbox/relay.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { pdfText } from './support/pdf-text.ts';
import { addAppointment, addPatient, addPayment, createPractitioner, type TestPractitioner } from './support/practice-factory.ts';
import { startTestServer, testConfig, trpcMutation, type TestServer } from './support/server.ts';
import { readableMail, startSmtpSink, type SmtpSink } from './support/smtp-sink.ts';

let database: TestDatabase;
let server: TestServer;
let smtp: SmtpSink;
let owner: TestPractitioner;
let patientId: string;
const relays: Relay[] = [];
const now = new Date('2026-03-10T18:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database.db);
  smtp = await startSmtpSink();
  owner = await createPractitioner(database.db, { name: 'Dr. Juniper Vale', now });
  patientId = await addPatient(database.db, owner.practiceId, { name: 'Ada Lovelace', email: 'ada@example.com' });
  const settings = defaultBookingSettings('America/Los_Angeles');
  await owner.caller.booking.saveSettings({ ...settings, sessionTypes: [{ ...settings.sessionTypes[0]!, id: 'follow-up', name: 'Follow-up', priceMinor: 9_500 }] });
});
afterEach(async () => {
  for (const relay of relays.splice(0)) await relay.stop({ graceMs: 0 });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await database?.drop();
});

const refusal = async (call: Promise<unknown>): Promise<{ code: string; message: string }> => {
  const error = await call.then(() => null, (thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(TRPCError);
  return { code: (error as TRPCError).code, message: (error as TRPCError).message };
};

const completedVisit = (startsAt = new Date('2026-03-09T17:00:00Z')) => addAppointment(database.db, owner.practiceId, patientId, { startsAt, type: 'follow_up', status: 'completed' });

/** A draft of one line (2 × 75.00, 10 % tax: 165.00), issued; answers its id and number. */
async function issuedInvoice(practitioner = owner, patient = patientId): Promise<{ id: string; number: string }> {
  const { id } = await practitioner.caller.invoices.create({ patientId: patient });
  await practitioner.caller.invoices.save({ id, lines: [{ description: 'Acupuncture session', quantity: 2, unitPrice: '75.00' }], taxRate: '10' });
  const { number } = await practitioner.caller.invoices.issue({ id });
  return { id, number };
}

describe('invoices', () => {
  it('starts from a completed appointment with its patient and a line of its session type and price', async () => {
    const appointmentId = await completedVisit();
    const created = await owner.caller.invoices.create({ appointmentId });
    expect(created.patientId).toBe(patientId);
    const invoice = await owner.caller.invoices.byId({ id: created.id });
    expect(invoice).toMatchObject({
      status: 'draft',
      number: null,
      currency: 'USD',
      patientName: 'Ada Lovelace',
      appointmentId,
      lines: [{ description: 'Follow-up — March 9, 2026', quantity: 1, unitPriceMinor: 9_500 }],
      totalMinor: 9_500,
    });
    const scheduled = await addAppointment(database.db, owner.practiceId, patientId, { startsAt: new Date('2026-03-20T17:00:00Z'), status: 'scheduled' });
    expect(await refusal(owner.caller.invoices.create({ appointmentId: scheduled }))).toEqual({ code: 'PRECONDITION_FAILED', message: 'Only a completed appointment can be invoiced.' });
  });

  it('computes totals on save, numbers the issued invoice INV-2026-0001 and then refuses edits', async () => {
    const { id } = await owner.caller.invoices.create({ patientId });
    const saved = await owner.caller.invoices.save({ id, lines: [{ description: 'Herbs', quantity: 3, unitPrice: '33.33' }, { description: 'Session', quantity: 1, unitPrice: '100' }], taxRate: '8.25' });
    expect(saved.totals).toEqual({ subtotalMinor: 19_999, taxMinor: 1_650, totalMinor: 21_649 });
    const practice = await createPractitioner(database.db, { now });
    const patient = await addPatient(database.db, practice.practiceId, { name: 'Grace Hopper', email: 'grace@example.com' });
    const first = await issuedInvoice(practice, patient);
    expect(first.number).toBe('INV-2026-0001');
    expect((await issuedInvoice(practice, patient)).number).toBe('INV-2026-0002');
    expect(await refusal(practice.caller.invoices.save({ id: first.id, lines: [{ description: 'More', quantity: 1, unitPrice: '1' }] }))).toEqual({
      code: 'CONFLICT',
      message: 'Only a draft invoice can be edited; an issued one can only be voided.',
    });
  });

  it('is refused by the database itself once issued: no change to its lines, total or number, and void is final', async () => {
    const { id } = await issuedInvoice();
    for (const change of ["total_minor = 1", "lines = '[]'::jsonb", "number = 'INV-2026-9999'", "status = 'draft', number = NULL"]) {
      await expect(database.query(`UPDATE invoice SET ${change} WHERE id = $1`, [id]), change).rejects.toThrow(/issued invoice|draft invoice has no number/);
    }
    await owner.caller.invoices.void({ id });
    await expect(database.query("UPDATE invoice SET status = 'issued' WHERE id = $1", [id])).rejects.toThrow('an issued invoice is not changed, only paid or voided');
  });

  it('refuses bad input with 400 and the message under its field, never a 500', async () => {
    const { id } = await owner.caller.invoices.create({ patientId });
    const response = await trpcMutation<unknown>(server, 'invoices.save', { id, lines: [{ description: '', quantity: 1, unitPrice: 'abc' }], taxRate: '200' }, { cookie: owner.cookie });
    expect(response.status).toBe(400);
    const data = (response.error as { data?: { fieldErrors?: Record<string, string[]> } } | undefined)?.data;
    expect(data?.fieldErrors).toMatchObject({ lines: expect.arrayContaining(['Please describe this line.', 'Please enter a valid amount.']), taxRate: ['Tax rate must be a percentage from 0 to 100 with at most 2 decimals.'] });
  });

  it('gives 20 concurrent issues of 20 drafts the numbers 0001 to 0020, no gap and no repeat', async () => {
    const practice = await createPractitioner(database.db, { now });
    const patient = await addPatient(database.db, practice.practiceId, { name: 'Katherine Johnson' });
    const drafts = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const { id } = await practice.caller.invoices.create({ patientId: patient });
        await practice.caller.invoices.save({ id, lines: [{ description: `Visit ${index + 1}`, quantity: 1, unitPrice: '50' }] });
        return id;
      }),
    );
    // A refused issue in the middle of them (a draft issued twice) gives its number back.
    const issued = await Promise.allSettled([...drafts, drafts[0]!].map((id) => practice.caller.invoices.issue({ id })));
    expect(issued.filter((result) => result.status === 'rejected')).toHaveLength(1);
    const numbers = (await practice.caller.invoices.list({ pageSize: 100 })).items.map((row) => row.number).toSorted();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => `INV-2026-${String(index + 1).padStart(4, '0')}`));
  });

  it('voids an issued invoice, which keeps its number and is final', async () => {
    const { id, number } = await issuedInvoice();
    expect(await owner.caller.invoices.void({ id })).toEqual({ id, status: 'void' });
    expect(await owner.caller.invoices.byId({ id })).toMatchObject({ status: 'void', number });
    expect(await refusal(owner.caller.invoices.void({ id }))).toEqual({ code: 'CONFLICT', message: 'A void invoice cannot be voided.' });
    expect((await refusal(owner.caller.invoices.recordPayment({ id }))).message).toBe('Only an issued invoice can be marked paid.');
    expect((await owner.caller.invoices.list({ status: 'void' })).items.map((row) => row.id)).toContain(id);
  });

  it('is paid only by a completed payment of its currency and amount, which then points at it', async () => {
    const { id } = await issuedInvoice();
    const mismatch = "The payment must be of the invoice's currency and amount ($165.00).";
    const short = await addPayment(database.db, owner.practiceId, { amountMinor: 16_400 });
    const euros = await addPayment(database.db, owner.practiceId, { amountMinor: 16_500, currency: 'eur' });
    expect(await refusal(owner.caller.invoices.markPaid({ id, paymentId: short }))).toEqual({ code: 'PRECONDITION_FAILED', message: mismatch });
    expect(await refusal(owner.caller.invoices.markPaid({ id, paymentId: euros }))).toEqual({ code: 'PRECONDITION_FAILED', message: mismatch });
    expect((await owner.caller.invoices.byId({ id })).status).toBe('issued');
    const exact = await addPayment(database.db, owner.practiceId, { amountMinor: 16_500 });
    expect(await owner.caller.invoices.markPaid({ id, paymentId: exact })).toEqual({ id, status: 'paid', paymentId: exact });
    expect(await owner.caller.invoices.byId({ id })).toMatchObject({ status: 'paid', paymentId: exact });
    expect(await database.query('SELECT invoice_id FROM payment WHERE id = $1', [exact])).toEqual([{ invoice_id: id }]);
    // One payment pays one invoice.
    const other = await issuedInvoice();
    expect(await refusal(owner.caller.invoices.markPaid({ id: other.id, paymentId: exact }))).toEqual({ code: 'CONFLICT', message: 'This payment already pays another invoice.' });
  });

  it('records the payment from the invoice and marks it paid in one go', async () => {
    const { id } = await issuedInvoice();
    const paid = await owner.caller.invoices.recordPayment({ id, paymentMethod: 'cash' });
    expect(paid).toMatchObject({ id, status: 'paid' });
    const payments = await owner.caller.payments.list({});
    expect(payments.items.find((row) => row.id === paid.paymentId)).toMatchObject({ amountMinor: 16_500, currency: 'usd', method: 'cash', status: 'completed', patientName: 'Ada Lovelace' });
    expect(await database.query('SELECT invoice_id FROM payment WHERE id = $1', [paid.paymentId])).toEqual([{ invoice_id: id }]);
  });

  it('e-mails the issued invoice to its patient with the PDF attached: number, patient, lines and totals as on screen', async () => {
    const { id, number } = await issuedInvoice();
    expect(await refusal(owner.caller.invoices.send({ id: (await owner.caller.invoices.create({ patientId })).id }))).toEqual({ code: 'CONFLICT', message: 'Issue the invoice before sending it.' });
    expect(await owner.caller.invoices.send({ id })).toEqual({ id, email: 'ada@example.com' });
    const relay = createRelay({ db: database.db, config: testConfig({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://wellspring.test', MAIL_FROM: 'Wellspring <hello@wellspring.test>' }).relay, logger: createLogger('silent') });
    relays.push(relay);
    await relay.drain();
    const mail = smtp.messages.find((message) => readableMail(message.raw).includes(`Invoice ${number}`));
    expect(mail?.to).toEqual(['ada@example.com']);
    const raw = readableMail(mail?.raw ?? '');
    expect(raw).toContain(`Subject: Invoice ${number} from Dr. Juniper Vale`);
    expect(raw).toContain(`filename=${number}.pdf`);
    const attachment = /Content-Type: application\/pdf[^]*?\r\n\r\n([A-Za-z0-9+/=\r\n]+?)\r\n--/.exec(mail?.raw ?? '')?.[1] ?? '';
    const pdf = await pdfText(Buffer.from(attachment.replace(/\s+/g, ''), 'base64'));
    expect(pdf.title).toBe(`Invoice ${number}`);
    for (const text of [`Invoice ${number}`, 'Dr. Juniper Vale', 'Billed to: Ada Lovelace', 'Acupuncture session', '$75.00', 'Subtotal', '$150.00', 'Tax (10%)', '$15.00', 'Total', '$165.00']) expect(pdf.text).toContain(text);
    // The download gives the same document.
    const download = await owner.caller.invoices.pdf({ id });
    expect(download.fileName).toBe(`${number}.pdf`);
    expect((await pdfText(Buffer.from(download.base64, 'base64'))).text).toContain('$165.00');
  });
});
