/**
 * Community events: the list (type and format filters, soonest first) with attendee counts and
 * whether the viewer is going, and one event as its calendar file needs it.
 */
import type { EventFormatFilter, EventType, EventTypeFilter } from '@wellspring/domain';
import type { Database, DatabaseTransaction } from '../db/client.ts';

export interface CommunityEventView {
  readonly id: string;
  readonly title: string;
  readonly type: EventType;
  readonly isVirtual: boolean;
  readonly location: string;
  readonly image: string;
  readonly description: string;
  readonly startsAt: Date;
  readonly endsAt: Date;
  readonly timeZone: string;
  readonly attendees: number;
  readonly goingByMe: boolean;
}

interface EventRow {
  id: string;
  title: string;
  type: string;
  is_virtual: boolean;
  location: string;
  image: string;
  description: string;
  starts_at: Date;
  ends_at: Date;
  time_zone: string;
  attendees: number;
  going_by_me: boolean;
}

const toView = (row: EventRow): CommunityEventView => ({
  id: row.id,
  title: row.title,
  type: row.type as EventType,
  isVirtual: row.is_virtual,
  location: row.location,
  image: row.image,
  description: row.description,
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  timeZone: row.time_zone,
  attendees: row.attendees,
  goingByMe: row.going_by_me,
});

export async function listEvents(db: Database, viewerId: string, filter: { type: EventTypeFilter; format: EventFormatFilter }): Promise<CommunityEventView[]> {
  const type = filter.type === 'all' ? null : filter.type;
  const virtual = filter.format === 'all' ? null : filter.format === 'virtual';
  const rows = await db.$queryRaw<EventRow[]>`
    SELECT e.id, e.title, e.type, e.is_virtual, e.location, e.image, e.description, e.starts_at, e.ends_at, e.time_zone,
      (e.seeded_attendees + (SELECT count(*) FROM event_rsvp r WHERE r.event_id = e.id))::int AS attendees,
      EXISTS (SELECT 1 FROM event_rsvp r WHERE r.event_id = e.id AND r.user_id = ${viewerId}::uuid) AS going_by_me
    FROM community_event e
    WHERE (${type}::text IS NULL OR e.type = ${type}::text) AND (${virtual}::boolean IS NULL OR e.is_virtual = ${virtual}::boolean)
    ORDER BY e.starts_at, e.id`;
  return rows.map(toView);
}

export async function eventById(db: Database | DatabaseTransaction, id: string, viewerId: string | null): Promise<CommunityEventView | null> {
  const rows = await db.$queryRaw<EventRow[]>`
    SELECT e.id, e.title, e.type, e.is_virtual, e.location, e.image, e.description, e.starts_at, e.ends_at, e.time_zone,
      (e.seeded_attendees + (SELECT count(*) FROM event_rsvp r WHERE r.event_id = e.id))::int AS attendees,
      EXISTS (SELECT 1 FROM event_rsvp r WHERE r.event_id = e.id AND r.user_id = ${viewerId}::uuid) AS going_by_me
    FROM community_event e WHERE e.id = ${id}`;
  return rows[0] ? toView(rows[0]) : null;
}
