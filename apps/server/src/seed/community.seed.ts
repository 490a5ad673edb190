/**
 * The community's sample content (the domain's samples, docs/product.md#community), seeded when the community is
 * empty: public data, like the directory's practitioners, so production gets it too. Idempotent and
 * safe when servers start together (existing ids are skipped).
 */
import {
  calendarDateInZone,
  eventTimeRange,
  instantOfRelativeActivity,
  sampleMemberAcceptsAtOnce,
  zonedTimeToInstant,
} from '@wellspring/domain';
import {
  buildSampleEvents,
  sampleForumTopics,
  sampleMembers,
  sampleResources,
} from '@wellspring/domain/samples';
import type { Database } from '../db/client.ts';
import { connectionPair } from '../community/members.repository.ts';
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
  if ((await db.communityMember.count({ where: { userId: null } })) === 0) {
    await db.communityMember.createMany({
      data: sampleMembers.map((member) => ({
        id: member.id,
        name: member.name,
        avatar: member.avatar,
        avatarImage: member.avatarImage,
        role: member.role,
        location: member.location,
        specialties: [...member.specialties],
        memberSince: member.memberSince,
        isFeatured: member.isFeatured,
        achievement: member.achievement ?? null,
        bio: member.bio,
        acceptsAtOnce: sampleMemberAcceptsAtOnce(member),
      })),
      skipDuplicates: true,
    });
  }
}

/**
 * The demo practitioner's connections with the sample members, as the spec's samples show them
 * (docs/product.md#members connectionStatus): connected with the ones shown connected; a request waiting for the
 * demo's answer from each one shown pending (so the Members tab shows a received request to accept or
 * decline); none with the others (Connect). Only while the demo has no connections.
 */
export async function seedDemoConnections(db: Database, userId: string, now = new Date()): Promise<boolean> {
  const samples = await db.communityMember.findMany({ where: { userId: null }, select: { id: true } });
  if (samples.length === 0) return false;
  if ((await db.memberConnection.count({ where: { OR: [{ memberAId: userId }, { memberBId: userId }] } })) > 0) return false;
  const seeded = new Set(samples.map((sample) => sample.id));
  const rows = sampleMembers
    .filter((member) => seeded.has(member.id) && member.connectionStatus !== 'connect')
    .map((member) => {
      const pair = connectionPair(member.id, userId);
      const connected = member.connectionStatus === 'connected';
      return {
        memberAId: pair.a,
        memberBId: pair.b,
        // The demo asked the ones they are connected with; the pending ones asked the demo.
        requesterId: connected ? userId : member.id,
        status: connected ? 'connected' : 'pending',
        requestedAt: new Date(now.getTime() - 3 * DAY_MS),
        answeredAt: connected ? new Date(now.getTime() - 2 * DAY_MS) : null,
      };
    });
  await db.$transaction(async (tx) => {
    await tx.communityMember.createMany({ data: [{ id: userId, userId }], skipDuplicates: true });
    await tx.memberConnection.createMany({ data: rows, skipDuplicates: true });
  });
  return true;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A sample resource's file: a Markdown document of its details (the samples carry no files of their own). */
function resourceFile(resource: CommunityResource): { fileName: string; contentType: string; content: Uint8Array<ArrayBuffer> } {
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
