/**
 * The audit sealer (docs/decisions/0030-audit-hmac-seal.md, 0039-per-practice-audit-chains.md). After
 * entries are appended to a practice's hash chain, it seals them in chain order:
 * `audit_seal(sequence, mac)` with mac = HMAC-SHA256(key, `wellspring-audit-seal-v2|<practice>|<chain
 * sequence>|<hash>`) — v1, `…-v1|<sequence>|<hash>`, for the legacy segment — under a key the
 * database never holds. Each hash covers the previous one, so a rewrite anywhere in a chain changes
 * every later hash of that chain, and without the key no seal matches: `npm run audit:verify` fails
 * with `seal_mismatch`.
 *
 * It seals only a chain that extends what it verified: before sealing, it recomputes each new
 * entry's hash and link, checks the chain's last seal's MAC, and checks that the chain still passes
 * through the last entry it sealed there (kept in memory) or — after a restart — the chain's last
 * anchor in its anchor file. Otherwise someone who rewrote entries and deleted their seals would have
 * the sealer seal the forgery; instead it stops sealing that chain and logs an error, and
 * verification fails. Other practices' chains go on being sealed.
 *
 * One sealer at a time across servers (`pg_try_advisory_xact_lock`; the others skip the pass), every
 * `sealIntervalMs` and when woken, in batches, one short transaction each. Every `anchorIntervalMs`,
 * and at stop, it anchors the sealed head of every chain that moved since its last anchor: an info
 * log line and one JSON line per chain in the anchor file.
 */
import type pg from 'pg';
import type { AuditConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { appendAnchors, readAnchorFile, type AuditAnchorRecord } from './audit-anchors.ts';
import {
  chainBatchSql,
  chainPositionOf,
  computeAuditEntryHash,
  computeSealMac,
  ENTRY_COLUMNS,
  GENESIS_HASH,
  sealMatches,
  type StoredAuditEntry,
} from './audit-log.ts';

/** Entries sealed per chain per transaction. */
const SEAL_BATCH_SIZE = 500;

const SEAL_LOCK_SQL = `SELECT pg_try_advisory_xact_lock(hashtextextended('wellspring.audit_seal', 0)) AS locked`;

interface SealPass {
  /** Entries sealed in this pass. */
  readonly sealed: number;
  /** Another server's sealer held the lock: nothing done. */
  readonly busy: boolean;
}

interface Mark {
  readonly sequence: bigint;
  readonly hash: string;
}

export interface AuditSealer {
  /** Seals now, then every `sealIntervalMs` (or when woken); anchors every `anchorIntervalMs`. */
  start(): void;
  /** Stops the loop, seals what is left and anchors the sealed heads. */
  stop(): Promise<void>;
  wake(): void;
  /** One pass: seals every entry not sealed yet (batch by batch). */
  sealOnce(): Promise<SealPass>;
  /** Anchors the sealed head of every chain that moved since its last anchor (log line and anchor file); returns them. */
  anchor(): Promise<AuditAnchorRecord[]>;
  /** Why the sealer refuses to seal some chain (it does not extend what it sealed or anchored), or null. */
  readonly halted: string | null;
}

export interface AuditSealerOptions {
  readonly db: Database;
  readonly key: Buffer;
  readonly config: Pick<AuditConfig, 'anchorFile' | 'anchorIntervalMs' | 'sealIntervalMs'>;
  readonly logger: Logger;
  readonly batchSize?: number;
}

/** A chain's key in the sealer's maps: the practice id, '' for the legacy segment. */
const LEGACY = '';
const chainKey = (practiceId: string | null): string => practiceId ?? LEGACY;
const practiceOf = (key: string): string | null => (key === LEGACY ? null : key);
const describe = (key: string): string => (key === LEGACY ? 'the legacy audit chain' : `practice ${key}'s audit chain`);

class Tampered extends Error {}

interface PendingChain {
  readonly practice_id: string | null;
  readonly sealed_sequence: string | null;
  readonly sealed_hash: string | null;
  readonly sealed_mac: string | null;
}

export function createAuditSealer({ db, key, config, logger, batchSize = SEAL_BATCH_SIZE }: AuditSealerOptions): AuditSealer {
  /** Per chain: the newest entry this sealer has seen sealed and verified (or its last anchor, after a start). */
  const marks = new Map<string, Mark>();
  let marksLoaded = false;
  /** Per chain: why it is no longer sealed. */
  const halted = new Map<string, string>();
  const lastAnchored = new Map<string, Mark>();
  let lastAnchorAt = 0;
  /** The legacy segment is frozen: once sealed to its head, it never needs a pass again. */
  let legacyDone = false;

  function halt(chain: string, reason: string): void {
    if (!halted.has(chain)) {
      logger.error(
        { reason, practiceId: practiceOf(chain), anchorFile: config.anchorFile },
        `audit chain tampered: the sealer stops sealing ${describe(chain)} (run npm run audit:verify)`,
      );
    }
    halted.set(chain, reason);
  }

  /** After a start: each chain's last anchor in the file is its floor (only anchors this key made count). */
  async function loadMarks(): Promise<void> {
    if (marksLoaded) return;
    const file = await readAnchorFile(config.anchorFile);
    marksLoaded = true;
    const lastPerChain = new Map<string, AuditAnchorRecord>();
    for (const anchor of file?.anchors ?? []) lastPerChain.set(chainKey(anchor.practiceId), anchor);
    for (const [chain, last] of lastPerChain) {
      if (!sealMatches(key, last.sequence, last.hash, last.mac, last.practiceId)) {
        halt(chain, `the last anchor of ${describe(chain)} in ${config.anchorFile} (#${last.sequence}) was not made with this key`);
        continue;
      }
      marks.set(chain, { sequence: last.sequence, hash: last.hash });
      lastAnchored.set(chain, { sequence: last.sequence, hash: last.hash });
    }
  }

  /** Throws Tampered unless the chain still passes through its mark, sealed. */
  async function checkMark(client: pg.PoolClient, chain: string, sealedHead: Mark | null): Promise<void> {
    const mark = marks.get(chain);
    if (!mark) return;
    if (!sealedHead || sealedHead.sequence < mark.sequence) {
      throw new Tampered(`seals after #${sealedHead?.sequence ?? 0n} are gone, though #${mark.sequence} was sealed`);
    }
    if (sealedHead.sequence === mark.sequence) {
      if (sealedHead.hash !== mark.hash) throw new Tampered(`entry #${mark.sequence} no longer carries the hash it was sealed with`);
      return;
    }
    const practiceId = practiceOf(chain);
    const marked = await client.query<{ hash: string; mac: string | null }>(
      practiceId === null
        ? 'SELECT e.hash, s.mac FROM audit_chain_for_sealing e LEFT JOIN audit_seal s USING (sequence) WHERE e.chain_sequence IS NULL AND e.sequence = $1'
        : 'SELECT e.hash, s.mac FROM audit_chain_for_sealing e LEFT JOIN audit_seal s USING (sequence) WHERE e.practice_id = $2 AND e.chain_sequence = $1',
      practiceId === null ? [mark.sequence.toString()] : [mark.sequence.toString(), practiceId],
    );
    const row = marked.rows[0];
    if (!row || row.hash !== mark.hash || !sealMatches(key, mark.sequence, row.hash, row.mac, practiceId)) {
      throw new Tampered(`entry #${mark.sequence} no longer carries the hash it was sealed with`);
    }
  }

  /** The chains with entries to seal, each with its last seal (legacy segment included until it is sealed to its head). */
  async function pendingChains(client: pg.PoolClient): Promise<PendingChain[]> {
    const practices = await client.query<PendingChain>(
      `SELECT h.practice_id, last.chain_sequence::text AS sealed_sequence, last.hash AS sealed_hash, last.mac AS sealed_mac
       FROM audit_chain_heads_for_sealing h
       LEFT JOIN LATERAL (
         SELECT e.chain_sequence, e.hash, s.mac FROM audit_chain_for_sealing e JOIN audit_seal s USING (sequence)
         WHERE e.practice_id = h.practice_id AND e.chain_sequence IS NOT NULL ORDER BY e.chain_sequence DESC LIMIT 1
       ) last ON true
       WHERE h.last_sequence > coalesce(last.chain_sequence, 0)`,
    );
    const pending = practices.rows.filter((chain) => !halted.has(chainKey(chain.practice_id)));
    if (legacyDone || halted.has(LEGACY)) return pending;
    const legacy = await client.query<{ head: string; sealed_sequence: string | null; sealed_hash: string | null; sealed_mac: string | null }>(
      `SELECT h.last_sequence::text AS head, last.sequence::text AS sealed_sequence, last.hash AS sealed_hash, last.mac AS sealed_mac
       FROM audit_chain_head h
       LEFT JOIN LATERAL (
         SELECT e.sequence, e.hash, s.mac FROM audit_chain_for_sealing e JOIN audit_seal s USING (sequence)
         WHERE e.chain_sequence IS NULL ORDER BY e.sequence DESC LIMIT 1
       ) last ON true
       WHERE h.id = 1`,
    );
    const row = legacy.rows[0];
    if (!row) return pending;
    if (BigInt(row.head) <= BigInt(row.sealed_sequence ?? '0')) {
      // Sealed to its head: checked once more (the mark, the last seal), then never again.
      await checkLegacyDone(client, row);
      return pending;
    }
    return [{ practice_id: null, sealed_sequence: row.sealed_sequence, sealed_hash: row.sealed_hash, sealed_mac: row.sealed_mac }, ...pending];
  }

  async function checkLegacyDone(client: pg.PoolClient, row: { sealed_sequence: string | null; sealed_hash: string | null; sealed_mac: string | null }): Promise<void> {
    try {
      const sealedHead = sealedHeadOf({ practice_id: null, ...row });
      await checkMark(client, LEGACY, sealedHead);
      if (sealedHead) marks.set(LEGACY, sealedHead);
      legacyDone = true;
    } catch (error) {
      if (!(error instanceof Tampered)) throw error;
      halt(LEGACY, error.message);
    }
  }

  function sealedHeadOf(chain: PendingChain): Mark | null {
    if (chain.sealed_sequence === null || chain.sealed_hash === null) return null;
    if (!sealMatches(key, chain.sealed_sequence, chain.sealed_hash, chain.sealed_mac, chain.practice_id)) {
      throw new Tampered(`the last seal (#${chain.sealed_sequence}) does not match its entry`);
    }
    return { sequence: BigInt(chain.sealed_sequence), hash: chain.sealed_hash };
  }

  /** One transaction: up to `batchSize` entries of every chain with entries to seal. */
  async function sealBatch(client: pg.PoolClient): Promise<{ sealed: number; busy: boolean; more: boolean }> {
    await client.query('BEGIN');
    try {
      const lock = await client.query<{ locked: boolean }>(SEAL_LOCK_SQL);
      if (!lock.rows[0]?.locked) {
        await client.query('COMMIT');
        return { sealed: 0, busy: true, more: false };
      }
      const pending = await pendingChains(client);
      if (pending.length === 0) {
        await client.query('COMMIT');
        return { sealed: 0, busy: false, more: false };
      }
      const root = await client.query<{ last_hash: string }>('SELECT last_hash FROM audit_chain_head WHERE id = 1');
      // Every practice chain starts from the legacy head's hash (record 0039).
      const rootHash = root.rows[0]?.last_hash ?? GENESIS_HASH;
      const sequences: string[] = [];
      const macs: string[] = [];
      const sealedHeads = new Map<string, Mark>();
      let more = false;
      for (const chain of pending) {
        const name = chainKey(chain.practice_id);
        try {
          const sealedHead = sealedHeadOf(chain);
          await checkMark(client, name, sealedHead);
          let previous: Mark = sealedHead ?? { sequence: 0n, hash: chain.practice_id === null ? GENESIS_HASH : rootHash };
          const batch = await client.query<StoredAuditEntry>(
            chainBatchSql('audit_chain_for_sealing', 'audit_chain_for_sealing', ENTRY_COLUMNS, chain.practice_id),
            chain.practice_id === null ? [previous.sequence.toString(), batchSize] : [previous.sequence.toString(), batchSize, chain.practice_id],
          );
          const chainSequences: string[] = [];
          const chainMacs: string[] = [];
          for (const entry of batch.rows) {
            const position = chainPositionOf(entry);
            if (position !== previous.sequence + 1n) throw new Tampered(`entry #${previous.sequence + 1n} is missing`);
            if (entry.prev_hash !== previous.hash) throw new Tampered(`entry #${position} does not link to #${previous.sequence}`);
            if (computeAuditEntryHash(entry) !== entry.hash) throw new Tampered(`entry #${position} does not match its hash`);
            chainSequences.push(entry.sequence);
            chainMacs.push(computeSealMac(key, position, entry.hash, chain.practice_id));
            previous = { sequence: position, hash: entry.hash };
          }
          sequences.push(...chainSequences);
          macs.push(...chainMacs);
          if (previous.sequence > 0n) sealedHeads.set(name, previous);
          if (batch.rows.length >= batchSize) more = true;
        } catch (error) {
          if (!(error instanceof Tampered)) throw error;
          halt(name, error.message);
        }
      }
      if (sequences.length > 0) {
        await client.query('INSERT INTO audit_seal (sequence, mac) SELECT * FROM unnest($1::bigint[], $2::text[])', [sequences, macs]);
      }
      await client.query('COMMIT');
      for (const [name, head] of sealedHeads) marks.set(name, head);
      return { sealed: sequences.length, busy: false, more };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  async function sealOnce(): Promise<SealPass> {
    const client = await db.pool.connect();
    let sealed = 0;
    try {
      await loadMarks();
      for (;;) {
        const pass = await sealBatch(client);
        sealed += pass.sealed;
        if (pass.busy) return { sealed, busy: true };
        if (!pass.more) return { sealed, busy: false };
      }
    } finally {
      client.release();
    }
  }

  async function anchor(): Promise<AuditAnchorRecord[]> {
    if (halted.size > 0) {
      logger.error({ reasons: Object.fromEntries(halted) }, 'audit chain tampered: the chains named are not anchored, the sealer stopped sealing them');
    }
    // Nothing sealed yet: the first sealed heads are anchored at the next pass, not an interval later.
    if (marks.size === 0) return [];
    lastAnchorAt = Date.now();
    const at = new Date();
    const records: AuditAnchorRecord[] = [];
    // The legacy segment ('') first, then the practices in id order: the same order in every anchor.
    for (const [chain, current] of [...marks].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (halted.has(chain)) continue;
      const last = lastAnchored.get(chain);
      if (last && last.sequence === current.sequence && last.hash === current.hash) continue;
      const practiceId = practiceOf(chain);
      records.push({ practiceId, ...current, mac: computeSealMac(key, current.sequence, current.hash, practiceId), at });
    }
    if (records.length === 0) return records;
    await appendAnchors(config.anchorFile, records);
    for (const record of records) lastAnchored.set(chainKey(record.practiceId), { sequence: record.sequence, hash: record.hash });
    logger.info(
      {
        auditAnchors: records.map((record) => ({
          practiceId: record.practiceId,
          sequence: record.sequence.toString(),
          hash: record.hash,
          mac: record.mac,
          at: record.at.toISOString(),
        })),
      },
      'audit anchors: the sealed heads of the audit chains that moved',
    );
    return records;
  }

  // The loop, like the outbox relay's.
  let loop: Promise<void> | null = null;
  let stopping = false;
  let woken = false;
  let interruptIdle: (() => void) | null = null;

  function wake(): void {
    woken = true;
    interruptIdle?.();
  }

  async function idle(ms: number): Promise<void> {
    if (!woken) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        timer.unref();
        function done(): void {
          clearTimeout(timer);
          interruptIdle = null;
          resolve();
        }
        interruptIdle = done;
      });
    }
    woken = false;
  }

  async function runLoop(): Promise<void> {
    while (!stopping) {
      try {
        await sealOnce();
        if (Date.now() - lastAnchorAt >= config.anchorIntervalMs) await anchor();
      } catch (error) {
        logger.warn({ err: error }, 'audit seal pass failed; retrying at the next interval');
      }
      if (stopping) break;
      await idle(config.sealIntervalMs);
    }
  }

  return {
    start() {
      if (loop) return;
      stopping = false;
      loop = runLoop();
      logger.info({ sealIntervalMs: config.sealIntervalMs, anchorIntervalMs: config.anchorIntervalMs, anchorFile: config.anchorFile }, 'audit sealer started');
    },
    async stop() {
      if (loop) {
        stopping = true;
        wake();
        await loop;
        loop = null;
      }
      try {
        await sealOnce();
        await anchor();
      } catch (error) {
        logger.warn({ err: error }, 'audit sealer: the last seal pass or anchor failed');
      }
      logger.info('audit sealer stopped');
    },
    wake,
    sealOnce,
    anchor,
    get halted() {
      return halted.size === 0 ? null : [...halted].map(([chain, reason]) => `${describe(chain)}: ${reason}`).join('; ');
    },
  };
}
