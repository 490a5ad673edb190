/**
 * The community forum's reads: topic pages (newest activity first) with their like counts and
 * whether the viewer liked each, and the six categories counted from the topics.
 */
import { FORUM_PAGE_SIZE, forumCategoriesOf, relativeActivity, type ForumCategory, type ForumCategoryName, type ForumTopic } from '@wellspring/domain';
import type { Database, DatabaseTransaction } from '../db/client.ts';

interface ForumTopicView extends ForumTopic {
  /** Whether the viewer's like is among `likes`. */
  readonly likedByMe: boolean;
}

export interface ForumPage {
  readonly topics: ForumTopicView[];
  /** The cursor of "Load More Topics", or null on the last page. */
  readonly nextCursor: number | null;
  readonly categories: ForumCategory[];
}

interface TopicRow {
  id: string;
  title: string;
  author: string;
  author_avatar: string;
  author_image: string | null;
  category: string;
  replies: number;
  views: number;
  preview: string;
  last_active_at: Date;
  likes: number;
  liked_by_me: boolean;
}

export async function forumPage(db: Database, viewerId: string, cursor: number, now: Date): Promise<ForumPage> {
  const rows = await db.$queryRaw<TopicRow[]>`
    SELECT t.id, t.title, t.author, t.author_avatar, t.author_image, t.category, t.replies, t.views, t.preview, t.last_active_at,
      (t.seeded_likes + (SELECT count(*) FROM forum_topic_like l WHERE l.topic_id = t.id))::int AS likes,
      EXISTS (SELECT 1 FROM forum_topic_like l WHERE l.topic_id = t.id AND l.user_id = ${viewerId}::uuid) AS liked_by_me
    FROM forum_topic t
    ORDER BY t.last_active_at DESC, t.id
    LIMIT ${FORUM_PAGE_SIZE + 1} OFFSET ${cursor}`;
  const counts = await db.$queryRaw<{ category: string; count: number }[]>`SELECT category, count(*)::int AS count FROM forum_topic GROUP BY category`;
  return {
    topics: rows.slice(0, FORUM_PAGE_SIZE).map((row) => ({
      id: row.id,
      title: row.title,
      author: row.author,
      authorAvatar: row.author_avatar,
      authorImage: row.author_image,
      category: row.category as ForumCategoryName,
      replies: row.replies,
      views: row.views,
      lastActive: relativeActivity(row.last_active_at, now),
      preview: row.preview,
      likes: row.likes,
      likedByMe: row.liked_by_me,
    })),
    nextCursor: rows.length > FORUM_PAGE_SIZE ? cursor + FORUM_PAGE_SIZE : null,
    categories: forumCategoriesOf(new Map(counts.map((row) => [row.category, row.count]))),
  };
}

export async function forumTopicExists(db: Database | DatabaseTransaction, id: string): Promise<boolean> {
  return (await db.forumTopic.count({ where: { id } })) > 0;
}

export async function forumTopicLikes(db: Database | DatabaseTransaction, id: string): Promise<number> {
  const [row] = await db.$queryRaw<{ likes: number }[]>`
    SELECT (t.seeded_likes + (SELECT count(*) FROM forum_topic_like l WHERE l.topic_id = t.id))::int AS likes FROM forum_topic t WHERE t.id = ${id}`;
  return row?.likes ?? 0;
}
