/**
 * The community's sample content (the domain's samples, SPEC §2/§3), seeded when the community is
 * empty: public data, like the directory's practitioners, so production gets it too. Idempotent and
 * safe when servers start together (existing ids are skipped).
 */
import { buildSampleEvents, sampleResources, calendarDateInZone, eventTimeRange, instantOfRelativeActivity, sampleForumTopics, zonedTimeToInstant } from '@wellspring/domain';
import type { Database } from '../db/client.ts';
import type { CommunityResource } from '@wellspring/domain';

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
  if ((await db.communityResource.count()) === 0) {
    await db.communityResource.createMany({
      data: sampleResources.map((resource) => {
        const file = resourceFile(resource);
        return {
          id: resource.id,
          title: resource.title,
          type: resource.type,
          author: resource.author,
          dateAdded: new Date(`${resource.dateAdded}T00:00:00Z`),
          tags: [...resource.tags],
          views: resource.views,
          seededLikes: resource.likes,
          downloads: resource.downloads,
          description: resource.description,
          fileName: file.fileName,
          fileContentType: file.contentType,
          fileContent: file.content,
        };
      }),
      skipDuplicates: true,
    });
  }
}

/** A sample resource's file: a Markdown document of its details (the samples carry no files of their own). */
export function resourceFile(resource: CommunityResource): { fileName: string; contentType: string; content: Uint8Array<ArrayBuffer> } {
  const slug = resource.title.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase();
  const text = [
    `# ${resource.title}`,
    '',
    `${resource.type} by ${resource.author}, added ${resource.dateAdded}.`,
    '',
    resource.description,
    '',
    `Tags: ${resource.tags.join(', ')}`,
    '',
    'Shared in the Wellspring community Knowledge Library (sample content during the soft launch).',
    '',
  ].join('\n');
  return { fileName: `${slug}.md`, contentType: 'text/markdown; charset=utf-8', content: new Uint8Array(Buffer.from(text, 'utf8')) };
}
