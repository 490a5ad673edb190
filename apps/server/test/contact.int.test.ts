/**
 * Contact on a practitioner's public profile (issue 16) on a real PostgreSQL: a visitor's message is
 * stored for the listing and its account's practice and e-mailed through the outbox relay to a real
 * local SMTP server — to the account's address, or to RECEIVER_EMAIL for a listing no account owns;
 * bad input is a 400 with field messages, an unknown practitioner a 404, too many messages from one
 * address a 429; the practitioner lists the messages newest first with the unread count and marks
 * one read (once, audited).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { seedSamplePractitioners } from '../src/seed/seed.ts';
import { createLogger } from '../src/logger.ts';
import { createRelay, type Relay } from '../src/outbox/relay.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { createPractitioner, type TestPractitioner } from './support/practice-factory.ts';
import { startTestServer, testConfig, trpcMutation, type TestServer } from './support/server.ts';
import { readableMail, startSmtpSink, type SmtpSink } from './support/smtp-sink.ts';

let database: TestDatabase;
let server: TestServer;
let smtp: SmtpSink;
let owner: TestPractitioner;
let listingId: string;
const relays: Relay[] = [];

const RECEIVER = 'team@wellspring.test';

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database.db);
  smtp = await startSmtpSink();
  await seedSamplePractitioners(database.db);
  owner = await createPractitioner(database.db, { name: 'Dr. Juniper Vale' });
  const saved = await owner.caller.profile.save({
    name: 'Dr. Juniper Vale',
    location: 'Portland, OR',
    shortBio: 'Acupuncture for chronic pain.',
    about: 'Licensed acupuncturist treating chronic pain, headaches and stress with acupuncture and herbs.',
    yearsExperience: '9',
    specialties: ['Acupuncture'],
    profileImage: null,
  });
  listingId = saved.practitionerId;
});
afterEach(async () => {
  for (const relay of relays.splice(0)) await relay.stop({ graceMs: 0 });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await database?.drop();
});

function relay(): Relay {
  const config = testConfig({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://wellspring.test', MAIL_FROM: 'Wellspring <hello@wellspring.test>', RECEIVER_EMAIL: RECEIVER }).relay;
  const created = createRelay({ db: database.db, config, logger: createLogger('silent') });
  relays.push(created);
  return created;
}

const form = (practitionerId: string, fields: Record<string, unknown> = {}) => ({
  practitionerId,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '(503) 555-0142',
  message: 'I would like to book a first visit for migraines.\nWeekday mornings suit me best.',
  consent: true,
  ...fields,
});

const storedFor = (practitionerId: string) =>
  database.query<{ id: string; practice_id: string | null; sender_name: string; sender_email: string; sender_phone: string; message: string; read_at: Date | null; consented_at: Date; created_at: Date }>(
    'SELECT id, practice_id, sender_name, sender_email, sender_phone, message, read_at, consented_at, created_at FROM contact_message WHERE practitioner_id = $1 ORDER BY created_at',
    [practitionerId],
  );

describe('contactMessages.send', () => {
  it('stores the message for the listing and its practice, and e-mails it to the account with the sender as Reply-To', async () => {
    const sent = await trpcMutation<{ id: string }>(server, 'contactMessages.send', form(listingId, { name: '  Ada Lovelace ', email: ' ada@example.com ' }));
    expect(sent.status).toBe(200);
    const id = sent.data?.id ?? '';
    const [row] = await storedFor(listingId);
    expect(row).toMatchObject({
      id,
      practice_id: owner.practiceId,
      sender_name: 'Ada Lovelace',
      sender_email: 'ada@example.com',
      sender_phone: '(503) 555-0142',
      message: 'I would like to book a first visit for migraines.\nWeekday mornings suit me best.',
      read_at: null,
    });
    expect(row?.consented_at).toEqual(row?.created_at);
    // Queued in the same transaction, with no sender's words in the event log.
    const [event] = await database.query<{ type: string; delivery: string; payload: unknown }>("SELECT type, delivery_status AS delivery, payload FROM domain_event WHERE aggregate_type = 'contact_message' AND aggregate_id = $1", [id]);
    expect(event).toEqual({ type: 'ContactMessageSent', delivery: 'pending', payload: { type: 'ContactMessageSent', id, practitionerId: listingId } });

    await relay().drain();
    const mails = smtp.messages.filter((mail) => mail.to.includes(owner.user.email));
    expect(mails).toHaveLength(1);
    const mail = readableMail(mails[0]?.raw ?? '');
    expect(mail).toContain('Subject: New message from Ada Lovelace via Wellspring');
    expect(mail).toMatch(/Reply-To: "?Ada Lovelace"? <ada@example\.com>/);
    expect(mail).toContain('Hello Dr. Juniper Vale,');
    expect(mail).toContain('Phone: (503) 555-0142');
    expect(mail).toContain('Weekday mornings suit me best.');
    expect(mail).toContain('https://wellspring.test/dashboard');
    expect(smtp.messages.some((message) => message.to.includes(RECEIVER))).toBe(false);
    const [delivered] = await database.query<{ delivery: string }>("SELECT delivery_status AS delivery FROM domain_event WHERE aggregate_id = $1 AND type = 'ContactMessageSent'", [id]);
    expect(delivered?.delivery).toBe('delivered');
  });

  it('sends the message for a listing no account owns to RECEIVER_EMAIL, naming the practitioner', async () => {
    const before = smtp.messages.length;
    const sent = await trpcMutation<{ id: string }>(server, 'contactMessages.send', form('1', { name: 'Grace Hopper', email: 'grace@example.com', phone: '' }));
    expect(sent.status).toBe(200);
    const rows = await storedFor('1');
    expect(rows.map((row) => [row.id, row.practice_id, row.sender_phone])).toEqual([[sent.data?.id, null, '']]);

    await relay().drain();
    const mails = smtp.messages.slice(before);
    expect(mails.map((mail) => mail.to)).toEqual([[RECEIVER]]);
    const mail = readableMail(mails[0]?.raw ?? '');
    expect(mail).toContain('Subject: Message for Dr. Elena Rodriguez from Grace Hopper via Wellspring');
    expect(mail).toContain('Dr. Elena Rodriguez has no Wellspring account yet');
    expect(mail).toContain('https://wellspring.test/practitioners/1');
    expect(mail).not.toContain('Phone:');
    expect(mail).toMatch(/Reply-To: "?Grace Hopper"? <grace@example\.com>/);
  });

  it('refuses bad input with a 400 and every field message, storing nothing', async () => {
    const response = await trpcMutation(server, 'contactMessages.send', { practitionerId: listingId, name: 'A', email: 'not-an-email', phone: '555', message: 'Hi', consent: false });
    expect(response.status).toBe(400);
    expect(response.error?.data.fieldErrors).toEqual({
      name: ['Name must be at least 2 characters.'],
      email: ['Please enter a valid email address.'],
      phone: ['Please enter a valid phone number.'],
      message: ['Message must be at least 10 characters.'],
      consent: ['Please agree to be contacted about your message.'],
    });
    const missingConsent = await trpcMutation(server, 'contactMessages.send', { ...form(listingId), consent: undefined });
    expect(missingConsent.status).toBe(400);
    expect(missingConsent.error?.data.fieldErrors).toEqual({ consent: ['Please agree to be contacted about your message.'] });
    expect(await database.query("SELECT id FROM contact_message WHERE sender_name = 'A' OR message = 'Hi'")).toEqual([]);
  });

  it('answers an unknown practitioner 404 "We couldn\'t find the practitioner you\'re looking for." and stores nothing', async () => {
    const count = async () => (await database.query<{ n: number }>("SELECT (SELECT count(*) FROM contact_message)::int + (SELECT count(*) FROM domain_event WHERE aggregate_type = 'contact_message')::int AS n"))[0]?.n;
    const before = await count();
    const response = await trpcMutation(server, 'contactMessages.send', form('no-such-practitioner'));
    expect(response.status).toBe(404);
    expect(response.error?.message).toBe("We couldn't find the practitioner you're looking for.");
    expect(await count()).toBe(before);
  });

  it('takes 5 messages per address in 10 minutes by default, then answers 429 with its message and Retry-After', async () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://unused' }).rateLimits).toMatchObject({ contactMax: 5, contactWindowMs: 10 * 60_000 });
    const limited = await startTestServer(database.db, { RATE_LIMIT_CONTACT_MAX: '5', RATE_LIMIT_CONTACT_WINDOW_MIN: '10' });
    try {
      await database.query("DELETE FROM rate_limit WHERE key LIKE 'contact-send:%'");
      const before = (await storedFor('2')).length;
      const responses = [];
      for (let index = 0; index < 6; index += 1) responses.push(await trpcMutation(limited, 'contactMessages.send', form('2', { message: `Message number ${index} about a visit.` })));
      expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 429]);
      const refused = responses[5];
      expect(refused?.error?.data.code).toBe('TOO_MANY_REQUESTS');
      expect(refused?.error?.message).toBe('Too many messages sent from your connection. Please wait 10 minutes and try again.');
      expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(9 * 60);
      expect(Number(refused?.headers.get('retry-after'))).toBeLessThanOrEqual(10 * 60);
      expect((await storedFor('2')).length).toBe(before + 5);
    } finally {
      await limited.close();
      await database.query("DELETE FROM rate_limit WHERE key LIKE 'contact-send:%'");
    }
  });
});

describe('the practitioner\'s messages', () => {
  it('lists the messages sent to the practice newest first with the unread count; marking one read is recorded once and audited', async () => {
    const practitioner = await createPractitioner(database.db, { name: 'Dr. Rowan Ash' });
    const { practitionerId } = await practitioner.caller.profile.save({
      name: 'Dr. Rowan Ash',
      location: 'Austin, TX',
      shortBio: 'Herbalism and nutrition.',
      about: 'Clinical herbalist helping patients with digestion, sleep and stress through diet and herbs.',
      yearsExperience: '12',
      specialties: ['Herbalism'],
      profileImage: null,
    });
    expect(await practitioner.caller.contactMessages.list()).toEqual({ messages: [], total: 0, unread: 0, timeZone: 'America/Los_Angeles' });

    const first = await trpcMutation<{ id: string }>(server, 'contactMessages.send', form(practitionerId, { name: 'First Sender', message: 'The first message about sleep.' }));
    const second = await trpcMutation<{ id: string }>(server, 'contactMessages.send', form(practitionerId, { name: 'Second Sender', phone: '', message: 'The second message about digestion.' }));
    const firstId = first.data?.id ?? '';
    const secondId = second.data?.id ?? '';

    const listed = await practitioner.caller.contactMessages.list();
    expect(listed.total).toBe(2);
    expect(listed.unread).toBe(2);
    expect(listed.messages.map((message) => message.id)).toEqual([secondId, firstId]);
    expect(listed.messages[0]).toMatchObject({ senderName: 'Second Sender', senderEmail: 'ada@example.com', senderPhone: '', message: 'The second message about digestion.', readAt: null });
    expect(Date.parse(listed.messages[0]?.sentAt ?? '')).toBeGreaterThanOrEqual(Date.parse(listed.messages[1]?.sentAt ?? ''));
    // The owner of the other listing sees none of these.
    expect((await owner.caller.contactMessages.list()).messages.map((message) => message.id)).not.toContain(firstId);

    expect(await practitioner.caller.contactMessages.markRead({ id: firstId })).toEqual({ id: firstId, read: true });
    expect(await practitioner.caller.contactMessages.markRead({ id: firstId })).toEqual({ id: firstId, read: true });
    const after = await practitioner.caller.contactMessages.list();
    expect(after.unread).toBe(1);
    expect(after.messages.find((message) => message.id === firstId)?.readAt).not.toBeNull();
    expect(after.messages.find((message) => message.id === secondId)?.readAt).toBeNull();
    expect(await database.query("SELECT type FROM domain_event WHERE aggregate_id = $1 ORDER BY sequence", [firstId])).toEqual([{ type: 'ContactMessageSent' }, { type: 'ContactMessageRead' }]);
    // The visitor's send (no account acted), then one entry per call of the practitioner's (the
    // second marking changed nothing, and is on record all the same).
    const readByPractitioner = { action: 'update', record_type: 'contact_message', actor_user_id: practitioner.user.id, practice_id: practitioner.practiceId };
    expect(await database.query('SELECT action, record_type, actor_user_id::text, practice_id FROM audit_entry WHERE record_id = $1 ORDER BY sequence', [firstId])).toEqual([
      { action: 'create', record_type: 'contact_message', actor_user_id: null, practice_id: practitioner.practiceId },
      readByPractitioner,
      readByPractitioner,
    ]);

    const unknown = await practitioner.caller.contactMessages.markRead({ id: 'no-such-message' }).then(
      () => null,
      (error: unknown) => error as { code: string; message: string },
    );
    expect(unknown).toMatchObject({ code: 'NOT_FOUND', message: 'Message not found.' });
  });

  it('keeps a practice\'s messages when its listing is taken down', async () => {
    const practitioner = await createPractitioner(database.db);
    const { practitionerId } = await practitioner.caller.profile.save({
      name: 'Dr. Brief Listing',
      location: 'Denver, CO',
      shortBio: 'Naturopathy.',
      about: 'Naturopathic doctor focused on fatigue, thyroid and hormone health for adults of every age.',
      yearsExperience: '4',
      specialties: ['Naturopathy'],
      profileImage: null,
    });
    const sent = await trpcMutation<{ id: string }>(server, 'contactMessages.send', form(practitionerId));
    await database.query('DELETE FROM practitioner WHERE id = $1', [practitionerId]);
    expect((await practitioner.caller.contactMessages.list()).messages.map((message) => message.id)).toEqual([sent.data?.id]);
  });
});
