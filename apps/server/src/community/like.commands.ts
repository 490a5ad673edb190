/**
 * A practitioner's like of a forum topic on the command runner: the aggregate is the pair (topic,
 * practitioner), locked with an advisory lock (it has no row while not liked), decided by the
 * domain's like machine; the primary key of forum_topic_like keeps one like per pair whatever the
 * timing.
 */
import { decideLike, evolveLike, likeEventSchema, type LikeCommand, type LikeEvent, type LikeState } from '@wellspring/domain';
import { lockAggregate, type CommandMachine } from '../commands/run-command.ts';

const forumTopicLikeAggregate = (topicId: string, userId: string) => ({ type: 'forum-topic-like', id: `${topicId}:${userId}` });

export function forumTopicLikeCommands(topicId: string, userId: string): CommandMachine<LikeState, LikeCommand, LikeEvent> {
  return {
    aggregateType: 'forum-topic-like',
    eventSchema: likeEventSchema,
    async load(tx) {
      await lockAggregate(tx, forumTopicLikeAggregate(topicId, userId));
      const liked = await tx.forumTopicLike.count({ where: { topicId, userId } });
      return { liked: liked > 0 };
    },
    decide: (state, command) => decideLike(state, command),
    evolve: evolveLike,
    async save(tx, { before, after }) {
      if (before.liked === after.liked) return undefined;
      if (after.liked) await tx.forumTopicLike.createMany({ data: [{ topicId, userId }], skipDuplicates: true });
      else await tx.forumTopicLike.deleteMany({ where: { topicId, userId } });
      return undefined;
    },
    toStoredEvent: (event) => ({ type: `Topic${event.type}`, payload: { ...event } }),
  };
}

/** A practitioner's like of a Knowledge Library resource: as a topic's, on resource_like. */
export function resourceLikeCommands(resourceId: string, userId: string): CommandMachine<LikeState, LikeCommand, LikeEvent> {
  return {
    aggregateType: 'resource-like',
    eventSchema: likeEventSchema,
    async load(tx) {
      await lockAggregate(tx, { type: 'resource-like', id: `${resourceId}:${userId}` });
      return { liked: (await tx.resourceLike.count({ where: { resourceId, userId } })) > 0 };
    },
    decide: (state, command) => decideLike(state, command),
    evolve: evolveLike,
    async save(tx, { before, after }) {
      if (before.liked === after.liked) return undefined;
      if (after.liked) await tx.resourceLike.createMany({ data: [{ resourceId, userId }], skipDuplicates: true });
      else await tx.resourceLike.deleteMany({ where: { resourceId, userId } });
      return undefined;
    },
    toStoredEvent: (event) => ({ type: `Resource${event.type}`, payload: { ...event } }),
  };
}
