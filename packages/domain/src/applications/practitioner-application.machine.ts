/**
 * A practitioner application and its relay to the automation webhook, as decide/evolve.
 *
 * | state        | command            | events                   | next         |
 * |--------------|--------------------|--------------------------|--------------|
 * | absent       | Submit             | ApplicationSubmitted     | submitted    |
 * | submitted    | RecordRelaySuccess | ApplicationRelayed       | relayed      |
 * | submitted    | RecordRelayFailure | ApplicationRelayFailed   | relay_failed |
 * | relay_failed | RecordRelaySuccess | ApplicationRelayed       | relayed (a retry succeeded) |
 * | relay_failed | RecordRelayFailure | ApplicationRelayFailed   | relay_failed (attempts + 1) |
 * | relayed      | any                | — INVALID_TRANSITION     | relayed      |
 * | absent       | Record…            | — NOT_FOUND              | absent       |
 * | not absent   | Submit             | — CONFLICT               | unchanged    |
 *
 * The user sees success once the application is stored (submitted); the relay runs from the outbox
 * with retries, so "relay_failed" is an operator's concern, not the applicant's.
 */
import { z } from 'zod';
import { accept, reject, type Decision } from '../shared/decision.ts';
import { applicationSubmissionSchema, type ApplicationSubmission } from './practitioner-application.schema.ts';

export type ApplicationStatus = 'submitted' | 'relayed' | 'relay_failed';

export type ApplicationState =
  | { readonly status: 'absent' }
  | {
      readonly status: ApplicationStatus;
      readonly id: string;
      readonly submission: ApplicationSubmission;
      readonly attempts: number;
      readonly lastError: string | null;
      readonly relayedAt: string | null;
    };

export const initialApplication: ApplicationState = { status: 'absent' };

export type ApplicationCommand =
  | { readonly kind: 'Submit'; readonly id: string; readonly submission: ApplicationSubmission }
  | { readonly kind: 'RecordRelaySuccess'; readonly at: Date }
  | { readonly kind: 'RecordRelayFailure'; readonly at: Date; readonly reason: string };

/**
 * The events, as zod schemas: the server stores an event as its JSON payload and reads it back
 * (the outbox relay, the aggregate's history) through these, so a payload is never trusted blindly.
 */
export const applicationSubmittedEventSchema = z.object({
  type: z.literal('ApplicationSubmitted'),
  id: z.string().min(1),
  submission: applicationSubmissionSchema,
});
export const applicationRelayedEventSchema = z.object({
  type: z.literal('ApplicationRelayed'),
  id: z.string().min(1),
  at: z.iso.datetime(),
  attempt: z.number().int().min(1),
});
export const applicationRelayFailedEventSchema = z.object({
  type: z.literal('ApplicationRelayFailed'),
  id: z.string().min(1),
  at: z.iso.datetime(),
  attempt: z.number().int().min(1),
  reason: z.string(),
});
export const applicationEventSchema = z.discriminatedUnion('type', [applicationSubmittedEventSchema, applicationRelayedEventSchema, applicationRelayFailedEventSchema]);

export type ApplicationSubmittedEvent = Readonly<z.output<typeof applicationSubmittedEventSchema>>;
export type ApplicationRelayedEvent = Readonly<z.output<typeof applicationRelayedEventSchema>>;
export type ApplicationRelayFailedEvent = Readonly<z.output<typeof applicationRelayFailedEventSchema>>;
export type ApplicationEvent = ApplicationSubmittedEvent | ApplicationRelayedEvent | ApplicationRelayFailedEvent;

export const applicationErrors = {
  notFound: 'Application not found.',
  alreadySubmitted: 'This application has already been submitted.',
  alreadyRelayed: 'This application has already been relayed.',
} as const;

export function decideApplication(state: ApplicationState, command: ApplicationCommand): Decision<ApplicationEvent> {
  if (command.kind === 'Submit') {
    if (state.status !== 'absent') return reject('CONFLICT', applicationErrors.alreadySubmitted);
    return accept({ type: 'ApplicationSubmitted', id: command.id, submission: command.submission });
  }
  if (state.status === 'absent') return reject('NOT_FOUND', applicationErrors.notFound);
  if (state.status === 'relayed') return reject('INVALID_TRANSITION', applicationErrors.alreadyRelayed);
  const attempt = state.attempts + 1;
  const at = command.at.toISOString();
  return command.kind === 'RecordRelaySuccess'
    ? accept({ type: 'ApplicationRelayed', id: state.id, at, attempt })
    : accept({ type: 'ApplicationRelayFailed', id: state.id, at, attempt, reason: command.reason });
}

export function evolveApplication(state: ApplicationState, event: ApplicationEvent): ApplicationState {
  if (event.type === 'ApplicationSubmitted') {
    return { status: 'submitted', id: event.id, submission: event.submission, attempts: 0, lastError: null, relayedAt: null };
  }
  if (state.status === 'absent') return state;
  return event.type === 'ApplicationRelayed'
    ? { ...state, status: 'relayed', attempts: event.attempt, relayedAt: event.at }
    : { ...state, status: 'relay_failed', attempts: event.attempt, lastError: event.reason };
}
