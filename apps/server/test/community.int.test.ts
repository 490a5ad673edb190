/**
 * The community (issue 15) on a real database: the seeded samples, and every stored action —
 * counted once whatever the timing, taken back by the opposite press, refused cleanly on bad input.
 */
import type { TRPCError } from '@trpc/server';
import { FORUM_PAGE_SIZE, communityErrors } from '@wellspring/domain';
import { sampleForumTopics } from '@wellspring/domain/samples';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.ts';
import { createRelay } from '../src/outbox/relay.ts';
import { seedCommunity } from '../src/seed/community.seed.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { createPractitioner, type TestPractitioner } from './support/practice-factory.ts';
import { startTestServer, testConfig, trpcMutation, type TestServer } from './support/server.ts';
import { startSmtpSink } from './support/smtp-sink.ts';

let database: TestDatabase;
let server: TestServer;
let ada: TestPractitioner;
let bea: TestPractitioner;
const now = new Date('2026-03-02T15:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database.db);
  await seedCommunity(database.db, now);
  await seedCommunity(database.db, now); // a second start seeds nothing more
  ada = await createPractitioner(database.db, { name: 'Dr. Ada', now });
  bea = await createPractitioner(database.db, { name: 'Dr. Bea', now });
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const errorOf = (call: Promise<unknown>) =>
  call.then(
    () => null,
    (error: unknown) => error as TRPCError,
  );

describe('forums', () => {
  it('pages the seeded topics newest activity first, with the six categories counted from them', async () => {
    const first = await ada.caller.community.forum({});
    expect(first.topics.map((topic) => topic.id)).toEqual(['1', '2', '3', '4'].slice(0, FORUM_PAGE_SIZE));
    expect(first.topics[0]).toMatchObject({ title: sampleForumTopics[0]?.title, lastActive: '2 hours ago', likes: 18, likedByMe: false, replies: 24, views: 312 });
    expect(first.nextCursor).toBe(FORUM_PAGE_SIZE);
    const second = await ada.caller.community.forum({ cursor: first.nextCursor ?? 0 });
    expect(second.topics.map((topic) => topic.id)).toEqual(['5']);
    expect(second.nextCursor).toBeNull();
    expect(first.categories.map((c) => [c.name, c.count])).toEqual([
      ['Clinical Practice', 1],
      ['Research', 1],
      ['Ethics & Regulations', 1],
      ['Business', 1],
      ['Education', 0],
      ['Patient Care', 1],
    ]);
    expect((await database.query<{ count: number }>('SELECT count(*)::int AS count FROM forum_topic'))[0]?.count).toBe(sampleForumTopics.length);
  });

  it('counts a like once under concurrent presses, for the one who pressed; a second press takes it back', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => bea.caller.community.likeTopic({ id: '2', liked: true })));
    expect(results.every((result) => result.liked)).toBe(true);
    const liked = await bea.caller.community.forum({});
    expect(liked.topics.find((topic) => topic.id === '2')).toMatchObject({ likes: 23, likedByMe: true });
    // Another practitioner sees the count, not a like of their own.
    expect((await ada.caller.community.forum({})).topics.find((topic) => topic.id === '2')).toMatchObject({ likes: 23, likedByMe: false });
    expect(await database.query("SELECT type FROM domain_event WHERE aggregate_type = 'forum-topic-like' AND aggregate_id = $1", [`2:${bea.user.id}`])).toEqual([{ type: 'TopicLiked' }]);

    const unliked = await Promise.all(Array.from({ length: 5 }, () => bea.caller.community.likeTopic({ id: '2', liked: false })));
    expect(unliked.map((result) => result.likes)).toEqual([22, 22, 22, 22, 22]);
    expect((await bea.caller.community.forum({})).topics.find((topic) => topic.id === '2')).toMatchObject({ likes: 22, likedByMe: false });
  });

  it('counts two practitioners liking at once as two likes', async () => {
    await Promise.all([ada.caller.community.likeTopic({ id: '3', liked: true }), bea.caller.community.likeTopic({ id: '3', liked: true })]);
    expect((await ada.caller.community.forum({})).topics.find((topic) => topic.id === '3')?.likes).toBe(37);
  });

  it('answers an unknown topic NOT_FOUND and bad input 400 with field messages, never a 500', async () => {
    const missing = await errorOf(ada.caller.community.likeTopic({ id: 'no-such-topic', liked: true }));
    expect(missing?.code).toBe('NOT_FOUND');
    expect(missing?.message).toBe('Topic not found.');
    const response = await trpcMutation(server, 'community.likeTopic', { id: '', liked: 'yes' }, { cookie: ada.cookie });
    expect(response.status).toBe(400);
    expect(Object.keys(response.error?.data.fieldErrors ?? {})).toEqual(expect.arrayContaining(['id', 'liked']));
  });
});

/** The one VEVENT of a calendar file, read back with ical.js (throws on a file that does not parse). */
function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  const vevent = events[0]!;
  const event = new ICAL.Event(vevent);
  return {
    uid: event.uid,
    summary: event.summary,
    location: event.location,
    description: event.description,
    stamp: vevent.getFirstPropertyValue('dtstamp')?.toString(),
    startZone: vevent.getFirstProperty('dtstart')?.getParameter('tzid'),
    endZone: vevent.getFirstProperty('dtend')?.getParameter('tzid'),
    start: event.startDate.toJSDate(),
    end: event.endDate.toJSDate(),
  };
}

describe('events', () => {
  it('lists the seeded events soonest first, filtered by type and format, at their venue\'s time', async () => {
    const all = await ada.caller.community.events({});
    expect(all.map((event) => event.id)).toEqual(['3', '2', '5', '4', '1']);
    const conference = all.find((event) => event.id === '1');
    // 9:00 AM in Denver, 45 days after the seed's day.
    expect(conference).toMatchObject({ type: 'conference', isVirtual: false, attendees: 342, goingByMe: false, timeZone: 'America/Denver' });
    expect(conference?.startsAt.toISOString()).toBe('2026-04-16T15:00:00.000Z');
    expect(conference?.endsAt.toISOString()).toBe('2026-04-16T23:00:00.000Z');
    expect((await ada.caller.community.events({ type: 'workshop' })).map((event) => event.id)).toEqual(['2', '5']);
    expect((await ada.caller.community.events({ type: 'workshop', format: 'in-person' })).map((event) => event.id)).toEqual(['5']);
    expect((await ada.caller.community.events({ format: 'virtual' })).map((event) => event.id)).toEqual(['3', '2']);
    const bad = await trpcMutation(server, 'community.rsvp', { id: '1', going: 'maybe' }, { cookie: ada.cookie });
    expect(bad.status).toBe(400);
    expect(bad.error?.data.fieldErrors).toHaveProperty('going');
  });

  it('records an RSVP once under concurrent presses, with one e-mail queued; cancelling takes it back', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => ada.caller.community.rsvp({ id: '4', going: true })));
    expect(results.map((event) => [event.attendees, event.goingByMe])).toEqual(Array.from({ length: 6 }, () => [129, true]));
    expect((await bea.caller.community.events({})).find((event) => event.id === '4')).toMatchObject({ attendees: 129, goingByMe: false });
    expect(await database.query("SELECT type, delivery_status FROM domain_event WHERE aggregate_type = 'event-rsvp' AND aggregate_id = $1", [`4:${ada.user.id}`])).toEqual([
      { type: 'RsvpConfirmed', delivery_status: 'pending' },
    ]);
    const cancelled = await Promise.all(Array.from({ length: 3 }, () => ada.caller.community.rsvp({ id: '4', going: false })));
    expect(cancelled.map((event) => event.attendees)).toEqual([128, 128, 128]);
    expect((await ada.caller.community.events({})).find((event) => event.id === '4')?.goingByMe).toBe(false);
    const missing = await errorOf(ada.caller.community.rsvp({ id: 'no-such-event', going: true }));
    expect(missing?.code).toBe('NOT_FOUND');
    expect(missing?.message).toBe('Event not found.');
  });

  it('serves the event as a calendar file that parses, in the event\'s zone, to a signed-in practitioner only', async () => {
    const response = await fetch(`${server.baseUrl}/api/community/events/1/calendar.ics`, { headers: { cookie: ada.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toContain('filename="integrative-medicine-annual-conference.ics"');
    const text = await response.text();
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toContain('DTSTART;TZID=America/Denver:20260416T090000');
    const event = parseCalendar(text);
    expect(event).toMatchObject({
      summary: 'Integrative Medicine Annual Conference',
      location: 'Denver Convention Center, Denver, CO',
      description: 'Two days of talks and workshops on evidence-based integrative care, with CE credits.',
      startZone: 'America/Denver',
      endZone: 'America/Denver',
    });
    expect(event.uid).toMatch(/^community-event-1@/);
    expect(event.stamp).toMatch(/Z$/);
    expect(event.start.toISOString()).toBe('2026-04-16T15:00:00.000Z');
    expect(event.end.toISOString()).toBe('2026-04-16T23:00:00.000Z');

    expect((await fetch(`${server.baseUrl}/api/community/events/1/calendar.ics`)).status).toBe(401);
    expect((await fetch(`${server.baseUrl}/api/community/events/nope/calendar.ics`, { headers: { cookie: ada.cookie } })).status).toBe(404);
  });

  it('e-mails the RSVP to a real SMTP server with the event as a parseable iCalendar attachment', async () => {
    const smtp = await startSmtpSink();
    const config = testConfig({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://wellspring.test', MAIL_FROM: 'Wellspring <hello@wellspring.test>' }).relay;
    const relay = createRelay({ db: database.db, config, logger: createLogger('silent') });
    try {
      await bea.caller.community.rsvp({ id: '2', going: true });
      await relay.drain();
      const message = smtp.messages.find((mail) => mail.to.includes(bea.user.email));
      expect(message).toBeDefined();
      const raw = message?.raw ?? '';
      expect(raw).toContain('Subject: RSVP confirmed: Herbal Pharmacology Workshop');
      expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH/i);
      expect(raw).toMatch(/filename=herbal-pharmacology-workshop\.ics/);
      // The attachment, base64 or quoted-printable, decoded by the MIME part's own encoding.
      const part = /Content-Type: text\/calendar[^]*?\r\n\r\n([^]*?)\r\n--/i.exec(raw);
      const header = /Content-Type: text\/calendar[^]*?\r\n\r\n/i.exec(raw)?.[0] ?? '';
      const body = part?.[1] ?? '';
      const ics = /Content-Transfer-Encoding: base64/i.test(header) ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : body.replace(/=\r\n/g, '');
      const event = parseCalendar(ics);
      expect(event).toMatchObject({ summary: 'Herbal Pharmacology Workshop', location: 'Online', startZone: 'America/New_York' });
      expect(event.start.toISOString()).toBe('2026-03-14T17:00:00.000Z');
    } finally {
      await relay.stop({ graceMs: 0 });
      await smtp.close();
    }
  });
});

describe('resources', () => {
  it('searches title, description and tags in the database, under the tabs; Other holds types outside the five known ones', async () => {
    const ids = async (input: Parameters<typeof ada.caller.community.resources>[0]) => (await ada.caller.community.resources(input)).map((resource) => resource.id).sort();
    expect(await ids({})).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(await ids({ query: 'soap' })).toEqual(['2']);
    expect(await ids({ query: 'MEAL PLAN' })).toEqual(['1']);
    expect(await ids({ query: 'telehealth' })).toEqual(['2']);
    expect(await ids({ query: 'research' })).toEqual(['3', '4']);
    expect(await ids({ query: 'research', tab: 'guidelines' })).toEqual(['4']);
    expect(await ids({ tab: 'other' })).toEqual(['6']);
    expect(await ids({ tab: 'guides' })).toEqual(['1']);
    expect(await ids({ query: 'finances', tab: 'other' })).toEqual([]);
    expect(await ids({ query: '%' })).toEqual([]);
    expect(await ids({ id: '3' })).toEqual(['3']);
    const bad = await trpcMutation(server, 'community.likeResource', { id: '1', liked: 1 }, { cookie: ada.cookie });
    expect(bad.status).toBe(400);
  });

  it('counts a resource like once under concurrent presses and takes it back', async () => {
    await Promise.all(Array.from({ length: 6 }, () => bea.caller.community.likeResource({ id: '1', liked: true })));
    expect((await bea.caller.community.resources({ id: '1' }))[0]).toMatchObject({ likes: 93, likedByMe: true });
    expect((await ada.caller.community.resources({ id: '1' }))[0]).toMatchObject({ likes: 93, likedByMe: false });
    await Promise.all(Array.from({ length: 3 }, () => bea.caller.community.likeResource({ id: '1', liked: false })));
    expect((await bea.caller.community.resources({ id: '1' }))[0]).toMatchObject({ likes: 92, likedByMe: false });
    expect((await errorOf(ada.caller.community.likeResource({ id: 'nope', liked: true })))?.message).toBe('Resource not found.');
  });

  it('serves a resource\'s file with its type and name to a signed-in practitioner only, counting nothing on the GET', async () => {
    const before = (await ada.caller.community.resources({ id: '2' }))[0]?.downloads ?? 0;
    const response = await fetch(`${server.baseUrl}/api/community/resources/2/download`, { headers: { cookie: ada.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(response.headers.get('content-disposition')).toContain('attachment; filename="intake-and-soap-note-templates.md"');
    expect(await response.text()).toContain('# Intake and SOAP Note Templates');
    expect((await fetch(`${server.baseUrl}/api/community/resources/2/download`)).status).toBe(401);
    expect((await fetch(`${server.baseUrl}/api/community/resources/nope/download`, { headers: { cookie: ada.cookie } })).status).toBe(404);
    expect((await ada.caller.community.resources({ id: '2' }))[0]?.downloads).toBe(before);
  });

  it('counts each press of Download through the command runner, with its event; an unknown resource is NOT_FOUND', async () => {
    const before = (await ada.caller.community.resources({ id: '2' }))[0]?.downloads ?? 0;
    expect(await ada.caller.community.countDownload({ id: '2' })).toEqual({ id: '2', downloads: before + 1 });
    expect(await ada.caller.community.countDownload({ id: '2' })).toEqual({ id: '2', downloads: before + 2 });
    expect((await ada.caller.community.resources({ id: '2' }))[0]?.downloads).toBe(before + 2);
    const events = await database.db.domainEvent.findMany({ where: { aggregateType: 'resource-download', aggregateId: '2' }, select: { type: true, actorId: true } });
    expect(events.filter((event) => event.actorId === ada.user.id)).toEqual([
      { type: 'DownloadCounted', actorId: ada.user.id },
      { type: 'DownloadCounted', actorId: ada.user.id },
    ]);
    await expect(ada.caller.community.countDownload({ id: 'nope' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: communityErrors.resourceNotFound });
    expect((await ada.caller.community.resources({ id: '2' }))[0]?.downloads).toBe(before + 2);
  });
});
