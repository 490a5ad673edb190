/**
 * The community's stored actions as decide/evolve machines (issue 15): a like (of a forum topic or
 * a resource) and an event RSVP. Each aggregate is one practitioner and one subject, so a second
 * press of the same kind changes nothing (accepted with no events: idempotent, never a double
 * count), and the opposite press takes it back.
 *
 * | machine | state     | command | events        | next      |
 * |---------|-----------|---------|---------------|-----------|
 * | like    | not liked | Like    | Liked         | liked     |
 * | like    | liked     | Like    | —             | liked     |
 * | like    | liked     | Unlike  | Unliked       | not liked |
 * | like    | not liked | Unlike  | —             | not liked |
 * | rsvp    | not going | Rsvp    | RsvpConfirmed | going     |
 * | rsvp    | going     | Rsvp    | —             | going     |
 * | rsvp    | going     | Cancel  | RsvpCancelled | not going |
 * | rsvp    | not going | Cancel  | —             | not going |
 *
 * A member connection is a third machine, on the pair of members (whoever asked first); its table is
 * above `decideConnection`.
 */
import { z } from 'zod';
import { accept, reject, type Decision } from '../shared/decision.ts';
import { lineText } from '../shared/text.ts';
import { specialties } from '../catalog/specialties.ts';
import type { ConnectionStatus } from './community.schema.ts';

// Likes -------------------------------------------------------------------------------------------

export const likeSubjects = ['forum-topic', 'resource'] as const;
export type LikeSubject = (typeof likeSubjects)[number];

export interface LikeState {
  readonly liked: boolean;
}
export const initialLike: LikeState = { liked: false };

export type LikeCommand = { readonly kind: 'Like' | 'Unlike'; readonly subject: LikeSubject; readonly subjectId: string; readonly userId: string };

const likeFields = { subject: z.enum(likeSubjects), subjectId: z.string().min(1), userId: z.string().min(1) };
export const likeEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Liked'), ...likeFields }),
  z.object({ type: z.literal('Unliked'), ...likeFields }),
]);
export type LikeEvent = Readonly<z.output<typeof likeEventSchema>>;

export function decideLike(state: LikeState, command: LikeCommand): Decision<LikeEvent> {
  const wanted = command.kind === 'Like';
  if (state.liked === wanted) return accept();
  const fields = { subject: command.subject, subjectId: command.subjectId, userId: command.userId };
  return accept(wanted ? { type: 'Liked', ...fields } : { type: 'Unliked', ...fields });
}

export const evolveLike = (_state: LikeState, event: LikeEvent): LikeState => ({ liked: event.type === 'Liked' });

// Event RSVPs -------------------------------------------------------------------------------------

export interface RsvpState {
  readonly going: boolean;
}
export const initialRsvp: RsvpState = { going: false };

export type RsvpCommand = { readonly kind: 'Rsvp' | 'CancelRsvp'; readonly eventId: string; readonly userId: string };

const rsvpFields = { eventId: z.string().min(1), userId: z.string().min(1) };
/** Ids only: the relay reads the attendee's address and name from their account when it sends the e-mail. */
export const rsvpConfirmedEventSchema = z.object({ type: z.literal('RsvpConfirmed'), ...rsvpFields });
export const rsvpEventSchema = z.discriminatedUnion('type', [rsvpConfirmedEventSchema, z.object({ type: z.literal('RsvpCancelled'), ...rsvpFields })]);
export type RsvpEvent = Readonly<z.output<typeof rsvpEventSchema>>;
export type RsvpConfirmedEvent = Readonly<z.output<typeof rsvpConfirmedEventSchema>>;

export function decideRsvp(state: RsvpState, command: RsvpCommand): Decision<RsvpEvent> {
  const wanted = command.kind === 'Rsvp';
  if (state.going === wanted) return accept();
  return accept(
    wanted
      ? { type: 'RsvpConfirmed', eventId: command.eventId, userId: command.userId }
      : { type: 'RsvpCancelled', eventId: command.eventId, userId: command.userId },
  );
}

export const evolveRsvp = (_state: RsvpState, event: RsvpEvent): RsvpState => ({ going: event.type === 'RsvpConfirmed' });

// Member connections ------------------------------------------------------------------------------

/**
 * A connection between two members of the community, as decide/evolve. The aggregate is the
 * unordered pair: one request per pair, whichever of the two asks.
 *
 * | state     | command | by                        | events                         | next      |
 * |-----------|---------|---------------------------|--------------------------------|-----------|
 * | none      | Request | a member, to another      | Requested                      | pending   |
 * | none      | Request | to a member who accepts at once (a sample member) | Requested, Accepted | connected |
 * | pending   | Request | the requester (again)     | —                              | pending   |
 * | pending   | Request | the addressee (crossed)   | Accepted                       | connected |
 * | pending   | Accept  | the addressee             | Accepted                       | connected |
 * | pending   | Decline | the addressee             | Declined                       | declined  |
 * | declined  | Request | the requester (again)     | —                              | declined  |
 * | declined  | Request / Accept | the addressee (changed their mind) | Accepted     | connected |
 * | declined  | Decline | the addressee (again)     | —                              | declined  |
 * | connected | Request / Accept | either           | —                              | connected |
 *
 * Refused: a request to oneself (CONFLICT, "You can't connect with yourself."); Accept or Decline of
 * a request that does not exist or that the caller sent themself (NOT_FOUND, exactly as an unknown
 * member: nobody answers a request addressed to someone else); Decline once connected (CONFLICT).
 * What each side sees is `connectionStatusFor`: a declined requester still sees Pending (a decline
 * is not announced), the one who declined sees Connect again.
 */
/** The states a stored connection row can be in ('none' is no row). */
export const storedConnectionStatuses = ['pending', 'connected', 'declined'] as const;
export type StoredConnectionStatus = (typeof storedConnectionStatuses)[number];

export type ConnectionState =
  | { readonly status: 'none' }
  | { readonly status: StoredConnectionStatus; readonly requesterId: string; readonly addresseeId: string };
export const initialConnection: ConnectionState = { status: 'none' };

export type ConnectionCommand =
  /** `to` accepts at once when `toAcceptsAtOnce` (a sample member; see `sampleMemberAcceptsAtOnce`). */
  | { readonly kind: 'Request'; readonly from: string; readonly to: string; readonly toAcceptsAtOnce: boolean }
  /** `by` accepts or declines the request that `from` sent them. */
  | { readonly kind: 'Accept' | 'Decline'; readonly by: string; readonly from: string };

const connectionParties = { requesterId: z.string().min(1), addresseeId: z.string().min(1) };
export const connectionEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ConnectionRequested'), ...connectionParties }),
  /** `automatic`: the addressee is a sample member who accepts every request at once. */
  z.object({ type: z.literal('ConnectionAccepted'), ...connectionParties, automatic: z.boolean() }),
  z.object({ type: z.literal('ConnectionDeclined'), ...connectionParties }),
]);
export type ConnectionEvent = Readonly<z.output<typeof connectionEventSchema>>;

export const connectionErrors = {
  self: "You can't connect with yourself.",
  noRequest: 'No connection request from this member.',
  alreadyConnected: "You're already connected with this member.",
} as const;

export function decideConnection(state: ConnectionState, command: ConnectionCommand): Decision<ConnectionEvent> {
  if (command.kind === 'Request') {
    const { from, to } = command;
    if (from === to) return reject('CONFLICT', connectionErrors.self);
    if (state.status === 'none') {
      const requested: ConnectionEvent = { type: 'ConnectionRequested', requesterId: from, addresseeId: to };
      return command.toAcceptsAtOnce ? accept<ConnectionEvent>(requested, { type: 'ConnectionAccepted', requesterId: from, addresseeId: to, automatic: true }) : accept(requested);
    }
    if (!isPair(state, from, to)) return reject('NOT_FOUND', connectionErrors.noRequest);
    // The requester asking again changes nothing; the addressee asking back accepts.
    if (state.status === 'connected' || state.requesterId === from) return accept();
    return accept(acceptedBy(state));
  }
  const { by, from } = command;
  if (state.status === 'none' || !isPair(state, by, from)) return reject('NOT_FOUND', connectionErrors.noRequest);
  if (state.status === 'connected') return command.kind === 'Accept' ? accept() : reject('CONFLICT', connectionErrors.alreadyConnected);
  // Only the addressee answers: the requester has no request from the other to answer.
  if (state.requesterId !== from) return reject('NOT_FOUND', connectionErrors.noRequest);
  if (command.kind === 'Accept') return accept(acceptedBy(state));
  return state.status === 'declined' ? accept() : accept({ type: 'ConnectionDeclined', requesterId: state.requesterId, addresseeId: state.addresseeId });
}

const isPair = (state: { readonly requesterId: string; readonly addresseeId: string }, one: string, other: string): boolean =>
  (state.requesterId === one && state.addresseeId === other) || (state.requesterId === other && state.addresseeId === one);

const acceptedBy = (state: { readonly requesterId: string; readonly addresseeId: string }): ConnectionEvent => ({
  type: 'ConnectionAccepted',
  requesterId: state.requesterId,
  addresseeId: state.addresseeId,
  automatic: false,
});

export function evolveConnection(_state: ConnectionState, event: ConnectionEvent): ConnectionState {
  const parties = { requesterId: event.requesterId, addresseeId: event.addresseeId };
  if (event.type === 'ConnectionRequested') return { status: 'pending', ...parties };
  return { status: event.type === 'ConnectionAccepted' ? 'connected' : 'declined', ...parties };
}

/** The member card's status as `viewerId` sees the pair (docs/product.md#members). */
export function connectionStatusFor(state: ConnectionState, viewerId: string): ConnectionStatus {
  if (state.status === 'none') return 'connect';
  if (state.status === 'connected') return 'connected';
  if (state.status === 'pending') return 'pending';
  return state.requesterId === viewerId ? 'pending' : 'connect';
}

// Inputs of the community's procedures ------------------------------------------------------------

const recordId = lineText().trim().min(1, 'Please choose an item.').max(100);

const forumCursorMessage = 'Please load the topics again.';
export const forumTopicsInputSchema = z.object({ cursor: z.number({ error: forumCursorMessage }).int({ error: forumCursorMessage, abort: true }).min(0, forumCursorMessage).max(10_000, forumCursorMessage).default(0) });
export const likeInputSchema = z.object({ id: recordId, liked: z.boolean() });
export type LikeInput = z.infer<typeof likeInputSchema>;
export const communityIdInputSchema = z.object({ id: recordId });
export const rsvpInputSchema = z.object({ id: recordId, going: z.boolean() });

/** The Members tab's search (docs/product.md#members): text over name, role, location and specialties; the specialty filter. */
export const membersInputSchema = z.object({
  query: lineText().max(200, 'Please shorten your search.').default(''),
  specialty: z.enum(['all', ...specialties]).default('all'),
});
export type MembersInput = z.input<typeof membersInputSchema>;
/** A connection command names only the other member; the caller is always the one acting. */
export const connectionInputSchema = z.object({ memberId: lineText().trim().min(1, 'Please choose a member.').max(100) });
export type ConnectionInput = z.infer<typeof connectionInputSchema>;

/** What the community's procedures answer for an id that names nothing. */
export const communityErrors = {
  topicNotFound: 'Topic not found.',
  eventNotFound: 'Event not found.',
  resourceNotFound: 'Resource not found.',
  memberNotFound: 'Member not found.',
} as const;
