/**
 * The audit log (docs/architecture.md#audit, docs/decisions/0015-audit-log.md): every read of a patient's record
 * and every write of practice data appends one entry, from the scoped repositories. The table is
 * append-only and hash-chained, one chain per practice (docs/decisions/0039-per-practice-audit-chains.md)
 * after a legacy segment (the one chain across practices kept before); the chain itself (sequence,
 * time, previous hash, hash) is computed by the database's insert trigger, so an entry cannot be
 * appended any other way. This module appends, lists a patient's entries, and verifies every chain
 * by recomputing every hash here, independently of the database's own function — and, with the HMAC
 * key the database never holds, every entry's seal (src/audit/audit-seal.ts,
 * docs/decisions/0030-audit-hmac-seal.md).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import type { Database, DatabaseTransaction } from '../db/client.ts';
import type { PracticeSql } from '../practice/practice-transaction.ts';

/** `sign` and `amend`: a clinical note signed (locked) and an addendum added to it. */
/** `export`: a document made of patient data left the practice (a superbill, the patient's copy). */
export type AuditAction = 'read' | 'list' | 'create' | 'update' | 'delete' | 'sign' | 'amend' | 'export';

type AuditDetail = Record<string, string | number | boolean | null>;

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
 * exists exactly when the access happened (a rolled-back write leaves none). Appends of one practice
 * queue on its chain head's row lock until that transaction ends: call it late in the transaction,
 * not before slow work.
 */
export async function recordAudit(tx: DatabaseTransaction | Database, entry: AuditEntryInput): Promise<void> {
  const detail = entry.detail === undefined ? null : JSON.stringify(entry.detail);
  await tx.$executeRaw`
    INSERT INTO audit_entry (actor_user_id, practice_id, record_type, record_id, patient_id, action, request_id, source_address, detail)
    VALUES (${entry.actorUserId}::uuid, ${entry.practiceId}, ${entry.recordType}, ${entry.recordId}, ${entry.patientId},
            ${entry.action}, ${entry.requestId}, ${entry.sourceAddress}, ${detail}::jsonb)`;
}

/**
 * Appends a group of entries, of any practices, in one prepared statement and one transaction
 * (`audit-appender.ts`): `audit_append_entries` inserts them in practice order (two groups sharing
 * practices lock their heads in one order, never deadlocking), each practice's in the order given,
 * and the append trigger chains each (migration 20261129200000, record 0039). Each practice's head
 * lock is held only while PostgreSQL itself inserts and commits — never across a round trip to a
 * busy Node process, which under load queued every other append behind it (record 0029).
 */
export async function appendAuditGroup(client: Pick<pg.ClientBase, 'query'>, entries: readonly AuditEntryInput[]): Promise<void> {
  await client.query({ name: 'audit-append-entries', text: 'SELECT audit_append_entries($1::jsonb)', values: [JSON.stringify(entries)] });
}

/** One row of a patient's audit listing (no chain internals). */
interface PatientAuditEntry {
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

const MAX_AUDIT_PAGE = 200;

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
  /** The last entry is not the one the chain head recorded (it was replaced), or an entry lies beyond the head. */
  | 'head_mismatch'
  /** A practice has entries in its chain but no chain head: the head was deleted. */
  | 'head_missing'
  /** The entry does not carry the hash an operator anchored for it elsewhere (or is gone). */
  | 'anchor_mismatch'
  /** An anchor's MAC is not the key's: it was not written by a sealer holding this key. */
  | 'anchor_invalid'
  /** The entry's seal is not the HMAC of its hash under the key: the entry (or one before it) was rewritten, or the key is not the one that sealed. */
  | 'seal_mismatch'
  /** The entry has no seal although later entries have one: its seal was deleted. */
  | 'seal_missing'
  /** A seal whose entry is gone (`sequence` is the global sequence it sealed): entries were deleted. */
  | 'seal_orphaned'
  /** The entry has had no seal for longer than the grace period (or at all, when every entry must be sealed). */
  | 'unsealed';

/**
 * An entry's place: in a practice's chain (`practiceId`, `sequence` = its chain_sequence), or in the
 * legacy segment (`practiceId` null or absent, `sequence` = its global sequence; record 0039).
 */
interface AuditChainPosition {
  practiceId?: string | null;
  sequence: bigint;
}

export interface AuditChainAnchor extends AuditChainPosition {
  hash: string;
  /** The seal MAC of that entry, as the sealer wrote it in an anchor; checked against the key when both are given. */
  mac?: string;
}

/** How long an entry may wait for its seal before verification fails (the sealer runs every second). */
export const DEFAULT_UNSEALED_GRACE_MS = 5 * 60_000;

interface AuditSealSummary {
  /** Entries whose seal checked out. */
  sealed: number;
  /** Entries at the ends of chains the sealer has not reached yet. */
  unsealed: number;
  /** The oldest of them; null when every entry is sealed. */
  firstUnsealed: { practiceId: string | null; sequence: bigint } | null;
  /** How long ago (database clock) it was appended. */
  oldestUnsealedAgeMs: number | null;
}

interface AuditChainHeadReport {
  /** null: the legacy segment. */
  practiceId: string | null;
  entries: number;
  /** The chain's last entry (an anchor worth keeping elsewhere); null when the chain is empty. */
  last: { sequence: bigint; hash: string } | null;
}

export type AuditChainReport =
  | {
      ok: true;
      /** Entries in every chain, the legacy segment included. */
      entries: number;
      /** Practice chains checked (the legacy segment not counted). */
      chains: number;
      /** Every chain's end, the legacy segment first. */
      heads: AuditChainHeadReport[];
      /** With a key: what the seals say. */
      seals?: AuditSealSummary;
    }
  | {
      ok: false;
      brokenAt: {
        /** The practice whose chain broke; null for the legacy segment (or a seal whose entry is gone). */
        practiceId: string | null;
        /** The first entry found broken (its place in that chain); for 'truncated_tail' (and a missing anchored entry), the first missing one. */
        sequence: bigint;
        /** null when the entry is missing. */
        id: string | null;
        reason: AuditChainBreakReason;
        /** For 'gap': the first missing sequence. */
        missingFrom?: bigint;
      };
      /** Entries that checked out before the break (in the broken chain and the chains checked before it). */
      entries: number;
    };

export interface StoredAuditEntry {
  sequence: string;
  /** null in the legacy segment. */
  chain_sequence: string | null;
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

/**
 * The hash the insert trigger gives an entry, recomputed: v1 in the legacy segment (migration
 * 20261124191000_audit_entry), v2 — chain_sequence first — in a practice's chain (20261129120000).
 */
export function computeAuditEntryHash(entry: StoredAuditEntry): string {
  const fields = [
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
  ];
  const text =
    entry.chain_sequence === null
      ? ['wellspring-audit-v1', ...fields.map(hashField)].join('|')
      : ['wellspring-audit-v2', ...[entry.chain_sequence, ...fields].map(hashField)].join('|');
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * The text an entry's seal is the HMAC of. The hash covers every field and the previous hash, so the
 * seal covers the chain up to the entry. A practice chain's seal names the practice and the chain
 * sequence (v2), so a seal or anchor of one chain is never taken for another's; the legacy segment
 * keeps v1, which its existing seals and anchors were made with.
 */
function sealText(sequence: bigint | string, hash: string, practiceId: string | null = null): string {
  return practiceId === null ? `wellspring-audit-seal-v1|${sequence.toString()}|${hash}` : `wellspring-audit-seal-v2|${hashField(practiceId)}|${sequence.toString()}|${hash}`;
}

/** An entry's seal: HMAC-SHA256 (lower-case hex) of `sealText` under `key`. `sequence` is its place in its chain. */
export function computeSealMac(key: Buffer, sequence: bigint | string, hash: string, practiceId: string | null = null): string {
  return createHmac('sha256', key).update(sealText(sequence, hash, practiceId), 'utf8').digest('hex');
}

/** Whether `mac` is the seal of that entry under `key` (constant time). */
export function sealMatches(key: Buffer, sequence: bigint | string, hash: string, mac: string | null | undefined, practiceId: string | null = null): boolean {
  if (typeof mac !== 'string' || !/^[0-9a-f]{64}$/.test(mac)) return false;
  return timingSafeEqual(Buffer.from(computeSealMac(key, sequence, hash, practiceId), 'hex'), Buffer.from(mac, 'hex'));
}

export const ENTRY_COLUMNS = `sequence::text AS sequence, chain_sequence::text AS chain_sequence, id::text AS id,
  ((extract(epoch FROM occurred_at) * 1000)::bigint)::text AS occurred_ms,
  actor_user_id::text AS actor_user_id, practice_id, record_type, record_id, patient_id, action, request_id,
  source_address, detail::text AS detail, prev_hash, hash`;

/** An entry's place in its chain: its chain_sequence, or in the legacy segment its global sequence. */
export const chainPositionOf = (entry: Pick<StoredAuditEntry, 'sequence' | 'chain_sequence'>): bigint => BigInt(entry.chain_sequence ?? entry.sequence);

/**
 * A batch of a chain's entries in chain order from `from` (a table, view or subquery named `alias`):
 * `$1` the position to start after, `$2` the batch size, `$3` the practice (absent for the legacy segment).
 */
export function chainBatchSql(from: string, alias: string, columns: string, practiceId: string | null): string {
  return practiceId === null
    ? `SELECT ${columns} FROM ${from} WHERE ${alias}.chain_sequence IS NULL AND ${alias}.sequence > $1 ORDER BY ${alias}.sequence LIMIT $2`
    : `SELECT ${columns} FROM ${from} WHERE ${alias}.practice_id = $3 AND ${alias}.chain_sequence > $1 ORDER BY ${alias}.chain_sequence LIMIT $2`;
}

export interface VerifyAuditChainOptions {
  batchSize?: number;
  /** A position and hash recorded outside the database earlier (`--anchor`). */
  anchor?: AuditChainAnchor;
  /** More of them, e.g. the sealer's anchor file; with `key`, each one's MAC is checked too. */
  anchors?: readonly AuditChainAnchor[];
  /** The HMAC key: check every entry's seal. */
  key?: Buffer;
  /** How long an entry at the end may wait for its seal (default 5 minutes); with `requireSealed`, not at all. */
  unsealedGraceMs?: number;
  requireSealed?: boolean;
}

const anchorKey = (practiceId: string | null | undefined, sequence: bigint): string => `${practiceId ?? ''}\u0000${sequence}`;

type Break = Extract<AuditChainReport, { ok: false }>;

interface ChainWalk {
  entries: number;
  sealed: number;
  firstUnsealed: { sequence: bigint; id: string; occurredMs: number } | null;
  last: { sequence: bigint; hash: string } | null;
}

/**
 * Verifies every chain: the legacy segment (one chain across practices, ending at the frozen
 * `audit_chain_head`), then each practice's chain (from its first entry, which links to the legacy
 * head's hash, to its `audit_practice_chain_head`). In each, it walks the entries in chain order,
 * `batchSize` per query, and reports the first broken link with the practice it belongs to: an
 * altered entry (its hash), a deleted one (a gap, or the head ahead of the table's end), a forged or
 * replaced one (its hash or its link). Entries appended while it runs are checked too; each head is
 * read first, so the tail check holds for the chain as it was then. With `key`, also checks every
 * entry's seal: a chain rewritten with recomputed hashes (and head) fails with `seal_mismatch`, a
 * deleted seal with `seal_missing`, a seal left without its entry with `seal_orphaned`, and entries
 * left unsealed longer than the grace period with `unsealed`. With anchors (positions and hashes
 * recorded outside the database earlier), also checks that each chain still passes through each of
 * its anchors — the defence against someone who deletes the end of a chain, its seals and winds its
 * head back.
 */
export async function verifyAuditChain(db: Database, options: VerifyAuditChainOptions = {}): Promise<AuditChainReport> {
  const batchSize = options.batchSize ?? 5_000;
  const key = options.key;
  const graceMs = options.requireSealed ? 0 : (options.unsealedGraceMs ?? DEFAULT_UNSEALED_GRACE_MS);
  const anchors = new Map<string, AuditChainAnchor>();
  for (const anchor of [...(options.anchors ?? []), ...(options.anchor ? [options.anchor] : [])]) {
    const practiceId = anchor.practiceId ?? null;
    const broken = (reason: AuditChainBreakReason): Break => ({ ok: false, brokenAt: { practiceId, sequence: anchor.sequence, id: null, reason }, entries: 0 });
    if (key && anchor.mac !== undefined && !sealMatches(key, anchor.sequence, anchor.hash.toLowerCase(), anchor.mac, practiceId)) return broken('anchor_invalid');
    const known = anchors.get(anchorKey(practiceId, anchor.sequence));
    if (known && known.hash.toLowerCase() !== anchor.hash.toLowerCase()) return broken('anchor_mismatch');
    anchors.set(anchorKey(practiceId, anchor.sequence), anchor);
  }
  const client: pg.PoolClient = await db.pool.connect();
  try {
    const legacyRows = await client.query<{ last_sequence: string; last_hash: string; now_ms: string }>(
      `SELECT last_sequence::text AS last_sequence, last_hash, ((extract(epoch FROM clock_timestamp()) * 1000)::bigint)::text AS now_ms
       FROM audit_chain_head WHERE id = 1`,
    );
    const legacyHead = legacyRows.rows[0];
    const nowMs = Number(legacyHead?.now_ms ?? Date.now());
    const practiceHeads = await client.query<{ practice_id: string; last_sequence: string; last_hash: string }>(
      'SELECT practice_id, last_sequence::text AS last_sequence, last_hash FROM audit_practice_chain_head ORDER BY practice_id',
    );
    const select = key
      ? `(SELECT audit_entry.*, audit_seal.mac AS seal_mac FROM audit_entry LEFT JOIN audit_seal USING (sequence)) AS chain`
      : `(SELECT audit_entry.*, NULL::text AS seal_mac FROM audit_entry) AS chain`;
    let checked = 0;
    let anchorsSeen = 0;
    let sealedTotal = 0;
    let unsealedTotal = 0;
    let oldestUnsealed: { practiceId: string | null; sequence: bigint; id: string; occurredMs: number } | null = null;
    const heads: AuditChainHeadReport[] = [];

    const walk = async (practiceId: string | null, head: { sequence: bigint; hash: string } | null, startHash: string): Promise<ChainWalk | Break> => {
      let previousPosition = 0n;
      let previousHash = startHash;
      let entries = 0;
      let sealed = 0;
      let firstUnsealed: ChainWalk['firstUnsealed'] = null;
      const headSequence = head?.sequence ?? 0n;
      for (;;) {
        const batch = await client.query<StoredAuditEntry & { seal_mac: string | null }>(
          chainBatchSql(select, 'chain', `${ENTRY_COLUMNS}, seal_mac`, practiceId),
          practiceId === null ? [previousPosition.toString(), batchSize] : [previousPosition.toString(), batchSize, practiceId],
        );
        for (const { seal_mac: sealMac, ...entry } of batch.rows) {
          const position = chainPositionOf(entry);
          const brokenAt = (reason: AuditChainBreakReason, at: bigint = position, id: string | null = entry.id, done = entries): Break => ({
            ok: false,
            brokenAt: { practiceId, sequence: at, id, reason },
            entries: checked + done,
          });
          if (position !== previousPosition + 1n) {
            return { ok: false, brokenAt: { practiceId, sequence: position, id: entry.id, reason: 'gap', missingFrom: previousPosition + 1n }, entries: checked + entries };
          }
          if (computeAuditEntryHash(entry) !== entry.hash) return brokenAt('hash_mismatch');
          if (entry.prev_hash !== previousHash) return brokenAt('prev_hash_mismatch');
          if (position > headSequence || (position === headSequence && entry.hash !== head?.hash)) return brokenAt('head_mismatch');
          if (key) {
            if (sealMac === null) {
              firstUnsealed ??= { sequence: position, id: entry.id, occurredMs: Number(entry.occurred_ms) };
            } else {
              // Seals are made in chain order: a sealed entry after an unsealed one means a seal was deleted.
              if (firstUnsealed) return brokenAt('seal_missing', firstUnsealed.sequence, firstUnsealed.id, Number(firstUnsealed.sequence - 1n));
              if (!sealMatches(key, position, entry.hash, sealMac, practiceId)) return brokenAt('seal_mismatch');
              sealed += 1;
            }
          }
          const anchor = anchors.get(anchorKey(practiceId, position));
          if (anchor) {
            if (entry.hash !== anchor.hash.toLowerCase()) return brokenAt('anchor_mismatch');
            anchorsSeen += 1;
          }
          previousPosition = position;
          previousHash = entry.hash;
          entries += 1;
        }
        if (batch.rows.length < batchSize) break;
      }
      if (previousPosition < headSequence) {
        return { ok: false, brokenAt: { practiceId, sequence: previousPosition + 1n, id: null, reason: 'truncated_tail' }, entries: checked + entries };
      }
      return { entries, sealed, firstUnsealed, last: entries === 0 ? null : { sequence: previousPosition, hash: previousHash } };
    };

    const chains: { practiceId: string | null; head: { sequence: bigint; hash: string } | null }[] = [
      { practiceId: null, head: legacyHead ? { sequence: BigInt(legacyHead.last_sequence), hash: legacyHead.last_hash } : null },
      ...practiceHeads.rows.map((row) => ({ practiceId: row.practice_id, head: { sequence: BigInt(row.last_sequence), hash: row.last_hash } })),
    ];
    // Every practice chain starts from the legacy head's hash: the legacy segment is their common root.
    const rootHash = legacyHead?.last_hash ?? GENESIS_HASH;
    for (const { practiceId, head } of chains) {
      const result = await walk(practiceId, head, practiceId === null ? GENESIS_HASH : rootHash);
      if ('ok' in result) return result;
      checked += result.entries;
      sealedTotal += result.sealed;
      unsealedTotal += result.entries - result.sealed;
      if (key && result.firstUnsealed && (oldestUnsealed === null || result.firstUnsealed.occurredMs < oldestUnsealed.occurredMs)) {
        oldestUnsealed = { practiceId, ...result.firstUnsealed };
      }
      heads.push({ practiceId, entries: result.entries, last: result.last });
    }

    // Entries of a practice whose head is gone (the heads read above did not list it; a practice
    // whose first entry was appended since has its head by now, committed with that entry).
    const headless = await client.query<{ practice_id: string; sequence: string }>(
      `SELECT e.practice_id, min(e.chain_sequence)::text AS sequence FROM audit_entry e
       WHERE e.chain_sequence IS NOT NULL AND NOT EXISTS (SELECT 1 FROM audit_practice_chain_head h WHERE h.practice_id = e.practice_id)
       GROUP BY e.practice_id ORDER BY e.practice_id LIMIT 1`,
    );
    const orphanChain = headless.rows[0];
    if (orphanChain) return { ok: false, brokenAt: { practiceId: orphanChain.practice_id, sequence: BigInt(orphanChain.sequence), id: null, reason: 'head_missing' }, entries: checked };
    if (key) {
      // A seal without its entry: entries it sealed were deleted (and the head wound back).
      const orphans = await client.query<{ sequence: string | null }>(
        'SELECT min(s.sequence)::text AS sequence FROM audit_seal s WHERE NOT EXISTS (SELECT 1 FROM audit_entry e WHERE e.sequence = s.sequence)',
      );
      const orphan = orphans.rows[0]?.sequence;
      if (orphan) return { ok: false, brokenAt: { practiceId: null, sequence: BigInt(orphan), id: null, reason: 'seal_orphaned' }, entries: checked };
    }
    if (anchorsSeen < anchors.size) {
      const reached = new Map(heads.map((chain) => [chain.practiceId ?? '', chain.last?.sequence ?? 0n]));
      const missing = [...anchors.values()]
        .filter((anchor) => anchor.sequence > (reached.get(anchor.practiceId ?? '') ?? 0n))
        .sort((a, b) => ((a.practiceId ?? '') < (b.practiceId ?? '') ? -1 : (a.practiceId ?? '') > (b.practiceId ?? '') ? 1 : a.sequence < b.sequence ? -1 : 1))[0];
      return {
        ok: false,
        brokenAt: { practiceId: missing?.practiceId ?? null, sequence: missing?.sequence ?? 0n, id: null, reason: 'anchor_mismatch' },
        entries: checked,
      };
    }
    const oldestUnsealedAgeMs = oldestUnsealed ? Math.max(0, nowMs - oldestUnsealed.occurredMs) : null;
    if (oldestUnsealed && oldestUnsealedAgeMs !== null && (options.requireSealed || oldestUnsealedAgeMs > graceMs)) {
      const { practiceId, sequence, id } = oldestUnsealed;
      return { ok: false, brokenAt: { practiceId, sequence, id, reason: 'unsealed' }, entries: checked - unsealedTotal };
    }
    const report = { ok: true as const, entries: checked, chains: practiceHeads.rows.length, heads };
    if (!key) return report;
    return {
      ...report,
      seals: {
        sealed: sealedTotal,
        unsealed: unsealedTotal,
        firstUnsealed: oldestUnsealed ? { practiceId: oldestUnsealed.practiceId, sequence: oldestUnsealed.sequence } : null,
        oldestUnsealedAgeMs,
      },
    };
  } finally {
    client.release();
  }
}
