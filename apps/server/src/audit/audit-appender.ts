/**
 * Reads' audit entries, appended in groups (record 0032). Every audited read waits until its entry
 * is stored, but reads arriving together share one transaction: PostgreSQL's group commit, done for
 * the audit chains. Each practice has its own chain and head row lock (record 0039), so groups need
 * not wait for one another: a group takes the waiting entries of practices no other group in flight
 * is writing (a practice's later entries wait for the next group), and up to `writers` groups are
 * written at once — two: the next group is written while the one before commits, rather than
 * gathering until it has. More writers made smaller groups, each a transaction, and read throughput
 * fell again on this 2-core machine (`npm run bench -- audit`, record 0039).
 */
import type pg from 'pg';
import { appendAuditGroup, type AuditEntryInput } from './audit-log.ts';

/** The most entries one group writes; the rest wait for the next. */
const AUDIT_GROUP_MAX = 64;

/** Groups written at once (each holds a pooled connection while it is written). */
const AUDIT_WRITERS = 2;

interface Waiting {
  readonly entry: AuditEntryInput;
  readonly stored: () => void;
  readonly failed: (error: unknown) => void;
}

export interface AuditAppender {
  /** Resolves once the entry is committed; rejects if its group could not be (then none of it is). */
  append(entry: AuditEntryInput): Promise<void>;
}

export function createAuditAppender(pool: pg.Pool, groupMax = AUDIT_GROUP_MAX, writers = AUDIT_WRITERS): AuditAppender {
  let queue: Waiting[] = [];
  /** Practices a group in flight is writing. */
  const writing = new Set<string>();
  let inFlight = 0;

  async function writeGroup(group: readonly Waiting[]): Promise<void> {
    const client = await pool.connect();
    try {
      // One statement is one implicit transaction: the whole group commits, or none of it.
      await appendAuditGroup(client, group.map((waiting) => waiting.entry));
    } finally {
      client.release();
    }
  }

  /** The next group: up to `groupMax` waiting entries, in order, of practices no group in flight writes. */
  function takeGroup(): Waiting[] {
    const group: Waiting[] = [];
    const rest: Waiting[] = [];
    for (const waiting of queue) {
      if (group.length < groupMax && !writing.has(waiting.entry.practiceId)) group.push(waiting);
      else rest.push(waiting);
    }
    queue = rest;
    return group;
  }

  function pump(): void {
    while (inFlight < writers && queue.length > 0) {
      const group = takeGroup();
      if (group.length === 0) return;
      const practices = new Set(group.map((waiting) => waiting.entry.practiceId));
      for (const practiceId of practices) writing.add(practiceId);
      inFlight += 1;
      void writeGroup(group)
        .then(
          () => {
            for (const waiting of group) waiting.stored();
          },
          (error: unknown) => {
            for (const waiting of group) waiting.failed(error);
          },
        )
        .finally(() => {
          for (const practiceId of practices) writing.delete(practiceId);
          inFlight -= 1;
          pump();
        });
    }
  }

  return {
    append(entry) {
      return new Promise<void>((stored, failed) => {
        queue.push({ entry, stored, failed });
        pump();
      });
    },
  };
}

const appenders = new WeakMap<pg.Pool, AuditAppender>();

/** The pool's one appender (made at its first use). */
export function auditAppenderOf(pool: pg.Pool): AuditAppender {
  let appender = appenders.get(pool);
  if (!appender) {
    appender = createAuditAppender(pool);
    appenders.set(pool, appender);
  }
  return appender;
}
