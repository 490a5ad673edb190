/**
 * A connection between two members on the command runner, decided by the domain's connection
 * machine. The aggregate is the unordered pair (`connectionPair`: one row of member_connection,
 * lesser id first), locked with an advisory lock before it is read, so two practitioners asking each
 * other at the same moment run one after the other: the second finds the first's request and
 * accepts it (crossed requests end in one connection). The primary key backs it whatever the timing.
 * A practitioner's `community_member` row is made with their first connection. Each change leaves an
 * audit entry of the acting practitioner.
 */
import {
  connectionEventSchema,
  decideConnection,
  evolveConnection,
  initialConnection,
  type ConnectionCommand,
  type ConnectionEvent,
  type ConnectionState,
} from '@wellspring/domain';
import { lockAggregate, type CommandMachine } from '../commands/run-command.ts';
import { auditChangeOutsideCall } from '../practice/practice-audit.ts';
import type { PracticeScope } from '../practice/practice-scope.ts';
import { accountIdOf, connectionPair, connectionStateOf } from './members.repository.ts';

export const connectionAggregateId = (one: string, other: string): string => {
  const { a, b } = connectionPair(one, other);
  return `${a}:${b}`;
};

/** The connection between the caller (`scope.actor`) and `memberId`. */
export function memberConnectionCommands(scope: PracticeScope, memberId: string): CommandMachine<ConnectionState, ConnectionCommand, ConnectionEvent> {
  const pair = connectionPair(scope.actor.userId, memberId);
  return {
    aggregateType: 'member-connection',
    eventSchema: connectionEventSchema,
    async load(tx, aggregateId) {
      await lockAggregate(tx, { type: 'member-connection', id: aggregateId });
      const [row] = await tx.$queryRaw<{ requester_id: string; status: string }[]>`
        SELECT requester_id, status FROM member_connection WHERE member_a_id = ${pair.a} AND member_b_id = ${pair.b} FOR UPDATE`;
      return row ? connectionStateOf(row, pair) : initialConnection;
    },
    decide: (state, command) => decideConnection(state, command),
    evolve: evolveConnection,
    async save(tx, { before, after, context }) {
      if (after.status === 'none' || before.status === after.status) return undefined;
      if (before.status === 'none') {
        // The parties that are accounts get their member row (a sample member has one from the seed).
        const accounts = [pair.a, pair.b].map(accountIdOf).filter((id): id is string => id !== null);
        await tx.$executeRaw`
          INSERT INTO community_member (id, user_id)
          SELECT u.id::text, u.id FROM app_user u WHERE u.id = ANY(${accounts}::uuid[])
          ON CONFLICT DO NOTHING`;
        await tx.$executeRaw`
          INSERT INTO member_connection (member_a_id, member_b_id, requester_id, status, requested_at, answered_at)
          VALUES (${pair.a}, ${pair.b}, ${after.requesterId}, ${after.status}, ${context.now}, ${after.status === 'pending' ? null : context.now}::timestamptz)`;
      } else {
        await tx.$executeRaw`
          UPDATE member_connection SET status = ${after.status}, answered_at = ${context.now}
          WHERE member_a_id = ${pair.a} AND member_b_id = ${pair.b}`;
      }
      await auditChangeOutsideCall(tx, {
        practiceId: scope.practiceId,
        actorUserId: scope.actor.userId,
        action: before.status === 'none' ? 'create' : 'update',
        recordType: 'member_connection',
        recordId: connectionAggregateId(pair.a, pair.b),
        requestId: context.requestId,
        sourceAddress: scope.sourceAddress,
      });
      return undefined;
    },
    toStoredEvent: (event) => ({ type: event.type, payload: { ...event } }),
  };
}
