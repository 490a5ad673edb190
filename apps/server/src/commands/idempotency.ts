/**
 * Idempotency keys for mutations (issue 23, item 8): a client sends `Idempotency-Key` with each
 * submission, and a retry of it (after an answer lost to a crash or the network) changes nothing
 * twice. The tRPC middleware (trpc.ts) puts the request's claim in `idempotentRequests` while the
 * procedure runs; the command runner claims the key in the SAME transaction as the write
 * (`claimIdempotencyKey`), so either both the write and the key are stored or neither is. The
 * middleware then stores the answer with the key; a retry finds it and gets that answer again.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database, DatabaseTransaction } from '../db/client.ts';
import { insertIdempotencyKey, type IdempotencyClaim } from '../repositories/idempotency.repository.ts';

export interface IdempotentRequest extends IdempotencyClaim {
  /** Set once the key is claimed: later commands of the same request share the claim. */
  claimed: boolean;
}

export const idempotentRequests = new AsyncLocalStorage<IdempotentRequest>();

/** The key was claimed by another request with it (a concurrent retry) that committed first. */
export class IdempotencyKeyTaken extends Error {
  constructor() {
    super('This idempotency key has already been used.');
    this.name = 'IdempotencyKeyTaken';
  }
}

/**
 * Claims the current request's key inside the command's transaction (nothing when the request has
 * no key, or already claimed it). A key another request claimed throws `IdempotencyKeyTaken`,
 * rolling this write back.
 */
export async function claimIdempotencyKey(db: Database | DatabaseTransaction, now: Date): Promise<void> {
  const request = idempotentRequests.getStore();
  if (!request || request.claimed) return;
  if (!(await insertIdempotencyKey(db, request, now))) throw new IdempotencyKeyTaken();
  request.claimed = true;
}

/**
 * The running request's key when no command has claimed it yet (null otherwise), for a write that
 * claims it in its own statement (`runCreation`); that write sets `claimed` once it is stored.
 */
export function unclaimedIdempotencyKey(): IdempotentRequest | null {
  const request = idempotentRequests.getStore();
  return request && !request.claimed ? request : null;
}
