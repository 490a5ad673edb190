/**
 * The community's sample content (the domain's samples, SPEC §2/§3), seeded when the community is
 * empty: public data, like the directory's practitioners, so production gets it too. Idempotent and
 * safe when servers start together (existing ids are skipped).
 */
import { instantOfRelativeActivity, sampleForumTopics } from '@wellspring/domain';
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
}
