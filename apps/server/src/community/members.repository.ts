/**
 * The community's members (docs/product.md#members, issue 15): the seeded sample members and every
 * practitioner with a published profile, searched by the database over name, role, location and
 * specialties (their labels) with the specialty filter, each with the connection status between the
 * viewer and them as stored; the featured member; the requests waiting for the viewer's answer.
 *
 * A member's id is the sample's own id, or the practitioner's account id (their `community_member`
 * row, made at their first connection, has that id). The viewer is never listed: nobody connects
 * with themself.
 */
import {
  accountMemberRole,
  connectionStatusFor,
  initialsOf,
  MEMBERS_LIMIT,
  specialtiesMatching,
  specialties,
  storedConnectionStatuses,
  type CommunityMember,
  type ConnectionState,
  type MemberSpecialtyFilter,
  type Specialty,
} from '@wellspring/domain';
import type { Database, DatabaseTransaction } from '../db/client.ts';
import { Prisma } from '../generated/prisma/client.ts';
import { likePattern } from '../db/like-pattern.ts';

interface CommunityMemberView extends Omit<CommunityMember, 'achievement'> {
  readonly achievement: string | null;
  /** The practitioner's public profile (`/practitioners/{id}`); null for a sample member. */
  readonly profileId: string | null;
}

export interface MembersPage {
  readonly members: CommunityMemberView[];
  /** More members matched than `MEMBERS_LIMIT`: a narrower search shows them. */
  readonly more: boolean;
  /** The featured member panel (whatever the search). */
  readonly featured: CommunityMemberView | null;
}

export interface ReceivedRequest {
  readonly member: Pick<CommunityMemberView, 'id' | 'name' | 'avatar' | 'avatarImage' | 'role' | 'location' | 'profileId'>;
  readonly requestedAt: Date;
}

interface MemberRow {
  id: string;
  name: string;
  avatar_image: string | null;
  role: string;
  location: string;
  specialties: string[];
  member_since: string;
  is_featured: boolean;
  achievement: string | null;
  bio: string;
  profile_id: string | null;
  requester_id: string | null;
  status: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The id as an account id, or null when it cannot be one (then no uuid cast can fail on it). */
export const accountIdOf = (memberId: string): string | null => (UUID.test(memberId) ? memberId.toLowerCase() : null);

const isSpecialty = (value: string): value is Specialty => (specialties as readonly string[]).includes(value);

/** The two members of a pair as stored: the lesser id first (byte order, as the table's trigger checks). */
export function connectionPair(one: string, other: string): { readonly a: string; readonly b: string } {
  return Buffer.compare(Buffer.from(one), Buffer.from(other)) < 0 ? { a: one, b: other } : { a: other, b: one };
}

/** The stored connection of a pair as the domain's machine state (none without a row). */
export function connectionStateOf(row: { requester_id: string | null; status: string | null }, pair: { a: string; b: string }): ConnectionState {
  const status = storedConnectionStatuses.find((known) => known === row.status);
  if (!status || row.requester_id === null) return { status: 'none' };
  return { status, requesterId: row.requester_id, addresseeId: row.requester_id === pair.a ? pair.b : pair.a };
}

/**
 * Every member's card, one row each: the sample members (their own columns), then each account with
 * a published profile (its listing; the role from its first specialty, member since its sign-up
 * year). The roles come from the domain (`accountMemberRole`), so the database searches the text
 * the card shows.
 */
const memberCards = () => {
  const roleSpecialties = [...specialties];
  const roles = roleSpecialties.map((specialty) => accountMemberRole([specialty]));
  return Prisma.sql`
    SELECT m.id, m.name, m.avatar_image, m.role, m.location, m.specialties, m.member_since, m.is_featured, m.achievement, m.bio,
      NULL::text AS profile_id, 0 AS kind_order
    FROM community_member m
    WHERE m.user_id IS NULL
    UNION ALL
    SELECT u.id::text, p.name, p.profile_image,
      coalesce((SELECT r.role FROM unnest(${roleSpecialties}::text[], ${roles}::text[]) AS r(specialty, role) WHERE r.specialty = p.specialties[1]), ${accountMemberRole([])}),
      p.location, p.specialties, to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY'), false, NULL, p.short_bio,
      p.id, 1
    FROM practice pr
    JOIN practitioner p ON p.id = pr.practitioner_id
    JOIN app_user u ON u.id = pr.owner_user_id
    WHERE u.role = 'practitioner'`;
};

/** The viewer's connection with `card`: a lateral join on the pair, whichever way it is stored. */
const withConnection = (viewerId: string) => Prisma.sql`
  LEFT JOIN LATERAL (
    SELECT c.requester_id, c.status FROM member_connection c
    WHERE (c.member_a_id = card.id AND c.member_b_id = ${viewerId}) OR (c.member_a_id = ${viewerId} AND c.member_b_id = card.id)
  ) AS connection ON true`;

const toView = (row: MemberRow, viewerId: string): CommunityMemberView => ({
  id: row.id,
  name: row.name,
  avatar: initialsOf(row.name),
  avatarImage: row.avatar_image,
  role: row.role,
  location: row.location,
  specialties: row.specialties.filter(isSpecialty),
  memberSince: row.member_since,
  isFeatured: row.is_featured,
  achievement: row.achievement,
  bio: row.bio,
  profileId: row.profile_id,
  connectionStatus: connectionStatusFor(connectionStateOf(row, connectionPair(row.id, viewerId)), viewerId),
});

export async function searchMembers(db: Database, viewerId: string, input: { query: string; specialty: MemberSpecialtyFilter }): Promise<MembersPage> {
  const needle = input.query.trim();
  const pattern = needle === '' ? null : likePattern(needle);
  const labelMatches = specialtiesMatching(needle);
  const specialty = input.specialty === 'all' ? null : input.specialty;
  const rows = await db.$queryRaw<MemberRow[]>`
    WITH cards AS (${memberCards()})
    SELECT card.id, card.name, card.avatar_image, card.role, card.location, card.specialties, card.member_since, card.is_featured, card.achievement, card.bio,
      card.profile_id, connection.requester_id, connection.status
    FROM cards AS card
    ${withConnection(viewerId)}
    WHERE card.id <> ${viewerId}
      AND (${pattern}::text IS NULL OR card.name ILIKE ${pattern}::text OR card.role ILIKE ${pattern}::text OR card.location ILIKE ${pattern}::text
        OR card.specialties && ${labelMatches}::text[])
      AND (${specialty}::text IS NULL OR ${specialty}::text = ANY(card.specialties))
    ORDER BY card.kind_order, CASE WHEN card.kind_order = 0 THEN card.id END, card.name, card.id
    LIMIT ${MEMBERS_LIMIT + 1}`;
  const [featured] = await db.$queryRaw<MemberRow[]>`
    WITH cards AS (${memberCards()})
    SELECT card.id, card.name, card.avatar_image, card.role, card.location, card.specialties, card.member_since, card.is_featured, card.achievement, card.bio,
      card.profile_id, connection.requester_id, connection.status
    FROM cards AS card
    ${withConnection(viewerId)}
    WHERE card.is_featured AND card.id <> ${viewerId}
    ORDER BY card.id
    LIMIT 1`;
  return {
    members: rows.slice(0, MEMBERS_LIMIT).map((row) => toView(row, viewerId)),
    more: rows.length > MEMBERS_LIMIT,
    featured: featured ? toView(featured, viewerId) : null,
  };
}

/** A member a connection can be requested from (a sample member, or a practitioner with a published profile), or null. */
export async function connectableMember(db: Database | DatabaseTransaction, memberId: string): Promise<{ readonly id: string; readonly acceptsAtOnce: boolean } | null> {
  const accountId = accountIdOf(memberId);
  const [row] = await db.$queryRaw<{ id: string; accepts_at_once: boolean }[]>`
    SELECT m.id, m.accepts_at_once FROM community_member m WHERE m.id = ${memberId} AND m.user_id IS NULL
    UNION ALL
    SELECT u.id::text, false FROM practice pr JOIN app_user u ON u.id = pr.owner_user_id
    WHERE ${accountId}::uuid IS NOT NULL AND u.id = ${accountId}::uuid AND pr.practitioner_id IS NOT NULL AND u.role = 'practitioner'`;
  return row ? { id: row.id, acceptsAtOnce: row.accepts_at_once } : null;
}

/** The requests other members sent the viewer that wait for their answer, oldest first. */
export async function receivedRequests(db: Database, viewerId: string): Promise<ReceivedRequest[]> {
  const rows = await db.$queryRaw<{ id: string; name: string; avatar_image: string | null; role: string; location: string; profile_id: string | null; requested_at: Date }[]>`
    WITH cards AS (${memberCards()})
    SELECT c.requester_id AS id, coalesce(card.name, u.name) AS name, card.avatar_image, coalesce(card.role, ${accountMemberRole([])}) AS role,
      coalesce(card.location, '') AS location, card.profile_id, c.requested_at
    FROM member_connection c
    JOIN community_member requester ON requester.id = c.requester_id
    LEFT JOIN app_user u ON u.id = requester.user_id
    LEFT JOIN cards AS card ON card.id = c.requester_id
    WHERE c.status = 'pending' AND c.requester_id <> ${viewerId} AND (c.member_a_id = ${viewerId} OR c.member_b_id = ${viewerId})
    ORDER BY c.requested_at, c.requester_id`;
  return rows.map((row) => ({
    member: { id: row.id, name: row.name, avatar: initialsOf(row.name), avatarImage: row.avatar_image, role: row.role, location: row.location, profileId: row.profile_id },
    requestedAt: row.requested_at,
  }));
}
