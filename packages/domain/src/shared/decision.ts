/**
 * The result of `decide`: the events a command produces, or a typed domain error.
 * `decide` never throws for a rejected command; the server maps `DomainError.code` to a tRPC error.
 */
export type DomainErrorCode = 'CONFLICT' | 'FORBIDDEN' | 'INVALID_TRANSITION' | 'NOT_FOUND' | 'PRECONDITION_FAILED';

export interface DomainError {
  readonly code: DomainErrorCode;
  /** A sentence a user can read. */
  readonly message: string;
  /** The form field the refusal is about, when there is one: the client shows it under that field. */
  readonly field?: string;
}

export type Decision<Event> =
  | { readonly ok: true; readonly events: readonly Event[] }
  | { readonly ok: false; readonly error: DomainError };

export const accept = <Event>(...events: Event[]): Decision<Event> => ({ ok: true, events });

export const reject = <Event = never>(code: DomainErrorCode, message: string): Decision<Event> => ({
  ok: false,
  error: { code, message },
});

/** Folds a history of events into a state with a machine's `evolve`. */
export const replay = <State, Event>(
  evolve: (state: State, event: Event) => State,
  initial: State,
  events: readonly Event[],
): State => events.reduce(evolve, initial);
