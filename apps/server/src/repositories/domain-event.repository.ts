import type { DatabaseTransaction } from '../db/client.ts';
import type { Prisma } from '../generated/prisma/client.ts';

export interface NewDomainEvent {
  readonly aggregateType: string;
  readonly aggregateId: string;
  readonly type: string;
  readonly payload: Prisma.InputJsonObject;
  /** The user who caused the event; null for a visitor or the system. */
  readonly actorId?: string | null;
  /** The request that caused the event (x-request-id); null outside a request (the relay). */
  readonly requestId?: string | null;
  /** Set for events with a side effect for the outbox relay to perform. */
  readonly delivery?: 'pending';
  /** When the relay may deliver it (a reminder); now when absent. */
  readonly deliverAt?: Date;
}

/**
 * Appends events to the audit trail / outbox; call it inside the transaction that made the change.
 * State changes go through `runCommand` (commands/run-command.ts), which calls this with the
 * actor and request id stamped on every event.
 */
export async function appendDomainEvents(db: DatabaseTransaction, events: readonly NewDomainEvent[], now = new Date()): Promise<void> {
  if (events.length === 0) return;
  await db.domainEvent.createMany({
    data: events.map((event) => ({
      aggregateType: event.aggregateType,
      aggregateId: event.aggregateId,
      type: event.type,
      payload: event.payload,
      actorId: event.actorId ?? null,
      requestId: event.requestId ?? null,
      deliveryStatus: event.delivery ?? null,
      nextAttemptAt: event.delivery ? (event.deliverAt ?? now) : null,
      occurredAt: now,
    })),
  });
}

/**
 * An aggregate's stored events in order (by `sequence`), as their raw JSON payloads: read them
 * back through the machine's event schema (`replayAggregate` in commands/run-command.ts does).
 */
export async function loadAggregatePayloads(db: DatabaseTransaction, aggregateType: string, aggregateId: string): Promise<unknown[]> {
  const rows = await db.domainEvent.findMany({
    where: { aggregateType, aggregateId },
    orderBy: { sequence: 'asc' },
    select: { payload: true },
  });
  return rows.map((row) => row.payload);
}
