/**
 * "Something was just added to the outbox": lets the relay workers of this process deliver at once
 * instead of at their next poll. Workers on other servers still find the event by polling, so a
 * missed signal only costs latency, never a delivery.
 */
type Listener = () => void;

const listeners = new Set<Listener>();

/** Call after the transaction that appended outbox events has committed. */
export function notifyOutbox(): void {
  for (const listener of listeners) listener();
}

/** Subscribes to notifications; returns the unsubscribe function. */
export function onOutboxNotified(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
