/**
 * An online booking after the click (issue 24): the patient's e-mails through the outbox relay and a
 * real SMTP server — the request or confirmation with an .ics invitation and a private manage link,
 * the practitioner's confirm or decline, a cancellation (METHOD:CANCEL) or a move (a new SEQUENCE,
 * a new link, the old one dead at once), the reminder sent exactly once and never after a
 * cancellation, and a freed time offered to the patients waiting for an earlier one: first come,
 * first served.
 */
import { createHash } from 'node:crypto';
import { defaultBookingSettings, type BookingSettings, type OpenSlot } from '@wellspring/domain';
import superjson from 'superjson';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.ts';
import { createRelay, type Relay } from '../src/outbox/relay.ts';
import { claimDueDeliveries } from '../src/repositories/outbox.repository.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { createPractitioner, publishBookableListing, type TestPractitioner } from './support/practice-factory.ts';
import { startTestServer, testConfig, trpcMutation, trpcQuery, type TestServer } from './support/server.ts';
import { readableMail, startSmtpSink, type ReceivedMail, type SmtpSink } from './support/smtp-sink.ts';

let database: TestDatabase;
let server: TestServer;
let smtp: SmtpSink;
let practitioner: TestPractitioner;
let listingId: string;
/** The server's clock: a test moves it to put a reminder's time in the past. */
let clock: Date | null = null;
const relays: Relay[] = [];

const settings: BookingSettings = {
  ...defaultBookingSettings('America/New_York'),
  enabled: true,
  // More than the cancellation window, so every open time can still be changed from its link,
  // whatever the hour the tests run (at 60 minutes the first time could fall inside the window).
  minimumNoticeMinutes: 3 * 60,
  cancellationWindowHours: 2,
  reminder: '24h',
  sessionTypes: [
    { id: 'intro', name: 'Intro consultation', durationMinutes: 60, priceMinor: 12000, mode: 'in-person', newPatientsOnly: false, description: '', approval: 'confirm' },
    { id: 'follow', name: 'Follow-up', durationMinutes: 30, priceMinor: 6000, mode: 'virtual', newPatientsOnly: false, description: '', approval: 'auto' },
  ],
};

const query = <Data>(procedure: string, input: unknown) => trpcQuery<Data>(server, `${procedure}?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`);
const slotsOf = async (sessionTypeId: string, days = 14) => (await query<{ slots: OpenSlot[] }>('booking.slots', { practitionerId: listingId, sessionTypeId, days })).data?.slots ?? [];
let visitor = 0;
async function book(sessionTypeId: string, startsAt: string, overrides: Record<string, unknown> = {}): Promise<{ email: string; appointmentId: string }> {
  visitor += 1;
  const email = `patient.${visitor}@example.com`;
  const answer = await trpcMutation<{ appointmentId: string }>(
    server,
    'booking.book',
    { practitionerId: listingId, sessionTypeId, startsAt, name: `Pat Links ${visitor}`, email, phone: '', reason: '', consent: true, notifyEarlier: false, ...overrides },
    { headers: { 'x-forwarded-for': `203.0.113.${visitor}` } },
  );
  expect(answer.status, answer.error?.message).toBe(200);
  return { email, appointmentId: answer.data?.appointmentId ?? '' };
}

function relay(): Relay {
  const config = testConfig({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://wellspring.test', MAIL_FROM: 'Wellspring <hello@wellspring.test>' }).relay;
  const created = createRelay({ db: database.db, config, logger: createLogger('silent') });
  relays.push(created);
  return created;
}
const mailsTo = (email: string): { subject: string; text: string; raw: string }[] =>
  smtp.messages
    .filter((mail: ReceivedMail) => mail.to.includes(email))
    .map((mail) => {
      const text = readableMail(mail.raw);
      return { subject: /^Subject: (.*)$/m.exec(text)?.[1] ?? '', text, raw: mail.raw };
    });
const tokenIn = (text: string): string => /\/bookings\/manage(?:\?[^#\s]*)?#([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpSink();
  server = await startTestServer(database.db, { TRUST_PROXY: '1' }, { now: () => clock ?? new Date() });
  practitioner = await createPractitioner(database.db, { name: 'Dr. Links' });
  listingId = await publishBookableListing(practitioner, 'Portland, OR', settings);
});

afterEach(async () => {
  clock = null;
  await Promise.all(relays.splice(0).map((each) => each.stop({ graceMs: 0 })));
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await database?.drop();
});

describe('the e-mails of a booking and its manage link', () => {
  it('e-mails the request with an invitation and a private link, then the confirmation; the link shows the booking', async () => {
    const [slot] = await slotsOf('intro');
    const { email, appointmentId } = await book('intro', slot!.startsAt);

    await relay().drain();
    const [received] = mailsTo(email);
    expect(received?.subject).toBe('Your booking request with Dr. Links was received');
    expect(received?.text).toContain('METHOD:REQUEST');
    expect(received?.text).toContain('STATUS:TENTATIVE');
    const token = tokenIn(received?.text ?? '');
    expect(token).toHaveLength(43);
    // Stored only as its hash; nowhere in the events or the audit log.
    const stored = await database.query<{ manage_token_hash: Buffer }>('SELECT manage_token_hash FROM booking WHERE appointment_id = $1', [appointmentId]);
    expect(stored[0]?.manage_token_hash.equals(createHash('sha256').update(token).digest())).toBe(true);
    expect(await database.query("SELECT count(*)::int AS n FROM domain_event WHERE payload::text LIKE '%' || $1 || '%' OR payload::text LIKE '%Pat Links%' OR payload::text LIKE '%@example.com%'", [token])).toEqual([{ n: 0 }]);

    const view = await query<{ sessionTypeName: string; startsAt: string; confirmed: boolean; changeable: boolean; practitionerName: string }>('booking.manage', { token });
    expect(view.data).toMatchObject({ sessionTypeName: 'Intro consultation', startsAt: slot!.startsAt, confirmed: false, changeable: true, practitionerName: 'Dr. Links' });

    await practitioner.caller.appointments.confirm({ id: appointmentId });
    await relay().drain();
    const confirmation = mailsTo(email)[1];
    expect(confirmation?.subject).toBe('Dr. Links confirmed your appointment');
    expect(confirmation?.text).toContain('STATUS:CONFIRMED');
    expect(confirmation?.text).toContain('SEQUENCE:1');
  });

  it('tells the patient a declined request, with a cancellation for their calendar', async () => {
    const slots = await slotsOf('intro');
    const { email, appointmentId } = await book('intro', slots[1]!.startsAt);
    await relay().drain();
    await practitioner.caller.appointments.cancel({ id: appointmentId });
    await relay().drain();
    const subjects = mailsTo(email).map((mail) => mail.subject);
    expect(subjects).toEqual(['Your booking request with Dr. Links was received', 'Dr. Links could not accept your booking request']);
    const declined = mailsTo(email)[1]!.text;
    expect(declined).toContain('METHOD:CANCEL');
    expect(declined).toContain('STATUS:CANCELLED');
    expect(tokenIn(declined)).toBe('');
  });

  it('cancels from the link: a METHOD:CANCEL e-mail, the link dead at once, the time offered again', async () => {
    const [slot] = await slotsOf('follow');
    const { email } = await book('follow', slot!.startsAt);
    await relay().drain();
    const token = tokenIn(mailsTo(email)[0]!.text);
    expect(mailsTo(email)[0]!.subject).toBe('Your appointment with Dr. Links is confirmed');
    expect((await slotsOf('follow')).map((each) => each.startsAt)).not.toContain(slot!.startsAt);

    expect((await trpcMutation(server, 'booking.cancel', { token })).data).toEqual({ cancelled: true });
    await relay().drain();
    const cancelled = mailsTo(email)[1]!;
    expect(cancelled.subject).toBe('Your appointment with Dr. Links is cancelled');
    expect(cancelled.text).toContain('METHOD:CANCEL');
    expect(cancelled.text).toContain('SEQUENCE:2');
    const again = await query('booking.manage', { token });
    expect(again.status).toBe(404);
    expect(again.error?.message).toMatch(/^This link no longer works/);
    expect((await trpcMutation(server, 'booking.cancel', { token })).status).toBe(404);
    expect((await slotsOf('follow')).map((each) => each.startsAt)).toContain(slot!.startsAt);
  });

  it('moves from the link to another open time: the old link dies, the new e-mail carries a new one and a new SEQUENCE', async () => {
    const slots = await slotsOf('follow');
    const { email } = await book('follow', slots[3]!.startsAt);
    await relay().drain();
    const token = tokenIn(mailsTo(email)[0]!.text);
    const moved = await trpcMutation<{ startsAt: string }>(server, 'booking.move', { token, startsAt: slots[5]!.startsAt });
    expect(moved.data?.startsAt).toBe(slots[5]!.startsAt);
    expect((await query('booking.manage', { token })).status).toBe(404);
    await relay().drain();
    const movedMail = mailsTo(email).find((mail) => mail.subject === 'Your appointment with Dr. Links has moved');
    expect(movedMail?.text).toContain('SEQUENCE:3');
    const newToken = tokenIn(movedMail?.text ?? '');
    expect(newToken).not.toBe(token);
    expect((await query<{ startsAt: string }>('booking.manage', { token: newToken })).data?.startsAt).toBe(slots[5]!.startsAt);
    // A time that is not open is refused with the booking rules' words.
    const outside = await trpcMutation(server, 'booking.move', { token: newToken, startsAt: '2099-01-01T03:00:00.000Z' });
    expect(outside.status).toBe(400);
  });

  it('refuses a change inside the cancellation window, saying how to reach the practice', async () => {
    const slots = await slotsOf('follow');
    const { email } = await book('follow', slots[6]!.startsAt);
    await relay().drain();
    const token = tokenIn(mailsTo(email)[0]!.text);
    clock = new Date(Date.parse(slots[6]!.startsAt) - 60 * 60_000);
    const refused = await trpcMutation(server, 'booking.cancel', { token });
    expect(refused.status).toBe(412);
    expect(refused.error?.message).toBe('Online changes close 2 hours before the appointment. Please contact Dr. Links to change or cancel it.');
    expect((await query<{ changeable: boolean }>('booking.manage', { token })).data?.changeable).toBe(false);
  });

  it('refuses a malformed or unknown token as a dead link, never a 500', async () => {
    for (const token of ['x', 'A'.repeat(43), `${'A'.repeat(42)}!`]) {
      const answer = await query('booking.manage', { token });
      expect(answer.status).toBe(404);
    }
  });
});

describe('reminders', () => {
  /**
   * Books at a time whose reminder is already due: the server's clock a week back, so its open
   * times hold working days whatever today is (three days back from a Sunday morning held none).
   */
  async function bookWithReminderDue(): Promise<{ email: string; appointmentId: string }> {
    clock = new Date(Date.now() - 7 * 86_400_000);
    const slots = await slotsOf('follow', 7);
    // A slot at least a day and a half after the clock, in the real past, so its reminder is due now.
    const slot = slots.find((each) => Date.parse(each.startsAt) > clock!.getTime() + 36 * 3_600_000 && Date.parse(each.startsAt) < Date.now())!;
    const booked = await book('follow', slot.startsAt);
    return booked;
  }
  const reminders = (email: string) => mailsTo(email).filter((mail) => mail.subject.startsWith('Reminder:'));

  it('sends the reminder once, however often the relay passes', async () => {
    const { email } = await bookWithReminderDue();
    await relay().drain();
    await relay().drain();
    expect(reminders(email)).toHaveLength(1);
    expect(reminders(email)[0]?.subject).toBe('Reminder: your appointment with Dr. Links');
  });

  it('never sends it for a cancelled appointment', async () => {
    const { email, appointmentId } = await bookWithReminderDue();
    // Cancelled before the relay's next pass: the confirmation, if it had not gone yet, and the
    // reminder are no longer sent; the cancellation is.
    await practitioner.caller.appointments.cancel({ id: appointmentId });
    await relay().drain();
    expect(mailsTo(email).map((mail) => mail.subject)).toEqual(['Dr. Links cancelled your appointment']);
    expect(reminders(email)).toHaveLength(0);
  });

  it('waits for its time, across a restart, and goes out once after a relay died holding it', async () => {
    const { email, appointmentId } = await bookWithReminderDue();
    // Its time not come yet (a day away): a relay sends the confirmation and leaves the reminder.
    await database.query(
      "UPDATE domain_event SET next_attempt_at = now() + interval '1 day' WHERE type = 'BookingReminderScheduled' AND aggregate_id = (SELECT id FROM booking WHERE appointment_id = $1)",
      [appointmentId],
    );
    const first = relay();
    first.start();
    await first.drain();
    await first.stop();
    expect(reminders(email)).toHaveLength(0);
    // The time comes; a relay claims it and dies before sending (its lease runs out unrecorded).
    await database.query("UPDATE domain_event SET next_attempt_at = now() - interval '1 second' WHERE type = 'BookingReminderScheduled' AND aggregate_id = (SELECT id FROM booking WHERE appointment_id = $1)", [appointmentId]);
    const claimed = await claimDueDeliveries(database.db, { types: ['BookingReminderScheduled'], limit: 10, leaseMs: 300 });
    expect(claimed.length).toBeGreaterThan(0);
    // A new relay (the restarted server) sends it once the lease is gone.
    await relay().drain({ timeoutMs: 10_000 });
    expect(reminders(email)).toHaveLength(1);
  });

  it('is not work in hand while its time has not come, however soon: draining does not wait for it', async () => {
    const { email, appointmentId } = await bookWithReminderDue();
    // Due in ten minutes, well within the relay's longest retry wait (an hour by default). A
    // Sunday's bookings (the next open times a day away) put reminders there, and the drain waited.
    await database.query(
      "UPDATE domain_event SET next_attempt_at = now() + interval '10 minutes' WHERE type = 'BookingReminderScheduled' AND aggregate_id = (SELECT id FROM booking WHERE appointment_id = $1)",
      [appointmentId],
    );
    // A drain that waited for it would fail here: it gives up (throws) after its time.
    await relay().drain({ timeoutMs: 5_000 });
    expect(mailsTo(email).map((mail) => mail.subject)).toEqual(['Your appointment with Dr. Links is confirmed']);
  });
});

describe('an earlier time for the patients waiting for one', () => {
  it('offers a cancelled time to those who asked; the first to take it gets it, the next hears it is taken', async () => {
    const slots = await slotsOf('follow');
    const early = slots[8]!;
    const later = slots.slice(9).filter((slot) => slot.localDate !== early.localDate || Date.parse(slot.startsAt) >= Date.parse(early.startsAt) + 3_600_000);
    const first = await book('follow', later[0]!.startsAt, { notifyEarlier: true });
    const second = await book('follow', later[1]!.startsAt, { notifyEarlier: true });
    const notWaiting = await book('follow', later[2]!.startsAt, { notifyEarlier: false });
    const freed = await book('follow', early.startsAt);
    await relay().drain();
    await practitioner.caller.appointments.cancel({ id: freed.appointmentId });
    await relay().drain();

    const offerTo = (email: string) => mailsTo(email).find((mail) => mail.subject === 'An earlier time opened with Dr. Links');
    expect(offerTo(notWaiting.email)).toBeUndefined();
    const offers = [offerTo(first.email), offerTo(second.email)];
    for (const offer of offers) expect(offer?.text).toContain(`?earlier=${encodeURIComponent(early.startsAt)}#`);
    const taken = await trpcMutation(server, 'booking.move', { token: tokenIn(offers[0]!.text), startsAt: early.startsAt });
    expect(taken.status).toBe(200);
    const tooLate = await trpcMutation(server, 'booking.move', { token: tokenIn(offers[1]!.text), startsAt: early.startsAt });
    expect(tooLate.status).toBe(409);
    expect(tooLate.error?.message).toBe('That time was just taken — please choose another');
    expect((await query<{ startsAt: string }>('booking.manage', { token: tokenIn(offers[1]!.text) })).data?.startsAt).toBe(later[1]!.startsAt);
  });
});
