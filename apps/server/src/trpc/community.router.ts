/**
 * The community (SPEC §2 Community, issue 15): reads for a signed-in practitioner, and every action
 * they take stored in their own name (ctx.user.id; no input names another practitioner).
 */
import { communityErrors, eventsInputSchema, forumTopicsInputSchema, likeInputSchema, resourcesInputSchema, rsvpInputSchema } from '@wellspring/domain';
import { TRPCError } from '@trpc/server';
import { commandContext, runCommand } from '../commands/run-command.ts';
import { forumPage, forumTopicExists, forumTopicLikes } from '../community/forum.repository.ts';
import { eventById, listEvents, type CommunityEventView } from '../community/events.repository.ts';
import { forumTopicLikeCommands, resourceLikeCommands } from '../community/like.commands.ts';
import { resourceExists, resourceLikes, searchResources } from '../community/resources.repository.ts';
import { eventRsvpCommands } from '../community/rsvp.commands.ts';
import { practitionerProcedure, router } from './trpc.ts';

export const communityRouter = router({
  /** A page of forum topics, newest activity first, with the viewer's likes; the six categories with counts. */
  forum: practitionerProcedure.input(forumTopicsInputSchema).query(({ ctx, input }) => forumPage(ctx.db, ctx.user.id, input.cursor, ctx.now)),

  /** Likes (liked: true) or takes back the like of (false) a topic, once per practitioner; idempotent. */
  likeTopic: practitionerProcedure.input(likeInputSchema).mutation(async ({ ctx, input }): Promise<{ id: string; liked: boolean; likes: number }> => {
    if (!(await forumTopicExists(ctx.db, input.id))) throw new TRPCError({ code: 'NOT_FOUND', message: communityErrors.topicNotFound });
    const { state } = await runCommand(commandContext(ctx), forumTopicLikeCommands(input.id, ctx.user.id), `${input.id}:${ctx.user.id}`, {
      kind: input.liked ? 'Like' : 'Unlike',
      subject: 'forum-topic',
      subjectId: input.id,
      userId: ctx.user.id,
    });
    return { id: input.id, liked: state.liked, likes: await forumTopicLikes(ctx.db, input.id) };
  }),

  /** The events, soonest first, filtered by type and format, with attendee counts and the viewer's RSVPs. */
  events: practitionerProcedure.input(eventsInputSchema).query(({ ctx, input }) => listEvents(ctx.db, ctx.user.id, input)),

  /**
   * RSVPs (going: true) or cancels (false), once per practitioner; idempotent. A new RSVP e-mails the
   * practitioner the event with its calendar file (outbox relay).
   */
  rsvp: practitionerProcedure.input(rsvpInputSchema).mutation(async ({ ctx, input }): Promise<CommunityEventView> => {
    if (!(await eventById(ctx.db, input.id, null))) throw new TRPCError({ code: 'NOT_FOUND', message: communityErrors.eventNotFound });
    await runCommand(commandContext(ctx), eventRsvpCommands(input.id, { userId: ctx.user.id, email: ctx.user.email, name: ctx.user.name }), `${input.id}:${ctx.user.id}`, {
      kind: input.going ? 'Rsvp' : 'CancelRsvp',
      eventId: input.id,
      userId: ctx.user.id,
    });
    const event = await eventById(ctx.db, input.id, ctx.user.id);
    if (!event) throw new TRPCError({ code: 'NOT_FOUND', message: communityErrors.eventNotFound });
    return event;
  }),

  /** The Knowledge Library searched over title, description and tags under a tab (or one resource by id). */
  resources: practitionerProcedure.input(resourcesInputSchema).query(({ ctx, input }) => searchResources(ctx.db, ctx.user.id, input)),

  /** Likes (liked: true) or takes back the like of (false) a resource, once per practitioner; idempotent. */
  likeResource: practitionerProcedure.input(likeInputSchema).mutation(async ({ ctx, input }): Promise<{ id: string; liked: boolean; likes: number }> => {
    if (!(await resourceExists(ctx.db, input.id))) throw new TRPCError({ code: 'NOT_FOUND', message: communityErrors.resourceNotFound });
    const { state } = await runCommand(commandContext(ctx), resourceLikeCommands(input.id, ctx.user.id), `${input.id}:${ctx.user.id}`, {
      kind: input.liked ? 'Like' : 'Unlike',
      subject: 'resource',
      subjectId: input.id,
      userId: ctx.user.id,
    });
    return { id: input.id, liked: state.liked, likes: await resourceLikes(ctx.db, input.id) };
  }),
});
