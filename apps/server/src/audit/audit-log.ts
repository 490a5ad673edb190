/**
 * The audit log (DESIGN.md §5, docs/decisions/0015-audit-log.md): every read of a patient's record
 * and every write of practice data appends one entry, from the scoped repositories. The table is
 * append-only and hash-chained; the chain itself (sequence, time, previous hash, hash) is computed by
 * the database's insert trigger, so an entry cannot be appended any other way. This module appends,
 * lists a patient's entries, and verifies the chain by recomputing every hash here, independently of
 * the database's own function.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Database, DatabaseTransaction } from '../db/client.ts';
import { Prisma } from '../generated/prisma/client.ts';

/** `sign` and `amend`: a clinical note signed (locked) and an addendum added to it. */
export type AuditAction = 'read' | 'list' | 'create' | 'update' | 'delete' | 'sign' | 'amend';

export type AuditDetail = Record<string, string | number | boolean | null>;

export interface AuditEntryInput {
  /** The signed-in user who acted (app_user.id, a uuid); null for a visitor or the system. */
  actorUserId: string | null;
  practiceId: string;
  /** 'patient' | 'appointment' | 'clinical_note' | 'health_record_item' | … */
  recordType: string;
  /** The record read or written; null for a list or search. */
  recordId: string | null;
  /** The patient the record belongs to, for the patient's audit listing; null when none. */
  patientId: string | null;
  action: AuditAction;
  /** The request's x-request-id. */
  requestId: string;
  /** The client address as the server sees it (TRUST_PROXY applied); null outside a request. */
  sourceAddress: string | null;
  /** Small facts worth keeping (e.g. which fields changed, a search's result count) — never record content. */
  detail?: AuditDetail;
}

/** `prev_hash` of the first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * Appends one entry. Call it inside the transaction that reads or writes the record, so the entry
 * exists exactly when the access happened (a rolled-back write leaves none). Appends queue on the
 * chain head's row lock until that transaction ends: call it late in the transaction, not before
 * slow work.
 */
export async function recordAudit(tx: DatabaseTransaction | Database, entry: AuditEntryInput): Promise<void> {
  const detail = entry.detail === undefined ? null : JSON.stringify(entry.detail);
  await tx.$executeRaw`
    INSERT INTO audit_entry (actor_user_id, practice_id, record_type, record_id, patient_id, action, request_id, source_address, detail)
    VALUES (${entry.actorUserId}::uuid, ${entry.practiceId}, ${entry.recordType}, ${entry.recordId}, ${entry.patientId},
            ${entry.action}, ${entry.requestId}, ${entry.sourceAddress}, ${detail}::jsonb)`;
}

/** One row of a patient's audit listing (no chain internals). */
export interface PatientAuditEntry {
  id: string;
  occurredAt: Date;
  action: AuditAction;
  recordType: string;
  recordId: string | null;
  actorUserId: string | null;
  /** The actor's current name; null if the account is gone. */
  actorName: string | null;
  requestId: string;
  sourceAddress: string | null;
}

export interface PatientAuditPage {
  /** Newest first. */
  entries: PatientAuditEntry[];
  /** Pass as `cursor` for the next (older) page; null when there is none. */
  nextCursor: string | null;
}

export const MAX_AUDIT_PAGE = 200;

/**
 * A patient's audit entries in one practice, newest first, `limit` at a time (at most 200). Entries
 * of another practice never appear, whatever the patient id. `cursor` is the `nextCursor` of the
 * previous page.
 */
export async function listAuditEntriesForPatient(
  db: Database | DatabaseTransaction,
  query: { practiceId: string; patientId: string; limit: number; cursor?: string | null },
): Promise<PatientAuditPage> {
  const limit = Math.min(Math.max(Math.trunc(query.limit), 1), MAX_AUDIT_PAGE);
  const cursor = query.cursor ?? null;
  if (cursor !== null && !/^[1-9]\d{0,18}$/.test(cursor)) throw new RangeError('invalid audit cursor');
  const before = cursor === null ? Prisma.empty : Prisma.sql`AND e.sequence < ${cursor}::bigint`;
  const rows = await db.$queryRaw<(Omit<PatientAuditEntry, 'action'> & { action: string; sequence: string })[]>`
    SELECT e.sequence::text AS sequence, e.id::text AS id, e.occurred_at AS "occurredAt", e.action, e.record_type AS "recordType",
           e.record_id AS "recordId", e.actor_user_id::text AS "actorUserId", u.name AS "actorName", e.request_id AS "requestId",
           e.source_address AS "sourceAddress"
    FROM audit_entry e
    LEFT JOIN app_user u ON u.id = e.actor_user_id
    WHERE e.practice_id = ${query.practiceId} AND e.patient_id = ${query.patientId} ${before}
    ORDER BY e.sequence DESC
    LIMIT ${limit + 1}`;
  const page = rows.slice(0, limit);
  return {
    entries: page.map(({ sequence: _sequence, action, ...entry }) => ({ ...entry, action: action as AuditAction })),
    nextCursor: rows.length > limit ? (page.at(-1)?.sequence ?? null) : null,
  };
}

export type AuditChainBreakReason =
  /** The entry's stored hash is not the hash of its content: the entry was altered (or forged). */
  | 'hash_mismatch'
  /** The entry's prev_hash is not the previous entry's hash: something before it was rewritten. */
  | 'prev_hash_mismatch'
  /** Entries are missing before this one (deleted). */
  | 'gap'
  /** The chain head says the chain is longer than the table: entries at the end were deleted. */
  | 'truncated_tail'
  /** The last entry is not the one the chain head recorded: it was replaced. */
  | 'head_mismatch'
  /** The entry does not carry the hash an operator anchored for it elsewhere (or is gone). */
  | 'anchor_mismatch';

export interface AuditChainAnchor {
  sequence: bigint;
  hash: string;
}

export type AuditChainReport =
  | { ok: true; entries: number; last: AuditChainAnchor | null }
  | {
      ok: false;
      brokenAt: {
        /** The first entry found broken; for 'truncated_tail' (and a missing anchored entry), the first missing sequence. */
        sequence: bigint;
        /** null when the entry is missing. */
        id: string | null;
        reason: AuditChainBreakReason;
        /** For 'gap': the first missing sequence. */
        missingFrom?: bigint;
      };
      /** Entries that checked out before the break. */
      entries: number;
    };

export interface StoredAuditEntry {
  sequence: string;
  id: string;
  occurred_ms: string;
  actor_user_id: string | null;
  practice_id: string;
  record_type: string;
  record_id: string | null;
  patient_id: string | null;
  action: string;
  request_id: string;
  source_address: string | null;
  detail: string | null;
  prev_hash: string;
  hash: string;
}

function hashField(value: string | null): string {
  return value === null ? '-' : `${Buffer.byteLength(value, 'utf8')}:${value}`;
}

/** The hash the insert trigger gives an entry (migration 20261124191000_audit_entry), recomputed. */
export function computeAuditEntryHash(entry: StoredAuditEntry): string {
  const text = [
    'wellspring-audit-v1',
    entry.sequence,
    entry.id,
    entry.occurred_ms,
    entry.actor_user_id,
    entry.practice_id,
    entry.record_type,
    entry.record_id,
    entry.patient_id,
    entry.action,
    entry.request_id,
    entry.source_address,
    entry.detail,
    entry.prev_hash,
  ]
    .map((value, index) => (index === 0 ? value : hashField(value)))
    .join('|');
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

const ENTRY_COLUMNS = `sequence::text AS sequence, id::text AS id,
  ((extract(epoch FROM occurred_at) * 1000)::bigint)::text AS occurred_ms,
  actor_user_id::text AS actor_user_id, practice_id, record_type, record_id, patient_id, action, request_id,
  source_address, detail::text AS detail, prev_hash, hash`;

/**
 * Walks the whole chain in sequence order, `batchSize` entries per query, and reports the first
 * broken link: an altered entry (its hash), a deleted one (a gap, or the head ahead of the table's
 * end), a forged or replaced one (its hash or its link). Entries appended while it runs are checked
 * too; the head is read first, so the tail check holds for the chain as it was then. With `anchor`
 * (a sequence and hash recorded outside the database earlier), also checks that the chain still
 * passes through it — the only defence against someone who rewrites the table and the head together.
 */
export async function verifyAuditChain(
  db: Database,
  options: { batchSize?: number; anchor?: AuditChainAnchor } = {},
): Promise<AuditChainReport> {
  const batchSize = options.batchSize ?? 5_000;
  const anchor = options.anchor;
  const client: pg.PoolClient = await db.pool.connect();
  try {
    const headRows = await client.query<{ last_sequence: string; last_hash: string }>('SELECT last_sequence::text AS last_sequence, last_hash FROM audit_chain_head WHERE id = 1');
    const head = headRows.rows[0];
    const headSequence = head ? BigInt(head.last_sequence) : 0n;
    let previousSequence = 0n;
    let previousHash = GENESIS_HASH;
    let entries = 0;
    let anchorSeen = false;
    for (;;) {
      const batch = await client.query<StoredAuditEntry>(`SELECT ${ENTRY_COLUMNS} FROM audit_entry WHERE sequence > $1 ORDER BY audit_entry.sequence LIMIT $2`, [
        previousSequence.toString(),
        batchSize,
      ]);
      for (const entry of batch.rows) {
        const sequence = BigInt(entry.sequence);
        const brokenAt = (reason: AuditChainBreakReason) => ({ ok: false as const, brokenAt: { sequence, id: entry.id, reason }, entries });
        if (sequence !== previousSequence + 1n) {
          return { ok: false, brokenAt: { sequence, id: entry.id, reason: 'gap', missingFrom: previousSequence + 1n }, entries };
        }
        if (computeAuditEntryHash(entry) !== entry.hash) return brokenAt('hash_mismatch');
        if (entry.prev_hash !== previousHash) return brokenAt('prev_hash_mismatch');
        if (sequence === headSequence && head && entry.hash !== head.last_hash) return brokenAt('head_mismatch');
        if (anchor && sequence === anchor.sequence) {
          if (entry.hash !== anchor.hash.toLowerCase()) return brokenAt('anchor_mismatch');
          anchorSeen = true;
        }
        previousSequence = sequence;
        previousHash = entry.hash;
        entries += 1;
      }
      if (batch.rows.length < batchSize) break;
    }
    if (previousSequence < headSequence) {
      return { ok: false, brokenAt: { sequence: previousSequence + 1n, id: null, reason: 'truncated_tail' }, entries };
    }
    if (anchor && !anchorSeen) {
      return { ok: false, brokenAt: { sequence: anchor.sequence, id: null, reason: 'anchor_mismatch' }, entries };
    }
    return { ok: true, entries, last: entries === 0 ? null : { sequence: previousSequence, hash: previousHash } };
  } finally {
    client.release();
  }
}
