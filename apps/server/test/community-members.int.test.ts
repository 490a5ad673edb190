/**
 * The community's members and connections (issue 15) on a real database: the seeded sample members
 * and the practitioners with a published profile, searched by the database as the domain's rule
 * says; connections through the connection machine — one per pair whatever the timing, crossed
 * requests ending in one connection, answered only by the member asked, sample members answering
 * by themselves.
 */
import type { TRPCError } from '@trpc/server';
import { filterMembers, type MemberSpecialtyFilter } from '@wellspring/domain';
import { sampleMembers } from '@wellspring/domain/samples';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionAggregateId } from '../src/community/connection.commands.ts';
import { seedCommunity, seedDemoConnections } from '../src/seed/community.seed.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { createPractitioner, type TestPractitioner } from './support/practice-factory.ts';
import { startTestServer, trpcMutation, trpcQuery, type TestServer } from './support/server.ts';

let database: TestDatabase;
let server: TestServer;
const now = new Date('2026-03-02T15:00:00Z');

const errorOf = (call: Promise<unknown>) =>
  call.then(
    () => null,
    (error: unknown) => error as TRPCError,
  );

/** A practitioner whose profile is published, so they are a member of the community. */
async function publishedPractitioner(name: string, fields: { location?: string; specialties?: string[] } = {}): Promise<TestPractitioner> {
  const practitioner = await createPractitioner(database.db, { name, now });
  await practitioner.caller.profile.save({
    name,
    location: fields.location ?? 'Portland, OR',
    shortBio: `${name} treats the whole person.`,
    about: 'An about text that is long enough for the profile editor to accept it as it stands here.',
    yearsExperience: '9',
    specialties: fields.specialties ?? ['Acupuncture', 'Herbalism'],
  });
  return practitioner;
}

const sampleIds = new Set(sampleMembers.map((member) => member.id));
const statusOf = async (viewer: TestPractitioner, memberId: string) => {
  const page = await viewer.caller.community.members({});
  return page.members.find((member) => member.id === memberId)?.connectionStatus;
};
const connectionRows = (one: string, other: string) =>
  database.query<{ requester_id: string; status: string }>(
    'SELECT requester_id, status FROM member_connection WHERE (member_a_id = $1 AND member_b_id = $2) OR (member_a_id = $2 AND member_b_id = $1)',
    [one, other],
  );

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database.db);
  await seedCommunity(database.db, now);
  await seedCommunity(database.db, now); // a second start seeds nothing more
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

describe('members', () => {
  it('lists the seeded sample members in the spec\'s order, with the featured member and their achievement', async () => {
    const viewer = await createPractitioner(database.db, { name: 'Dr. Viewer', now });
    const page = await viewer.caller.community.members({});
    expect(page.members.filter((member) => sampleIds.has(member.id)).map((member) => member.name)).toEqual(sampleMembers.map((member) => member.name));
    expect(page.members[0]).toMatchObject({ id: '1', name: 'Dr. Aisha Patel', avatar: 'AP', role: 'Functional Medicine Physician', location: 'Seattle, WA', memberSince: '2021', specialties: ['functional_medicine', 'herbalism'], profileId: null });
    // A new practitioner is connected with nobody yet, whatever the samples say.
    expect(page.members.every((member) => member.connectionStatus === 'connect')).toBe(true);
    expect(page.featured).toMatchObject({ id: '1', isFeatured: true, achievement: 'Top Contributor 2024 — 120 helpful answers in Clinical Practice' });
    expect(page.more).toBe(false);
    expect((await database.query<{ count: number }>('SELECT count(*)::int AS count FROM community_member'))[0]?.count).toBe(sampleMembers.length);
  });

  it('searches the sample members over name, role, location and specialties exactly as the domain\'s rule', async () => {
    const viewer = await createPractitioner(database.db, { name: 'Dr. Searcher', now });
    const cases: [string, MemberSpecialtyFilter][] = [
      ['', 'all'],
      ['dietitian', 'all'],
      ['DENVER', 'all'],
      ['functional medicine', 'all'],
      ['herb', 'all'],
      ['dr.', 'acupuncture'],
      ['', 'herbalism'],
      ['', 'nutrition'],
      ['%', 'all'],
      ['nobody at all', 'all'],
    ];
    for (const [query, specialty] of cases) {
      const found = (await viewer.caller.community.members({ query, specialty })).members.filter((member) => sampleIds.has(member.id)).map((member) => member.id);
      expect(found, `${query} / ${specialty}`).toEqual(filterMembers(sampleMembers, query, specialty).map((member) => member.id));
    }
    // The featured member panel stays whatever the search.
    expect((await viewer.caller.community.members({ query: 'nobody at all' })).featured?.id).toBe('1');
  });

  it('lists every practitioner with a published profile, searchable by their card, but not to themself and not before publishing', async () => {
    const wren = await publishedPractitioner('Dr. Wren Quillfeather', { location: 'Portland, OR', specialties: ['Homeopathy'] });
    const unpublished = await createPractitioner(database.db, { name: 'Dr. Not Yet Listed', now });
    const viewer = await createPractitioner(database.db, { name: 'Dr. Looker', now });

    const card = (await viewer.caller.community.members({ query: 'quillfeather' })).members;
    expect(card).toHaveLength(1);
    expect(card[0]).toMatchObject({ id: wren.user.id, name: 'Dr. Wren Quillfeather', avatar: 'WQ', role: 'Homeopathy Practitioner', location: 'Portland, OR', specialties: ['homeopathy'], isFeatured: false, connectionStatus: 'connect' });
    expect(card[0]?.profileId).toBe((await wren.caller.profile.mine()).practitionerId);
    expect(card[0]?.memberSince).toBe(String(new Date().getUTCFullYear()));
    const idsFor = async (query: string, specialty: MemberSpecialtyFilter = 'all') => (await viewer.caller.community.members({ query, specialty })).members.map((member) => member.id);
    expect(await idsFor('homeopathy practitioner')).toEqual([wren.user.id]);
    expect(await idsFor('portland, or')).toContain(wren.user.id);
    expect(await idsFor('', 'homeopathy')).toEqual(['4', wren.user.id]);
    expect(await idsFor('', 'acupuncture')).not.toContain(wren.user.id);
    expect(await idsFor('Not Yet Listed')).toEqual([]);
    expect((await wren.caller.community.members({ query: 'quillfeather' })).members).toEqual([]);
    expect(unpublished.user.id).toBeTruthy();
  });

  it('answers bad search input 400 with field messages, never a 500', async () => {
    const viewer = await createPractitioner(database.db, { name: 'Dr. Typo', now });
    const response = await trpcQuery(server, `community.members?input=${encodeURIComponent(JSON.stringify({ json: { query: 'x'.repeat(201), specialty: 'astrology' } }))}`, { cookie: viewer.cookie });
    expect(response.status).toBe(400);
    expect(Object.keys(response.error?.data.fieldErrors ?? {})).toEqual(expect.arrayContaining(['query', 'specialty']));
  });
});

describe('connections', () => {
  it('goes Connect → Pending for both; the one asked sees the request and accepts: both Connected', async () => {
    const ada = await publishedPractitioner('Dr. Ada Request');
    const bea = await publishedPractitioner('Dr. Bea Accept');
    expect(await ada.caller.community.requestConnection({ memberId: bea.user.id })).toEqual({ memberId: bea.user.id, connectionStatus: 'pending' });
    expect(await statusOf(ada, bea.user.id)).toBe('pending');
    expect(await statusOf(bea, ada.user.id)).toBe('pending');
    expect(await ada.caller.community.connectionRequests()).toEqual([]);
    const received = await bea.caller.community.connectionRequests();
    expect(received).toEqual([{ member: { id: ada.user.id, name: 'Dr. Ada Request', avatar: 'AR', avatarImage: null, role: 'Acupuncture Practitioner', location: 'Portland, OR', profileId: expect.any(String) as string }, requestedAt: now }]);

    expect(await bea.caller.community.acceptConnection({ memberId: ada.user.id })).toEqual({ memberId: ada.user.id, connectionStatus: 'connected' });
    expect(await statusOf(ada, bea.user.id)).toBe('connected');
    expect(await statusOf(bea, ada.user.id)).toBe('connected');
    expect(await bea.caller.community.connectionRequests()).toEqual([]);
    // Accepting again changes nothing.
    expect(await bea.caller.community.acceptConnection({ memberId: ada.user.id })).toEqual({ memberId: ada.user.id, connectionStatus: 'connected' });

    const aggregateId = [ada.user.id, bea.user.id].sort().join(':');
    expect(await database.query("SELECT type, actor_id::text FROM domain_event WHERE aggregate_type = 'member-connection' AND aggregate_id = $1 ORDER BY sequence", [aggregateId])).toEqual([
      { type: 'ConnectionRequested', actor_id: ada.user.id },
      { type: 'ConnectionAccepted', actor_id: bea.user.id },
    ]);
    expect(
      await database.query("SELECT actor_user_id::text, action FROM audit_entry WHERE record_type = 'member_connection' AND record_id = $1 ORDER BY sequence", [aggregateId]),
    ).toEqual([
      { actor_user_id: ada.user.id, action: 'create' },
      { actor_user_id: bea.user.id, action: 'update' },
    ]);
  });

  it('declines: the one asked sees Connect again, the one who asked still sees Pending; asking back then connects', async () => {
    const cy = await publishedPractitioner('Dr. Cy Asker');
    const dee = await publishedPractitioner('Dr. Dee Decliner');
    await cy.caller.community.requestConnection({ memberId: dee.user.id });
    expect(await dee.caller.community.declineConnection({ memberId: cy.user.id })).toEqual({ memberId: cy.user.id, connectionStatus: 'connect' });
    expect(await dee.caller.community.connectionRequests()).toEqual([]);
    expect(await statusOf(dee, cy.user.id)).toBe('connect');
    expect(await statusOf(cy, dee.user.id)).toBe('pending');
    // Asking again after a decline is no second request.
    expect(await cy.caller.community.requestConnection({ memberId: dee.user.id })).toEqual({ memberId: dee.user.id, connectionStatus: 'pending' });
    expect(await connectionRows(cy.user.id, dee.user.id)).toEqual([{ requester_id: cy.user.id, status: 'declined' }]);
    expect(await dee.caller.community.requestConnection({ memberId: cy.user.id })).toEqual({ memberId: cy.user.id, connectionStatus: 'connected' });
    expect(await statusOf(cy, dee.user.id)).toBe('connected');
  });

  it('ends two practitioners asking each other at the same moment in one connection, never an error or a second row', async () => {
    const pairs = await Promise.all(Array.from({ length: 4 }, async (_, index) => [await publishedPractitioner(`Dr. East ${index}`), await publishedPractitioner(`Dr. West ${index}`)] as const));
    const results = await Promise.all(
      pairs.flatMap(([east, west]) => [
        east.caller.community.requestConnection({ memberId: west.user.id }),
        west.caller.community.requestConnection({ memberId: east.user.id }),
        east.caller.community.requestConnection({ memberId: west.user.id }),
        west.caller.community.requestConnection({ memberId: east.user.id }),
      ]),
    );
    expect(results.map((result) => result.connectionStatus)).toContain('connected');
    for (const [east, west] of pairs) {
      const rows = await connectionRows(east.user.id, west.user.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.status).toBe('connected');
      expect(await statusOf(east, west.user.id)).toBe('connected');
      expect(await statusOf(west, east.user.id)).toBe('connected');
      const events = await database.query<{ type: string }>("SELECT type FROM domain_event WHERE aggregate_type = 'member-connection' AND aggregate_id = $1 ORDER BY sequence", [
        [east.user.id, west.user.id].sort().join(':'),
      ]);
      expect(events.map((event) => event.type)).toEqual(['ConnectionRequested', 'ConnectionAccepted']);
    }
  });

  it('counts a request pressed many times at once as one', async () => {
    const eli = await publishedPractitioner('Dr. Eli Eager');
    const fay = await publishedPractitioner('Dr. Fay Famous');
    const results = await Promise.all(Array.from({ length: 8 }, () => eli.caller.community.requestConnection({ memberId: fay.user.id })));
    expect(results.every((result) => result.connectionStatus === 'pending')).toBe(true);
    expect(await connectionRows(eli.user.id, fay.user.id)).toEqual([{ requester_id: eli.user.id, status: 'pending' }]);
    expect((await fay.caller.community.connectionRequests()).map((request) => request.member.id)).toEqual([eli.user.id]);
  });

  it('refuses a request to oneself, to an unknown member or to an unlisted practitioner, with a clear message', async () => {
    const gus = await publishedPractitioner('Dr. Gus Self');
    const hidden = await createPractitioner(database.db, { name: 'Dr. Hidden', now });
    const self = await errorOf(gus.caller.community.requestConnection({ memberId: gus.user.id }));
    expect([self?.code, self?.message]).toEqual(['CONFLICT', "You can't connect with yourself."]);
    const unknown = await errorOf(gus.caller.community.requestConnection({ memberId: 'no-such-member' }));
    expect([unknown?.code, unknown?.message]).toEqual(['NOT_FOUND', 'Member not found.']);
    const unlisted = await errorOf(gus.caller.community.requestConnection({ memberId: hidden.user.id }));
    expect([unlisted?.code, unlisted?.message]).toEqual(['NOT_FOUND', 'Member not found.']);
    expect(await connectionRows(gus.user.id, hidden.user.id)).toEqual([]);
    const bad = await trpcMutation(server, 'community.requestConnection', { memberId: '  ' }, { cookie: gus.cookie });
    expect(bad.status).toBe(400);
    expect(bad.error?.data.fieldErrors).toEqual({ memberId: ['Please choose a member.'] });
  });

  it('lets only the member asked answer: the one who asked, or anyone else, finds no request', async () => {
    const ivy = await publishedPractitioner('Dr. Ivy Inviter');
    const jon = await publishedPractitioner('Dr. Jon Invited');
    const kim = await publishedPractitioner('Dr. Kim Outsider');
    await ivy.caller.community.requestConnection({ memberId: jon.user.id });
    const answers = [
      () => ivy.caller.community.acceptConnection({ memberId: jon.user.id }),
      () => ivy.caller.community.declineConnection({ memberId: jon.user.id }),
      () => kim.caller.community.acceptConnection({ memberId: ivy.user.id }),
      () => kim.caller.community.declineConnection({ memberId: ivy.user.id }),
      () => jon.caller.community.acceptConnection({ memberId: kim.user.id }),
      () => jon.caller.community.acceptConnection({ memberId: 'no-such-member' }),
    ];
    for (const answer of answers) {
      const error = await errorOf(answer());
      expect([error?.code, error?.message]).toEqual(['NOT_FOUND', 'No connection request from this member.']);
    }
    expect(await connectionRows(ivy.user.id, jon.user.id)).toEqual([{ requester_id: ivy.user.id, status: 'pending' }]);
    await jon.caller.community.acceptConnection({ memberId: ivy.user.id });
    const decline = await errorOf(jon.caller.community.declineConnection({ memberId: ivy.user.id }));
    expect([decline?.code, decline?.message]).toEqual(['CONFLICT', "You're already connected with this member."]);
  });

  it('has sample members answer by themselves: most accept at once, the spec\'s pending one leaves it pending', async () => {
    const lee = await createPractitioner(database.db, { name: 'Dr. Lee Unlisted', now });
    expect(await lee.caller.community.requestConnection({ memberId: '2' })).toEqual({ memberId: '2', connectionStatus: 'connected' });
    expect(await lee.caller.community.requestConnection({ memberId: '3' })).toEqual({ memberId: '3', connectionStatus: 'pending' });
    const page = await lee.caller.community.members({});
    expect(Object.fromEntries(page.members.filter((member) => sampleIds.has(member.id)).map((member) => [member.id, member.connectionStatus]))).toEqual({
      '1': 'connect',
      '2': 'connected',
      '3': 'pending',
      '4': 'connect',
      '5': 'connect',
    });
    expect(await database.query("SELECT type, payload->>'automatic' AS automatic FROM domain_event WHERE aggregate_type = 'member-connection' AND aggregate_id = $1 ORDER BY sequence", [connectionAggregateId('2', lee.user.id)])).toEqual([
      { type: 'ConnectionRequested', automatic: null },
      { type: 'ConnectionAccepted', automatic: 'true' },
    ]);
    // A practitioner without a published profile takes part through their account's member row.
    expect(await database.query('SELECT id, user_id::text FROM community_member WHERE user_id = $1', [lee.user.id])).toEqual([{ id: lee.user.id, user_id: lee.user.id }]);
  });

  it('refuses a connection row a rule forbids, in the database itself', async () => {
    const mo = await createPractitioner(database.db, { name: 'Dr. Mo Rows', now });
    await mo.caller.community.requestConnection({ memberId: '4' });
    const insert = (a: string, b: string, requester: string, status = 'pending') =>
      errorOf(database.query('INSERT INTO member_connection (member_a_id, member_b_id, requester_id, status, requested_at) VALUES ($1, $2, $3, $4, now())', [a, b, requester, status]));
    // With oneself, in the wrong order (a second row for the pair), or a requester outside the pair.
    expect(String(await insert('4', '4', '4'))).toMatch(/never with oneself/);
    const [low = '', high = ''] = [mo.user.id, '4'].sort();
    expect(String(await insert(high, low, low))).toMatch(/lesser id first/);
    expect(String(await insert('1', '2', '3'))).toMatch(/outside the pair/);
    expect(String(await insert('1', '2', '1', 'friends'))).toMatch(/outside the pair/);
  });
});

describe('the demo seed', () => {
  it('gives the demo practitioner the spec\'s sample statuses and a request from the pending one', async () => {
    const demo = await createPractitioner(database.db, { name: 'Dr. Demo', now });
    expect(await seedDemoConnections(database.db, demo.user.id, now)).toBe(true);
    expect(await seedDemoConnections(database.db, demo.user.id, now)).toBe(false);
    const page = await demo.caller.community.members({});
    expect(page.members.filter((member) => sampleIds.has(member.id)).map((member) => member.connectionStatus)).toEqual(sampleMembers.map((member) => member.connectionStatus));
    expect((await demo.caller.community.connectionRequests()).map((request) => request.member.name)).toEqual(['Priya Sharma']);
    expect(await demo.caller.community.acceptConnection({ memberId: '3' })).toEqual({ memberId: '3', connectionStatus: 'connected' });
  });
});
