/**
 * The Knowledge Library: resources searched by the database (title, description and tags,
 * case-insensitive substring) under a tab, with like counts and the viewer's likes; a resource's file.
 */
import { resourceTypes, resourceTypesUnder, type CalendarDate, type ResourceTab } from '@wellspring/domain';
import type { Database, DatabaseTransaction } from '../db/client.ts';
import { likePattern } from '../db/like-pattern.ts';

export interface CommunityResourceView {
  readonly id: string;
  readonly title: string;
  readonly type: string;
  readonly author: string;
  readonly dateAdded: CalendarDate;
  readonly tags: string[];
  readonly views: number;
  readonly downloads: number;
  readonly likes: number;
  readonly likedByMe: boolean;
  readonly description: string;
  readonly fileName: string;
}

interface ResourceRow {
  id: string;
  title: string;
  type: string;
  author: string;
  date_added: Date;
  tags: string[];
  views: number;
  downloads: number;
  likes: number;
  liked_by_me: boolean;
  description: string;
  file_name: string;
}


export async function searchResources(db: Database, viewerId: string, input: { query: string; tab: ResourceTab; id?: string | undefined }): Promise<CommunityResourceView[]> {
  const needle = input.query.trim();
  const pattern = needle === '' ? null : likePattern(needle);
  // The tab as types to include (named tabs) or to exclude (Other); All neither.
  const include = input.tab === 'all' || input.tab === 'other' ? null : resourceTypesUnder(input.tab);
  const exclude = input.tab === 'other' ? [...resourceTypes] : null;
  const rows = await db.$queryRaw<ResourceRow[]>`
    SELECT r.id, r.title, r.type, r.author, r.date_added, r.tags, r.views, r.downloads, r.description, r.file_name,
      (r.seeded_likes + (SELECT count(*) FROM resource_like l WHERE l.resource_id = r.id))::int AS likes,
      EXISTS (SELECT 1 FROM resource_like l WHERE l.resource_id = r.id AND l.user_id = ${viewerId}::uuid) AS liked_by_me
    FROM community_resource r
    WHERE (${input.id ?? null}::text IS NULL OR r.id = ${input.id ?? null}::text)
      AND (${pattern}::text IS NULL OR r.title ILIKE ${pattern}::text OR r.description ILIKE ${pattern}::text
        OR EXISTS (SELECT 1 FROM unnest(r.tags) AS tag WHERE tag ILIKE ${pattern}::text))
      AND (${include}::text[] IS NULL OR r.type = ANY(${include}::text[]))
      AND (${exclude}::text[] IS NULL OR NOT (r.type = ANY(${exclude}::text[])))
    ORDER BY r.date_added DESC, r.id`;
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    type: row.type,
    author: row.author,
    dateAdded: row.date_added.toISOString().slice(0, 10),
    tags: row.tags,
    views: row.views,
    downloads: row.downloads,
    likes: row.likes,
    likedByMe: row.liked_by_me,
    description: row.description,
    fileName: row.file_name,
  }));
}

export async function resourceExists(db: Database | DatabaseTransaction, id: string): Promise<boolean> {
  return (await db.communityResource.count({ where: { id } })) > 0;
}

export async function resourceLikes(db: Database | DatabaseTransaction, id: string): Promise<number> {
  const [row] = await db.$queryRaw<{ likes: number }[]>`
    SELECT (r.seeded_likes + (SELECT count(*) FROM resource_like l WHERE l.resource_id = r.id))::int AS likes FROM community_resource r WHERE r.id = ${id}`;
  return row?.likes ?? 0;
}

/** A resource's file, or null for an unknown id. Reading it counts nothing (`community.countDownload` does). */
export async function resourceFile(db: Database, id: string): Promise<{ fileName: string; contentType: string; content: Uint8Array } | null> {
  const row = await db.communityResource.findUnique({ where: { id }, select: { fileName: true, fileContentType: true, fileContent: true } });
  return row ? { fileName: row.fileName, contentType: row.fileContentType, content: row.fileContent } : null;
}

/** A resource's download count, its row locked until the transaction ends; null for an unknown id. */
export async function lockResourceDownloads(tx: DatabaseTransaction, id: string): Promise<number | null> {
  const [row] = await tx.$queryRaw<{ downloads: number }[]>`SELECT downloads FROM community_resource WHERE id = ${id} FOR UPDATE`;
  return row?.downloads ?? null;
}

/** Writes a resource's download count (its row locked by `lockResourceDownloads`). */
export async function saveResourceDownloads(tx: DatabaseTransaction, id: string, downloads: number): Promise<void> {
  await tx.communityResource.update({ where: { id }, data: { downloads }, select: { id: true } });
}
