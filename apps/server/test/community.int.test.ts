/**
 * The community (issue 15) on a real database: the seeded samples, and every stored action —
 * counted once whatever the timing, taken back by the opposite press, refused cleanly on bad input.
 */
import type { TRPCError } from '@trpc/server';
import { FORUM_PAGE_SIZE, sampleForumTopics } from '@wellspring/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCommunity } from '../src/community/community.seed.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { createPractitioner, type TestPractitioner } from './support/practice-factory.ts';
import { startTestServer, trpcMutation, type TestServer } from './support/server.ts';

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
