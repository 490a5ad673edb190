import { applicationMessages, practitionerApplicationDefaults } from '@wellspring/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { startTestServer, trpcMutation, type TestServer } from './support/server.ts';

let database: TestDatabase;
let server: TestServer;

const RECEIVER = 'applications@wellspring.test';

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database.db, { RECEIVER_EMAIL: RECEIVER, RATE_LIMIT_APPLICATIONS_PER_MIN: '1000' });
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const application = {
  name: 'Mei Chen',
  email: 'mei@harmony-acupuncture.test',
  phone: '(503) 555-0142',
  specialties: 'Acupuncture, Traditional Chinese Medicine',
  experience: '11-20',
  website: 'https://harmony-acupuncture.test',
  message: 'I would love to join.',
  acceptTerms: true,
};

interface ApplicationRow {
  name: string;
  email: string;
  phone: string;
  specialties: string;
  experience: string;
  website: string | null;
  message: string | null;
  accept_terms: boolean;
  source: string;
  status: string;
  submitted_at: Date;
}

interface EventRow {
  id: string;
  type: string;
  aggregate_type: string;
  payload: { type: string; id: string; submission: Record<string, unknown> };
  delivery_status: string | null;
  attempts: number;
  next_attempt_at: Date | null;
  occurred_at: Date;
}

const countApplications = async (): Promise<number> =>
  (await database.query<{ n: number }>('SELECT count(*)::int AS n FROM practitioner_application'))[0]?.n ?? -1;

describe('applications.submit', () => {
  it('stores the application and its pending outbox event together, then answers with the id', async () => {
    const response = await trpcMutation<{ id: string }>(server, 'applications.submit', application);

    expect(response.status).toBe(200);
    const id = response.data?.id;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await database.query<ApplicationRow>('SELECT * FROM practitioner_application WHERE id = $1', [id]);
    expect(row).toMatchObject({
      name: 'Mei Chen',
      email: 'mei@harmony-acupuncture.test',
      phone: '(503) 555-0142',
      specialties: 'Acupuncture, Traditional Chinese Medicine',
      experience: '11-20',
      website: 'https://harmony-acupuncture.test',
      message: 'I would love to join.',
      accept_terms: true,
      source: server.origin,
      status: 'submitted',
    });
    const events = await database.query<EventRow>('SELECT * FROM domain_event WHERE aggregate_id = $1', [id]);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event).toMatchObject({ type: 'ApplicationSubmitted', aggregate_type: 'practitioner_application', delivery_status: 'pending', attempts: 0 });
    expect(event?.next_attempt_at).not.toBeNull();
    expect(event?.occurred_at.getTime()).toBe(row?.submitted_at.getTime());
    // The webhook body of docs/product.md#application, fixed at submission.
    expect(event?.payload).toEqual({
      type: 'ApplicationSubmitted',
      id,
      submission: {
        ...application,
        formType: 'practitioner_detailed',
        receiverEmail: RECEIVER,
        timestamp: row?.submitted_at.toISOString(),
        source: server.origin,
      },
    });
  });

  it('stores empty optional fields as absent and trims the text', async () => {
    const { website: _website, message: _message, ...required } = application;
    const response = await trpcMutation<{ id: string }>(server, 'applications.submit', { ...required, name: '  Ravi Patel  ' });

    expect(response.status).toBe(200);
    const [row] = await database.query<ApplicationRow>('SELECT name, website, message FROM practitioner_application WHERE id = $1', [response.data?.id]);
    expect(row).toEqual({ name: 'Ravi Patel', website: null, message: null });
    const [event] = await database.query<EventRow>('SELECT payload FROM domain_event WHERE aggregate_id = $1', [response.data?.id]);
    expect(event?.payload.submission).toMatchObject({ name: 'Ravi Patel', website: '', message: '' });
  });

  it('answers bad input with 400 and the spec field messages, storing nothing', async () => {
    const before = await countApplications();

    const response = await trpcMutation(server, 'applications.submit', practitionerApplicationDefaults);

    expect(response.status).toBe(400);
    expect(response.error?.data.code).toBe('BAD_REQUEST');
    expect(response.error?.data.fieldErrors).toEqual({
      name: [applicationMessages.name],
      email: [applicationMessages.email],
      phone: [applicationMessages.phone],
      specialties: [applicationMessages.specialties],
      experience: [applicationMessages.experience],
      acceptTerms: [applicationMessages.acceptTerms],
    });
    expect(await countApplications()).toBe(before);
  });

  it.each([
    ['phone', { phone: '555-0142' }, 'Please enter a valid phone number.'],
    ['experience', { experience: '7 years' }, 'Please select your years of experience.'],
    ['acceptTerms', { acceptTerms: false }, 'You must accept the terms and conditions.'],
    ['email', { email: 'mei@' }, 'Please enter a valid email address.'],
  ])('refuses a bad %s with its message', async (field, change, message) => {
    const response = await trpcMutation(server, 'applications.submit', { ...application, ...change });

    expect(response.status).toBe(400);
    expect(response.error?.message).toBe(message);
    expect(response.error?.data.fieldErrors).toEqual({ [field]: [message] });
  });

  it('fails without storing half an application when the outbox write fails', async () => {
    // Make the second write of the transaction (the outbox event) fail inside the database.
    await database.query(`
      CREATE FUNCTION refuse_application_event() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'outbox unavailable'; END $$`);
    await database.query(`
      CREATE TRIGGER refuse_application_event BEFORE INSERT ON domain_event
      FOR EACH ROW WHEN (NEW.type = 'ApplicationSubmitted') EXECUTE FUNCTION refuse_application_event()`);
    const before = await countApplications();
    try {
      const response = await trpcMutation(server, 'applications.submit', { ...application, email: 'half@written.test' });

      expect(response.status).toBe(500);
      expect(response.error?.data.code).toBe('INTERNAL_SERVER_ERROR');
      expect(response.data).toBeUndefined();
      expect(await countApplications()).toBe(before);
      expect(await database.query("SELECT id FROM practitioner_application WHERE email = 'half@written.test'")).toEqual([]);
    } finally {
      await database.query('DROP TRIGGER refuse_application_event ON domain_event');
      await database.query('DROP FUNCTION refuse_application_event()');
    }
  });

  it('refuses a request from a foreign origin (403) and one without an Origin', async () => {
    const foreign = await trpcMutation(server, 'applications.submit', application, { origin: 'https://evil.test' });
    const missing = await trpcMutation(server, 'applications.submit', application, { origin: null });

    expect(foreign.status).toBe(403);
    expect(missing.status).toBe(403);
  });

  it('takes the source from an allowed page origin', async () => {
    const proxied = await startTestServer(database.db, { ALLOWED_ORIGINS: 'https://wellspring.test', RATE_LIMIT_APPLICATIONS_PER_MIN: '1000' });
    try {
      const response = await trpcMutation<{ id: string }>(proxied, 'applications.submit', application, { origin: 'https://wellspring.test' });

      expect(response.status).toBe(200);
      const [row] = await database.query<ApplicationRow>('SELECT source FROM practitioner_application WHERE id = $1', [response.data?.id]);
      expect(row?.source).toBe('https://wellspring.test');
    } finally {
      await proxied.close();
    }
  });

  it('limits applications per IP per minute (429)', async () => {
    await database.query('DELETE FROM rate_limit');
    const limited = await startTestServer(database.db, { RATE_LIMIT_APPLICATIONS_PER_MIN: '2' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await trpcMutation(limited, 'applications.submit', { ...application, email: `limit${i}@test.test` })).status);

      expect(statuses).toEqual([200, 200, 429]);
      expect(await database.query("SELECT id FROM practitioner_application WHERE email = 'limit2@test.test'")).toEqual([]);
    } finally {
      await limited.close();
    }
  });
});
