/**
 * The community (docs/product.md#community, issue 15): reads for a signed-in practitioner, and every action
 * they take stored in their own name (ctx.user.id; no input names another practitioner).
 */
import {
  communityErrors,
  communityIdInputSchema,
  connectionInputSchema,
  connectionStatusFor,
  eventsInputSchema,
  forumTopicsInputSchema,
  likeInputSchema,
  membersInputSchema,
  resourcesInputSchema,
  rsvpInputSchema,
  type ConnectionCommand,
  type ConnectionStatus,
} from '@wellspring/domain';
import { TRPCError } from '@trpc/server';
import { commandContext, runCommand } from '../commands/run-command.ts';
import { forumPage, forumTopicExists, forumTopicLikes } from '../community/forum.repository.ts';
import { eventById, listEvents, type CommunityEventView } from '../community/events.repository.ts';
import { forumTopicLikeCommands, resourceLikeCommands } from '../community/like.commands.ts';
import { resourceDownloadCommands } from '../community/resource-download.commands.ts';
import { resourceExists, resourceLikes, searchResources } from '../community/resources.repository.ts';
import { eventRsvpCommands } from '../community/rsvp.commands.ts';
import { connectionAggregateId, memberConnectionCommands } from '../community/connection.commands.ts';
import { connectableMember, receivedRequests, searchMembers } from '../community/members.repository.ts';
import type { PracticeScope } from '../practice/practice-scope.ts';
import { memberProcedure, router, type Context } from './trpc.ts';

/** Runs a connection command between the caller and `memberId`; answers the card status the caller now sees. */
async function runConnectionCommand(ctx: Context & { readonly scope: PracticeScope }, memberId: string, command: ConnectionCommand): Promise<{ memberId: string; connectionStatus: ConnectionStatus }> {
  const viewerId = ctx.scope.actor.userId;
  const { state } = await runCommand(commandContext(ctx), memberConnectionCommands(ctx.scope, memberId), connectionAggregateId(viewerId, memberId), command);
  return { memberId, connectionStatus: connectionStatusFor(state, viewerId) };
}

export const communityRouter = router({
  /** A page of forum topics, newest activity first, with the viewer's likes; the six categories with counts. */
  forum: memberProcedure.input(forumTopicsInputSchema).query(({ ctx, input }) => forumPage(ctx.db, ctx.user.id, input.cursor, ctx.now)),

  /** Likes (liked: true) or takes back the like of (false) a topic, once per practitioner; idempotent. */
  likeTopic: memberProcedure.input(likeInputSchema).mutation(async ({ ctx, input }): Promise<{ id: string; liked: boolean; likes: number }> => {
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
  events: memberProcedure.input(eventsInputSchema).query(({ ctx, input }) => listEvents(ctx.db, ctx.user.id, input)),

  /**
   * RSVPs (going: true) or cancels (false), once per practitioner; idempotent. A new RSVP e-mails the
   * practitioner the event with its calendar file (outbox relay).
   */
  rsvp: memberProcedure.input(rsvpInputSchema).mutation(async ({ ctx, input }): Promise<CommunityEventView> => {
    if (!(await eventById(ctx.db, input.id, null))) throw new TRPCError({ code: 'NOT_FOUND', message: communityErrors.eventNotFound });
    await runCommand(commandContext(ctx), eventRsvpCommands(input.id, ctx.user.id), `${input.id}:${ctx.user.id}`, {
      kind: input.going ? 'Rsvp' : 'CancelRsvp',
      eventId: input.id,
      userId: ctx.user.id,
    });
    const event = await eventById(ctx.db, input.id, ctx.user.id);
    if (!event) throw new TRPCError({ code: 'NOT_FOUND', message: communityErrors.eventNotFound });
    return event;
  }),

  /** The Knowledge Library searched over title, description and tags under a tab (or one resource by id). */
  resources: memberProcedure.input(resourcesInputSchema).query(({ ctx, input }) => searchResources(ctx.db, ctx.user.id, input)),

  /** Likes (liked: true) or takes back the like of (false) a resource, once per practitioner; idempotent. */
  likeResource: memberProcedure.input(likeInputSchema).mutation(async ({ ctx, input }): Promise<{ id: string; liked: boolean; likes: number }> => {
    if (!(await resourceExists(ctx.db, input.id))) throw new TRPCError({ code: 'NOT_FOUND', message: communityErrors.resourceNotFound });
    const { state } = await runCommand(commandContext(ctx), resourceLikeCommands(input.id, ctx.user.id), `${input.id}:${ctx.user.id}`, {
      kind: input.liked ? 'Like' : 'Unlike',
      subject: 'resource',
      subjectId: input.id,
      userId: ctx.user.id,
    });
    return { id: input.id, liked: state.liked, likes: await resourceLikes(ctx.db, input.id) };
  }),

  /**
   * Counts a press of a resource's Download (the client calls it, then fetches the file with a GET
   * that counts nothing); answers the new count. NOT_FOUND for an unknown resource.
   */
  countDownload: memberProcedure.input(communityIdInputSchema).mutation(async ({ ctx, input }): Promise<{ id: string; downloads: number }> => {
    const { state } = await runCommand(commandContext(ctx), resourceDownloadCommands, input.id, { kind: 'CountDownload', resourceId: input.id, userId: ctx.user.id });
    return { id: input.id, downloads: state.status === 'listed' ? state.downloads : 0 };
  }),

  /** The members searched over name, role, location and specialties, with the specialty filter; the featured member. */
  members: memberProcedure.input(membersInputSchema).query(({ ctx, input }) => searchMembers(ctx.db, ctx.user.id, input)),

  /** The connection requests other members sent the caller that wait for their answer. */
  connectionRequests: memberProcedure.query(({ ctx }) => receivedRequests(ctx.db, ctx.user.id)),

  /**
   * Asks `memberId` to connect, in the caller's name. Asking again changes nothing; asking a member
   * who already asked the caller accepts their request; a sample member may accept at once.
   */
  requestConnection: memberProcedure.input(connectionInputSchema).mutation(async ({ ctx, input }) => {
    const viewerId = ctx.user.id;
    // Asking oneself is refused by the machine, with its own message.
    const member = input.memberId === viewerId ? null : await connectableMember(ctx.db, input.memberId);
    if (input.memberId !== viewerId && !member) throw new TRPCError({ code: 'NOT_FOUND', message: communityErrors.memberNotFound });
    return runConnectionCommand(ctx, input.memberId, { kind: 'Request', from: viewerId, to: input.memberId, toAcceptsAtOnce: member?.acceptsAtOnce ?? false });
  }),

  /** Accepts the request `memberId` sent the caller (only the one it was sent to can). */
  acceptConnection: memberProcedure
    .input(connectionInputSchema)
    .mutation(({ ctx, input }) => runConnectionCommand(ctx, input.memberId, { kind: 'Accept', by: ctx.user.id, from: input.memberId })),

  /** Declines the request `memberId` sent the caller (only the one it was sent to can). */
  declineConnection: memberProcedure
    .input(connectionInputSchema)
    .mutation(({ ctx, input }) => runConnectionCommand(ctx, input.memberId, { kind: 'Decline', by: ctx.user.id, from: input.memberId })),
});
