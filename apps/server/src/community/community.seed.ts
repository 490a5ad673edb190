/**
 * The community's sample content (the domain's samples, SPEC §2/§3), seeded when the community is
 * empty: public data, like the directory's practitioners, so production gets it too. Idempotent and
 * safe when servers start together (existing ids are skipped).
 */
import { buildSampleEvents, calendarDateInZone, eventTimeRange, instantOfRelativeActivity, sampleForumTopics, zonedTimeToInstant } from '@wellspring/domain';
import type { Database } from '../db/client.ts';

export async function seedCommunity(db: Database, now = new Date()): Promise<void> {
  if ((await db.forumTopic.count()) === 0) {
    await db.forumTopic.createMany({
      data: sampleForumTopics.map((topic) => ({
        id: topic.id,
        title: topic.title,
        author: topic.author,
        authorAvatar: topic.authorAvatar,
        authorImage: topic.authorImage,
        category: topic.category,
        replies: topic.replies,
        views: topic.views,
        preview: topic.preview,
        seededLikes: topic.likes,
        lastActiveAt: instantOfRelativeActivity(topic.lastActive, now),
      })),
      skipDuplicates: true,
    });
  }
  if ((await db.communityEvent.count()) === 0) {
    // Dated from today, as the spec's samples are: every event lies ahead of a fresh database.
    const events = buildSampleEvents(calendarDateInZone(now, 'UTC'));
    await db.communityEvent.createMany({
      data: events.map((event) => {
        const range = eventTimeRange(event.time) ?? { start: '09:00', end: '17:00' };
        return {
          id: event.id,
          title: event.title,
          type: event.type,
          isVirtual: event.isVirtual,
          location: event.location,
          image: event.image,
          description: event.description,
          startsAt: zonedTimeToInstant(event.date, range.start, event.timeZone),
          endsAt: zonedTimeToInstant(event.date, range.end, event.timeZone),
          timeZone: event.timeZone,
          seededAttendees: event.attendees,
        };
      }),
      skipDuplicates: true,
    });
  }
}
