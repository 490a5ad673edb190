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
 */
import { z } from 'zod';
import { accept, type Decision } from '../shared/decision.ts';
import { lineText } from '../shared/text.ts';

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
export const rsvpConfirmedEventSchema = z.object({
  type: z.literal('RsvpConfirmed'),
  ...rsvpFields,
  /** Where the confirmation e-mail goes, and to whom (the relay sends it with the event's .ics). */
  email: z.string().min(3),
  name: z.string().min(1),
});
export const rsvpEventSchema = z.discriminatedUnion('type', [rsvpConfirmedEventSchema, z.object({ type: z.literal('RsvpCancelled'), ...rsvpFields })]);
export type RsvpEvent = Readonly<z.output<typeof rsvpEventSchema>>;
export type RsvpConfirmedEvent = Readonly<z.output<typeof rsvpConfirmedEventSchema>>;

export function decideRsvp(state: RsvpState, command: RsvpCommand, attendee: { readonly email: string; readonly name: string }): Decision<RsvpEvent> {
  const wanted = command.kind === 'Rsvp';
  if (state.going === wanted) return accept();
  return accept(
    wanted
      ? { type: 'RsvpConfirmed', eventId: command.eventId, userId: command.userId, email: attendee.email, name: attendee.name }
      : { type: 'RsvpCancelled', eventId: command.eventId, userId: command.userId },
  );
}

export const evolveRsvp = (_state: RsvpState, event: RsvpEvent): RsvpState => ({ going: event.type === 'RsvpConfirmed' });

// Inputs of the community's procedures ------------------------------------------------------------

const recordId = lineText().trim().min(1, 'Please choose an item.').max(100);

export const forumTopicsInputSchema = z.object({ cursor: z.number().int().min(0).max(10_000).default(0) });
export const likeInputSchema = z.object({ id: recordId, liked: z.boolean() });
export type LikeInput = z.infer<typeof likeInputSchema>;
export const communityIdInputSchema = z.object({ id: recordId });
export const rsvpInputSchema = z.object({ id: recordId, going: z.boolean() });

/** What the community's procedures answer for an id that names nothing. */
export const communityErrors = {
  topicNotFound: 'Topic not found.',
  eventNotFound: 'Event not found.',
  resourceNotFound: 'Resource not found.',
  memberNotFound: 'Member not found.',
} as const;
