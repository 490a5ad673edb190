/**
 * Invitation e-mails through the outbox relay: to a real local SMTP server, and as `.eml` files
 * under DATA_DIR/mail when no SMTP_URL is set.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RelayConfig } from '../src/config.ts';
import { createLogger } from '../src/logger.ts';
import { createRelay, type Relay } from '../src/outbox/relay.ts';
import { requeueDeadDeliveries } from '../src/repositories/outbox.repository.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { startTestServer, testConfig, trpcMutation, type TestServer } from './support/server.ts';
import { readableMail, startSmtpSink, type SmtpSink } from './support/smtp-sink.ts';
import { closedPort } from './support/webhook-sink.ts';

let database: TestDatabase;
let server: TestServer;
let dataDir: string;
const relays: Relay[] = [];

beforeEach(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database.db);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wellspring-mail-'));
});

afterEach(async () => {
  for (const relay of relays.splice(0)) await relay.stop({ graceMs: 0 });
  await server?.close();
  await database?.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

function relayWith(env: Record<string, string>, overrides: Partial<RelayConfig> = {}): Relay {
  const config = testConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://wellspring.test', MAIL_FROM: 'Wellspring <hello@wellspring.test>', RELAY_BASE_DELAY_MS: '2', ...env }).relay;
  const relay = createRelay({ db: database.db, config: { ...config, ...overrides }, logger: createLogger('silent') });
  relays.push(relay);
  return relay;
}

async function invite(input: { friendEmail: string; yourName: string; waitlistType: 'patient' | 'practitioner' }): Promise<string> {
  const response = await trpcMutation<{ id: string }>(server, 'waitlist.invite', input);
  expect(response.status).toBe(200);
  const [event] = await database.query<{ id: string }>("SELECT id::text FROM domain_event WHERE aggregate_id = $1 AND type = 'InviteSent'", [response.data?.id]);
  return event?.id ?? '';
}

const outboxRow = async (eventId: string) =>
  (await database.query<{ delivery_status: string; attempts: number; last_error: string | null }>('SELECT delivery_status, attempts, last_error FROM domain_event WHERE id = $1', [eventId]))[0];

describe('invitation e-mail over SMTP', () => {
  let smtp: SmtpSink;
  beforeEach(async () => {
    smtp = await startSmtpSink();
  });
  afterEach(async () => {
    await smtp?.close();
  });

  it('tells the friend who invited them to which waitlist, with a link to the site', async () => {
    const eventId = await invite({ friendEmail: 'Friend@Example.test', yourName: 'Ada Lovelace', waitlistType: 'practitioner' });

    const pass = await relayWith({ SMTP_URL: smtp.url }).drain();

    expect(pass).toMatchObject({ delivered: 1 });
    expect(smtp.messages).toHaveLength(1);
    const [message] = smtp.messages;
    expect(message?.to).toEqual(['friend@example.test']);
    expect(message?.from).toBe('hello@wellspring.test');
    const mail = readableMail(message?.raw ?? '');
    expect(mail).toContain('Subject: Ada Lovelace invited you to join the Wellspring practitioner waitlist');
    expect(mail).toContain('To: friend@example.test');
    expect(mail).toContain(`Message-ID: <invite-${eventId}@wellspring.test>`);
    expect(mail).toContain('Ada Lovelace invited you (friend@example.test) to join the Wellspring practitioner waitlist.');
    expect(mail).toContain('Join the waitlist: https://wellspring.test/#waitlist');
    expect(mail).toContain('Content-Type: text/plain');
    expect(mail).toContain('Content-Type: text/html');
    expect(mail).toContain('<a href="https://wellspring.test/#waitlist">Join the waitlist</a>');

    expect(await outboxRow(eventId)).toMatchObject({ delivery_status: 'delivered', attempts: 1 });
    const attempts = await database.query<{ succeeded: boolean; status_code: number | null }>('SELECT succeeded, status_code FROM delivery_attempt WHERE event_id = $1', [eventId]);
    expect(attempts).toEqual([{ succeeded: true, status_code: 250 }]);
  });

  it('names the patient waitlist for a patient invite, and escapes the inviter in the HTML', async () => {
    await invite({ friendEmail: 'pat@example.test', yourName: 'Bob <b>Bold</b>', waitlistType: 'patient' });

    await relayWith({ SMTP_URL: smtp.url }).drain();

    const mail = readableMail(smtp.messages[0]?.raw ?? '');
    expect(mail).toContain('invited you to join the Wellspring patient waitlist');
    expect(mail).toContain('<strong>Bob &lt;b&gt;Bold&lt;/b&gt;</strong>');
  });

  it('records a refused SMTP connection as a failed attempt and retries', async () => {
    const eventId = await invite({ friendEmail: 'later@example.test', yourName: 'Grace Hopper', waitlistType: 'patient' });
    const relay = relayWith({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` }, { maxAttempts: 2 });

    await relay.drain();

    expect(await outboxRow(eventId)).toMatchObject({ delivery_status: 'dead', attempts: 2, last_error: expect.stringMatching(/ECONNREFUSED/) as unknown });
    await requeueDeadDeliveries(database.db, [eventId]);
    await relayWith({ SMTP_URL: smtp.url }).drain();
    expect(await outboxRow(eventId)).toMatchObject({ delivery_status: 'delivered' });
    expect(smtp.messages.map((message) => message.to)).toEqual([['later@example.test']]);
  });
});

describe('invitation e-mail without SMTP_URL', () => {
  it('writes an .eml file named by the event id under DATA_DIR/mail, once, whatever the retries', async () => {
    const eventId = await invite({ friendEmail: 'friend@example.test', yourName: 'Ada Lovelace', waitlistType: 'patient' });
    const relay = relayWith({});

    await relay.drain();

    const mailDir = path.join(dataDir, 'mail');
    expect(await fs.readdir(mailDir)).toEqual([`${eventId}.eml`]);
    const mail = readableMail(await fs.readFile(path.join(mailDir, `${eventId}.eml`), 'utf8'));
    expect(mail).toContain('To: friend@example.test');
    expect(mail).toContain('From: Wellspring <hello@wellspring.test>');
    expect(mail).toContain('Subject: Ada Lovelace invited you to join the Wellspring patient waitlist');
    expect(mail).toContain('https://wellspring.test/#waitlist');
    expect(await outboxRow(eventId)).toMatchObject({ delivery_status: 'delivered', attempts: 1 });

    // Delivered again (as after a lost lease): the same file is replaced, not duplicated.
    await database.query("UPDATE domain_event SET delivery_status = 'pending', next_attempt_at = now() WHERE id = $1", [eventId]);
    await relay.drain();
    expect(await fs.readdir(mailDir)).toEqual([`${eventId}.eml`]);
  });
});
