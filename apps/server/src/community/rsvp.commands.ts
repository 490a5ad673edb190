/**
 * A practitioner's RSVP to an event on the command runner: the aggregate is the pair (event,
 * practitioner), locked with an advisory lock, decided by the domain's RSVP machine; the primary key
 * of event_rsvp keeps one RSVP per pair. An accepted RSVP's event goes to the outbox: the relay
 * e-mails the practitioner the event with its calendar file, reading their address from their
 * account when it sends (the event holds ids only).
 */
import { decideRsvp, evolveRsvp, rsvpEventSchema, type RsvpCommand, type RsvpEvent, type RsvpState } from '@wellspring/domain';
import { lockAggregate, type CommandMachine } from '../commands/run-command.ts';

export function eventRsvpCommands(eventId: string, userId: string): CommandMachine<RsvpState, RsvpCommand, RsvpEvent> {
  return {
    aggregateType: 'event-rsvp',
    eventSchema: rsvpEventSchema,
    async load(tx) {
      await lockAggregate(tx, { type: 'event-rsvp', id: `${eventId}:${userId}` });
      return { going: (await tx.eventRsvp.count({ where: { eventId, userId } })) > 0 };
    },
    decide: (state, command) => decideRsvp(state, command),
    evolve: evolveRsvp,
    async save(tx, { before, after }) {
      if (before.going === after.going) return undefined;
      if (after.going) await tx.eventRsvp.createMany({ data: [{ eventId, userId }], skipDuplicates: true });
      else await tx.eventRsvp.deleteMany({ where: { eventId, userId } });
      return undefined;
    },
    toStoredEvent: (event) => ({ type: event.type, payload: { ...event }, ...(event.type === 'RsvpConfirmed' ? { delivery: 'pending' as const } : {}) }),
  };
}
