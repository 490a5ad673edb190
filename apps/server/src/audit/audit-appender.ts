/**
 * Reads' audit entries, appended in groups (record 0032). Every audited read waits until its entry
 * is stored, but reads arriving together share one transaction: while one group is being written,
 * the next gathers, and is written as soon as the first commits — PostgreSQL's group commit, done
 * for the audit chain, whose head is one row lock every append takes. One transaction per read made
 * that lock the bottleneck of every read under load; one per group takes it once per group.
 */
import type pg from 'pg';
import { auditAppendStatements, type AuditEntryInput } from './audit-log.ts';

/** The most entries one group writes; the rest wait for the next. */
export const AUDIT_GROUP_MAX = 64;

interface Waiting {
  readonly entry: AuditEntryInput;
  readonly stored: () => void;
  readonly failed: (error: unknown) => void;
}

export interface AuditAppender {
  /** Resolves once the entry is committed; rejects if its group could not be (then none of it is). */
  append(entry: AuditEntryInput): Promise<void>;
}

export function createAuditAppender(pool: pg.Pool, groupMax = AUDIT_GROUP_MAX): AuditAppender {
  const queue: Waiting[] = [];
  let writing = false;

  async function writeGroup(group: readonly Waiting[]): Promise<void> {
    const client = await pool.connect();
    try {
      const byPractice = new Map<string, AuditEntryInput[]>();
      for (const { entry } of group) byPractice.set(entry.practiceId, [...(byPractice.get(entry.practiceId) ?? []), entry]);
      const statements = [...byPractice].map(([practiceId, entries]) => auditAppendStatements(practiceId, entries, (value) => client.escapeLiteral(value)));
      // One simple query is one implicit transaction: the whole group commits, or none of it.
      await client.query(statements.join(';\n'));
    } finally {
      client.release();
    }
  }

  async function drain(): Promise<void> {
    writing = true;
    try {
      while (queue.length > 0) {
        const group = queue.splice(0, groupMax);
        try {
          await writeGroup(group);
          for (const waiting of group) waiting.stored();
        } catch (error) {
          for (const waiting of group) waiting.failed(error);
        }
      }
    } finally {
      writing = false;
    }
  }

  return {
    append(entry) {
      return new Promise<void>((stored, failed) => {
        queue.push({ entry, stored, failed });
        if (!writing) void drain();
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
