/**
 * The practitioner application for `runCommand`: its row holds the current status (for listing),
 * its state is rebuilt from its stored events under the row's lock (replay, decide, append:
 * docs/architecture.md#one-write-path).
 */
import {
  applicationEventSchema,
  decideApplication,
  evolveApplication,
  initialApplication,
  type ApplicationCommand,
  type ApplicationEvent,
  type ApplicationState,
} from '@wellspring/domain';
import { APPLICATION_AGGREGATE, insertApplication, lockApplicationRow, updateApplicationStatus } from '../repositories/application.repository.ts';
import { replayAggregate, type CommandMachine, type StoredEvent } from './run-command.ts';

/**
 * An application event as stored. `ApplicationSubmitted` carries the webhook body and waits in the
 * outbox for the relay; the relay's own outcome events have nothing to deliver.
 */
function applicationEventToStored(event: ApplicationEvent): StoredEvent {
  if (event.type === 'ApplicationSubmitted') return { type: event.type, payload: { ...event, submission: { ...event.submission } }, delivery: 'pending' };
  return { type: event.type, payload: { ...event } };
}

export const applicationCommands: CommandMachine<ApplicationState, ApplicationCommand, ApplicationEvent> = {
  aggregateType: APPLICATION_AGGREGATE,
  eventSchema: applicationEventSchema,
  async load(tx, id) {
    if (!(await lockApplicationRow(tx, id))) return initialApplication;
    return replayAggregate(tx, { type: APPLICATION_AGGREGATE, id }, { eventSchema: applicationEventSchema, evolve: evolveApplication, initial: initialApplication });
  },
  decide: (state, command) => decideApplication(state, command),
  evolve: evolveApplication,
  async save(tx, { aggregateId, before, after, context }) {
    if (after.status === 'absent') return undefined;
    // Submitted now: the row's submitted_at is the instant the submission's timestamp was taken from.
    if (before.status === 'absent') await insertApplication(tx, { id: aggregateId, submission: after.submission, status: after.status, submittedAt: context.now });
    else await updateApplicationStatus(tx, aggregateId, after.status);
    return undefined;
  },
  toStoredEvent: applicationEventToStored,
};
