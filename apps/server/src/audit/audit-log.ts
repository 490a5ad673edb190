/**
 * The audit log (DESIGN.md §5, docs/decisions/0015-audit-log.md): every read of a patient's record
 * and every write of practice data appends one entry, from the scoped repositories. The table is
 * append-only and hash-chained; the chain itself (sequence, time, previous hash, hash) is computed by
 * the database's insert trigger, so an entry cannot be appended any other way. This module appends,
 * lists a patient's entries, and verifies the chain by recomputing every hash here, independently of
 * the database's own function — and, with the HMAC key the database never holds, every entry's seal
 * (src/audit/audit-seal.ts, docs/decisions/0030-audit-hmac-seal.md).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import type { Database, DatabaseTransaction } from '../db/client.ts';
import type { PracticeSql } from '../practice/practice-transaction.ts';

/** `sign` and `amend`: a clinical note signed (locked) and an addendum added to it. */
/** `export`: a document made of patient data left the practice (a superbill, the patient's copy). */
export type AuditAction = 'read' | 'list' | 'create' | 'update' | 'delete' | 'sign' | 'amend' | 'export';

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

/**
 * The statements that append entries of ONE practice, for a simple query: `set_config` binding that
 * practice, then one INSERT of them all (the append trigger chains them in order). Several such
 * pairs in one query are one transaction (`audit-appender.ts`): the chain head's row lock is held
 * only while PostgreSQL itself inserts and commits — never across a round trip to a busy Node
 * process, which under load queued every other append behind it (record 0029). Values are escaped
 * by the driver (a multi-statement query takes no parameters).
 */
export function auditAppendStatements(practiceId: string, entries: readonly AuditEntryInput[], escapeLiteral: (value: string) => string): string {
  const text = (value: string | null): string => (value === null ? 'NULL' : escapeLiteral(value));
  const rows = entries.map((entry) => {
    if (entry.practiceId !== practiceId) throw new Error('auditAppendStatements: every entry must be of the bound practice');
    const detail = entry.detail === undefined ? null : JSON.stringify(entry.detail);
    return `(${text(entry.actorUserId)}::uuid, ${text(entry.practiceId)}, ${text(entry.recordType)}, ${text(entry.recordId)}, ${text(entry.patientId)},
             ${text(entry.action)}, ${text(entry.requestId)}, ${text(entry.sourceAddress)}, ${text(detail)}::jsonb)`;
  });
  return `SELECT set_config('app.practice_id', ${text(practiceId)}, true);
     INSERT INTO audit_entry (actor_user_id, practice_id, record_type, record_id, patient_id, action, request_id, source_address, detail)
     VALUES ${rows.join(',\n            ')}`;
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
  sql: PracticeSql,
  query: { practiceId: string; patientId: string; limit: number; cursor?: string | null },
): Promise<PatientAuditPage> {
  const limit = Math.min(Math.max(Math.trunc(query.limit), 1), MAX_AUDIT_PAGE);
  const cursor = query.cursor ?? null;
  if (cursor !== null && !/^[1-9]\d{0,18}$/.test(cursor)) throw new RangeError('invalid audit cursor');
  const { rows } = await sql.query<Omit<PatientAuditEntry, 'action'> & { action: string; sequence: string }>(
    `SELECT e.sequence::text AS sequence, e.id::text AS id, e.occurred_at AS "occurredAt", e.action, e.record_type AS "recordType",
            e.record_id AS "recordId", e.actor_user_id::text AS "actorUserId", u.name AS "actorName", e.request_id AS "requestId",
            e.source_address AS "sourceAddress"
     FROM audit_entry e
     LEFT JOIN app_user u ON u.id = e.actor_user_id
     WHERE e.practice_id = $1 AND e.patient_id = $2 ${cursor === null ? '' : 'AND e.sequence < $4::bigint'}
     ORDER BY e.sequence DESC
     LIMIT $3`,
    cursor === null ? [query.practiceId, query.patientId, limit + 1] : [query.practiceId, query.patientId, limit + 1, cursor],
  );
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
  | 'anchor_mismatch'
  /** An anchor's MAC is not the key's: it was not written by a sealer holding this key. */
  | 'anchor_invalid'
  /** The entry's seal is not the HMAC of its hash under the key: the entry (or one before it) was rewritten, or the key is not the one that sealed. */
  | 'seal_mismatch'
  /** The entry has no seal although later entries have one: its seal was deleted. */
  | 'seal_missing'
  /** The entry has had no seal for longer than the grace period (or at all, when every entry must be sealed). */
  | 'unsealed';

export interface AuditChainAnchor {
  sequence: bigint;
  hash: string;
  /** The seal MAC of that entry, as the sealer wrote it in an anchor; checked against the key when both are given. */
  mac?: string;
}

/** How long an entry may wait for its seal before verification fails (the sealer runs every second). */
export const DEFAULT_UNSEALED_GRACE_MS = 5 * 60_000;

export interface AuditSealSummary {
  /** Entries whose seal checked out. */
  sealed: number;
  /** Entries at the end of the chain the sealer has not reached yet. */
  unsealed: number;
  /** The first of them; null when every entry is sealed. */
  firstUnsealed: bigint | null;
  /** How long ago (database clock) the first of them was appended. */
  oldestUnsealedAgeMs: number | null;
}

export type AuditChainReport =
  | {
      ok: true;
      entries: number;
      last: AuditChainAnchor | null;
      /** With a key: what the seals say. */
      seals?: AuditSealSummary;
    }
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

/** The text an entry's seal is the HMAC of. The hash covers every field and the previous hash, so the seal covers the chain up to the entry. */
export function sealText(sequence: bigint | string, hash: string): string {
  return `wellspring-audit-seal-v1|${sequence.toString()}|${hash}`;
}

/** An entry's seal: HMAC-SHA256 (lower-case hex) of `wellspring-audit-seal-v1|<sequence>|<hash>` under `key`. */
export function computeSealMac(key: Buffer, sequence: bigint | string, hash: string): string {
  return createHmac('sha256', key).update(sealText(sequence, hash), 'utf8').digest('hex');
}

/** Whether `mac` is the seal of that entry under `key` (constant time). */
export function sealMatches(key: Buffer, sequence: bigint | string, hash: string, mac: string | null | undefined): boolean {
  if (typeof mac !== 'string' || !/^[0-9a-f]{64}$/.test(mac)) return false;
  return timingSafeEqual(Buffer.from(computeSealMac(key, sequence, hash), 'hex'), Buffer.from(mac, 'hex'));
}

export const ENTRY_COLUMNS = `sequence::text AS sequence, id::text AS id,
  ((extract(epoch FROM occurred_at) * 1000)::bigint)::text AS occurred_ms,
  actor_user_id::text AS actor_user_id, practice_id, record_type, record_id, patient_id, action, request_id,
  source_address, detail::text AS detail, prev_hash, hash`;

export interface VerifyAuditChainOptions {
  batchSize?: number;
  /** A sequence and hash recorded outside the database earlier (`--anchor`). */
  anchor?: AuditChainAnchor;
  /** More of them, e.g. the sealer's anchor file; with `key`, each one's MAC is checked too. */
  anchors?: readonly AuditChainAnchor[];
  /** The HMAC key: check every entry's seal. */
  key?: Buffer;
  /** How long an entry at the end may wait for its seal (default 5 minutes); with `requireSealed`, not at all. */
  unsealedGraceMs?: number;
  requireSealed?: boolean;
}

/**
 * Walks the whole chain in sequence order, `batchSize` entries per query, and reports the first
 * broken link: an altered entry (its hash), a deleted one (a gap, or the head ahead of the table's
 * end), a forged or replaced one (its hash or its link). Entries appended while it runs are checked
 * too; the head is read first, so the tail check holds for the chain as it was then. With `key`,
 * also checks every entry's seal: a chain rewritten with recomputed hashes (and head) fails with
 * `seal_mismatch`, a deleted seal with `seal_missing`, and entries left unsealed longer than the
 * grace period with `unsealed`. With anchors (sequences and hashes recorded outside the database
 * earlier), also checks that the chain still passes through each — the defence against someone who
 * deletes the end of the chain, its seals and winds the head back.
 */
export async function verifyAuditChain(db: Database, options: VerifyAuditChainOptions = {}): Promise<AuditChainReport> {
  const batchSize = options.batchSize ?? 5_000;
  const key = options.key;
  const graceMs = options.requireSealed ? 0 : (options.unsealedGraceMs ?? DEFAULT_UNSEALED_GRACE_MS);
  const anchors = new Map<bigint, AuditChainAnchor>();
  for (const anchor of [...(options.anchors ?? []), ...(options.anchor ? [options.anchor] : [])]) {
    if (key && anchor.mac !== undefined && !sealMatches(key, anchor.sequence, anchor.hash.toLowerCase(), anchor.mac)) {
      return { ok: false, brokenAt: { sequence: anchor.sequence, id: null, reason: 'anchor_invalid' }, entries: 0 };
    }
    const known = anchors.get(anchor.sequence);
    if (known && known.hash.toLowerCase() !== anchor.hash.toLowerCase()) {
      return { ok: false, brokenAt: { sequence: anchor.sequence, id: null, reason: 'anchor_mismatch' }, entries: 0 };
    }
    anchors.set(anchor.sequence, anchor);
  }
  const client: pg.PoolClient = await db.pool.connect();
  try {
    const headRows = await client.query<{ last_sequence: string; last_hash: string; now_ms: string }>(
      `SELECT last_sequence::text AS last_sequence, last_hash, ((extract(epoch FROM clock_timestamp()) * 1000)::bigint)::text AS now_ms
       FROM audit_chain_head WHERE id = 1`,
    );
    const head = headRows.rows[0];
    const headSequence = head ? BigInt(head.last_sequence) : 0n;
    const nowMs = Number(head?.now_ms ?? Date.now());
    const select = key
      ? `SELECT ${ENTRY_COLUMNS}, audit_seal.mac AS seal_mac FROM audit_entry LEFT JOIN audit_seal USING (sequence)`
      : `SELECT ${ENTRY_COLUMNS}, NULL::text AS seal_mac FROM audit_entry`;
    let previousSequence = 0n;
    let previousHash = GENESIS_HASH;
    let entries = 0;
    let sealed = 0;
    let firstUnsealed: { sequence: bigint; id: string; occurredMs: number } | null = null;
    let anchorsSeen = 0;
    for (;;) {
      const batch = await client.query<StoredAuditEntry & { seal_mac: string | null }>(
        `${select} WHERE audit_entry.sequence > $1 ORDER BY audit_entry.sequence LIMIT $2`,
        [previousSequence.toString(), batchSize],
      );
      for (const { seal_mac: sealMac, ...entry } of batch.rows) {
        const sequence = BigInt(entry.sequence);
        const brokenAt = (reason: AuditChainBreakReason) => ({ ok: false as const, brokenAt: { sequence, id: entry.id, reason }, entries });
        if (sequence !== previousSequence + 1n) {
          return { ok: false, brokenAt: { sequence, id: entry.id, reason: 'gap', missingFrom: previousSequence + 1n }, entries };
        }
        if (computeAuditEntryHash(entry) !== entry.hash) return brokenAt('hash_mismatch');
        if (entry.prev_hash !== previousHash) return brokenAt('prev_hash_mismatch');
        if (sequence === headSequence && head && entry.hash !== head.last_hash) return brokenAt('head_mismatch');
        if (key) {
          if (sealMac === null) {
            firstUnsealed ??= { sequence, id: entry.id, occurredMs: Number(entry.occurred_ms) };
          } else {
            // Seals are made in sequence order: a sealed entry after an unsealed one means a seal was deleted.
            if (firstUnsealed) {
              return { ok: false, brokenAt: { sequence: firstUnsealed.sequence, id: firstUnsealed.id, reason: 'seal_missing' }, entries: Number(firstUnsealed.sequence - 1n) };
            }
            if (!sealMatches(key, sequence, entry.hash, sealMac)) return brokenAt('seal_mismatch');
            sealed += 1;
          }
        }
        const anchor = anchors.get(sequence);
        if (anchor) {
          if (entry.hash !== anchor.hash.toLowerCase()) return brokenAt('anchor_mismatch');
          anchorsSeen += 1;
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
    if (key) {
      // A seal beyond the last entry: entries it sealed were deleted (and the head wound back).
      const beyond = await client.query<{ sequence: string }>('SELECT min(sequence)::text AS sequence FROM audit_seal WHERE sequence > $1', [previousSequence.toString()]);
      const orphan = beyond.rows[0]?.sequence;
      if (orphan) return { ok: false, brokenAt: { sequence: previousSequence + 1n, id: null, reason: 'truncated_tail' }, entries };
    }
    if (anchorsSeen < anchors.size) {
      const missing = [...anchors.keys()].filter((sequence) => sequence > previousSequence).sort((a, b) => (a < b ? -1 : 1))[0] ?? previousSequence + 1n;
      return { ok: false, brokenAt: { sequence: missing, id: null, reason: 'anchor_mismatch' }, entries };
    }
    const oldestUnsealedAgeMs = firstUnsealed ? Math.max(0, nowMs - firstUnsealed.occurredMs) : null;
    if (firstUnsealed && oldestUnsealedAgeMs !== null && (options.requireSealed || oldestUnsealedAgeMs > graceMs)) {
      return { ok: false, brokenAt: { sequence: firstUnsealed.sequence, id: firstUnsealed.id, reason: 'unsealed' }, entries: Number(firstUnsealed.sequence - 1n) };
    }
    const last = entries === 0 ? null : { sequence: previousSequence, hash: previousHash };
    if (!key) return { ok: true, entries, last };
    return {
      ok: true,
      entries,
      last,
      seals: { sealed, unsealed: entries - sealed, firstUnsealed: firstUnsealed?.sequence ?? null, oldestUnsealedAgeMs },
    };
  } finally {
    client.release();
  }
}
