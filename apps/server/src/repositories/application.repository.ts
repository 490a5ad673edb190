import { applicationEventSchema, type ApplicationEvent, type ApplicationStatus, type ApplicationSubmission } from '@wellspring/domain';
import type { Database, DatabaseTransaction } from '../db/client.ts';
import { appendDomainEvents, type NewDomainEvent } from './domain-event.repository.ts';

export const APPLICATION_AGGREGATE = 'practitioner_application';

/**
 * An application event as stored. `ApplicationSubmitted` carries the webhook body and waits in the
 * outbox for the relay; the relay's own outcome events have nothing to deliver.
 */
export function applicationEventToStored(event: ApplicationEvent): NewDomainEvent {
  // The payload is plain JSON data (strings, numbers, booleans); spreading drops the interface type.
  const payload = event.type === 'ApplicationSubmitted' ? { ...event, submission: { ...event.submission } } : { ...event };
  const stored = { aggregateType: APPLICATION_AGGREGATE, aggregateId: event.id, type: event.type, payload };
  return event.type === 'ApplicationSubmitted' ? { ...stored, delivery: 'pending' } : stored;
}

/**
 * Stores a new application and appends its events (the outbox row among them) in one transaction:
 * both are stored or neither is.
 */
export async function insertApplicationWithEvents(
  db: Database,
  application: { readonly id: string; readonly submission: ApplicationSubmission; readonly submittedAt: Date },
  events: readonly NewDomainEvent[],
): Promise<{ id: string }> {
  const { id, submission, submittedAt } = application;
  return db.$transaction(async (tx) => {
    const stored = await tx.practitionerApplication.create({
      data: {
        id,
        name: submission.name,
        email: submission.email,
        phone: submission.phone,
        specialties: submission.specialties,
        experience: submission.experience,
        website: submission.website === '' ? null : submission.website,
        message: submission.message === '' ? null : submission.message,
        acceptTerms: submission.acceptTerms,
        source: submission.source,
        status: 'submitted',
        submittedAt,
      },
      select: { id: true },
    });
    await appendDomainEvents(tx, events, submittedAt);
    return stored;
  });
}

/**
 * Locks the application row for the rest of the transaction and returns its events in order (to
 * rebuild the aggregate with `evolveApplication`). Null when there is no such application.
 */
export async function lockApplicationHistory(tx: DatabaseTransaction, id: string): Promise<ApplicationEvent[] | null> {
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id::text AS id FROM practitioner_application WHERE id = ${id}::uuid FOR UPDATE`;
  if (locked.length === 0) return null;
  const events = await tx.domainEvent.findMany({
    where: { aggregateType: APPLICATION_AGGREGATE, aggregateId: id },
    orderBy: { sequence: 'asc' },
    select: { payload: true },
  });
  // Payloads are the domain events as the server wrote them (see application.router.ts), read back
  // through the domain's schema: a payload that no longer fits fails here, not deep in the machine.
  return events.map((event) => applicationEventSchema.parse(event.payload));
}

export async function updateApplicationStatus(tx: DatabaseTransaction, id: string, status: ApplicationStatus): Promise<void> {
  await tx.practitionerApplication.update({ where: { id }, data: { status }, select: { id: true } });
}
