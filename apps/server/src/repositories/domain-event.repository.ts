import type { DatabaseTransaction } from '../db/client.ts';
import type { Prisma } from '../generated/prisma/client.ts';

export interface NewDomainEvent {
  readonly aggregateType: string;
  readonly aggregateId: string;
  readonly type: string;
  readonly payload: Prisma.InputJsonObject;
  readonly actorId?: string | null;
  /** Set for events with a side effect for the outbox relay to perform. */
  readonly delivery?: 'pending';
}

/** Appends events to the audit trail / outbox; call it inside the transaction that made the change. */
export async function appendDomainEvents(db: DatabaseTransaction, events: readonly NewDomainEvent[], now = new Date()): Promise<void> {
  if (events.length === 0) return;
  await db.domainEvent.createMany({
    data: events.map((event) => ({
      aggregateType: event.aggregateType,
      aggregateId: event.aggregateId,
      type: event.type,
      payload: event.payload,
      actorId: event.actorId ?? null,
      deliveryStatus: event.delivery ?? null,
      nextAttemptAt: event.delivery ? now : null,
      occurredAt: now,
    })),
  });
}
