/**
 * The audit sealer (docs/decisions/0030-audit-hmac-seal.md). After entries are appended to the
 * hash chain, it seals them in sequence order: `audit_seal(sequence, mac)` with
 * mac = HMAC-SHA256(key, `wellspring-audit-seal-v1|<sequence>|<hash>`), under a key the database
 * never holds. Each hash covers the previous one, so a rewrite anywhere changes every later hash, and
 * without the key no seal matches: `npm run audit:verify` fails with `seal_mismatch`.
 *
 * It seals only a chain that extends what it verified: before sealing, it recomputes each new
 * entry's hash and link, checks the last seal's MAC, and checks that the chain still passes through
 * the last entry it sealed (kept in memory) or — after a restart — the last anchor in its anchor
 * file. Otherwise someone who rewrote entries and deleted their seals would have the sealer seal the
 * forgery; instead it stops sealing and logs an error, and verification fails.
 *
 * One sealer at a time across servers (`pg_try_advisory_xact_lock`; the others skip the pass), every
 * `sealIntervalMs` and when woken, in batches, one short transaction each. Every `anchorIntervalMs`,
 * and at stop, it anchors the sealed head: an info log line and a JSON line in the anchor file.
 */
import type pg from 'pg';
import type { AuditConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Logger } from '../http/logger.ts';
import { appendAnchor, readAnchorFile, type AuditAnchorRecord } from './audit-anchors.ts';
import { computeAuditEntryHash, computeSealMac, ENTRY_COLUMNS, GENESIS_HASH, sealMatches, type StoredAuditEntry } from './audit-log.ts';

/** Entries sealed per transaction. */
export const SEAL_BATCH_SIZE = 500;

const SEAL_LOCK_SQL = `SELECT pg_try_advisory_xact_lock(hashtextextended('wellspring.audit_seal', 0)) AS locked`;

export interface SealPass {
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
  /** Stops the loop, seals what is left and anchors the sealed head. */
  stop(): Promise<void>;
  wake(): void;
  /** One pass: seals every entry not sealed yet (batch by batch). */
  sealOnce(): Promise<SealPass>;
  /** Anchors the sealed head now (log line and anchor file), unless it is the one anchored last; returns it. */
  anchor(): Promise<AuditAnchorRecord | null>;
  /** Why the sealer refuses to seal (the chain does not extend what it sealed or anchored), or null. */
  readonly halted: string | null;
}

export interface AuditSealerOptions {
  readonly db: Database;
  readonly key: Buffer;
  readonly config: Pick<AuditConfig, 'anchorFile' | 'anchorIntervalMs' | 'sealIntervalMs'>;
  readonly logger: Logger;
  readonly batchSize?: number;
}

class Tampered extends Error {}

export function createAuditSealer({ db, key, config, logger, batchSize = SEAL_BATCH_SIZE }: AuditSealerOptions): AuditSealer {
  /** The newest entry this sealer has seen sealed and verified (or its last anchor, after a start). */
  let mark: Mark | null = null;
  let markLoaded = false;
  let halted: string | null = null;
  let lastAnchored: Mark | null = null;
  let lastAnchorAt = 0;

  function halt(reason: string): void {
    if (halted === null) {
      logger.error({ reason, anchorFile: config.anchorFile }, 'audit chain tampered: the sealer stops sealing (run npm run audit:verify)');
    }
    halted = reason;
  }

  /** After a start: the last anchor in the file is the floor (only anchors this key made count). */
  async function loadMark(): Promise<void> {
    if (markLoaded) return;
    const file = await readAnchorFile(config.anchorFile);
    const last = file?.anchors.at(-1);
    markLoaded = true;
    if (!last) return;
    if (!sealMatches(key, last.sequence, last.hash, last.mac)) {
      throw new Tampered(`the last anchor in ${config.anchorFile} (#${last.sequence}) was not made with this key`);
    }
    mark = { sequence: last.sequence, hash: last.hash };
    lastAnchored = mark;
  }

  async function sealBatch(client: pg.PoolClient): Promise<{ sealed: number; busy: boolean; more: boolean }> {
    await client.query('BEGIN');
    try {
      const lock = await client.query<{ locked: boolean }>(SEAL_LOCK_SQL);
      if (!lock.rows[0]?.locked) {
        await client.query('COMMIT');
        return { sealed: 0, busy: true, more: false };
      }
      const lastSeal = await client.query<{ sequence: string; mac: string; hash: string | null }>(
        `SELECT s.sequence::text AS sequence, s.mac, e.hash FROM audit_seal s LEFT JOIN audit_chain_for_sealing e USING (sequence)
         ORDER BY s.sequence DESC LIMIT 1`,
      );
      const sealedHead = lastSeal.rows[0];
      let previous: Mark = { sequence: 0n, hash: GENESIS_HASH };
      if (sealedHead) {
        if (sealedHead.hash === null || !sealMatches(key, sealedHead.sequence, sealedHead.hash, sealedHead.mac)) {
          throw new Tampered(`the last seal (#${sealedHead.sequence}) does not match its entry`);
        }
        previous = { sequence: BigInt(sealedHead.sequence), hash: sealedHead.hash };
      }
      if (mark) {
        if (previous.sequence < mark.sequence) {
          throw new Tampered(`seals after #${previous.sequence} are gone, though #${mark.sequence} was sealed`);
        }
        const marked = await client.query<{ hash: string; mac: string | null }>(
          'SELECT e.hash, s.mac FROM audit_chain_for_sealing e LEFT JOIN audit_seal s USING (sequence) WHERE e.sequence = $1',
          [mark.sequence.toString()],
        );
        const row = marked.rows[0];
        if (!row || row.hash !== mark.hash || !sealMatches(key, mark.sequence, row.hash, row.mac)) {
          throw new Tampered(`entry #${mark.sequence} no longer carries the hash it was sealed with`);
        }
      }
      const batch = await client.query<StoredAuditEntry>(`SELECT ${ENTRY_COLUMNS} FROM audit_chain_for_sealing WHERE sequence > $1 ORDER BY audit_chain_for_sealing.sequence LIMIT $2`, [
        previous.sequence.toString(),
        batchSize,
      ]);
      const sequences: string[] = [];
      const macs: string[] = [];
      for (const entry of batch.rows) {
        const sequence = BigInt(entry.sequence);
        if (sequence !== previous.sequence + 1n) throw new Tampered(`entry #${previous.sequence + 1n} is missing`);
        if (entry.prev_hash !== previous.hash) throw new Tampered(`entry #${sequence} does not link to #${previous.sequence}`);
        if (computeAuditEntryHash(entry) !== entry.hash) throw new Tampered(`entry #${sequence} does not match its hash`);
        sequences.push(entry.sequence);
        macs.push(computeSealMac(key, sequence, entry.hash));
        previous = { sequence, hash: entry.hash };
      }
      if (sequences.length > 0) {
        await client.query('INSERT INTO audit_seal (sequence, mac) SELECT * FROM unnest($1::bigint[], $2::text[])', [sequences, macs]);
      }
      await client.query('COMMIT');
      if (previous.sequence > 0n) mark = previous;
      return { sealed: sequences.length, busy: false, more: batch.rows.length >= batchSize };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  async function sealOnce(): Promise<SealPass> {
    if (halted !== null) return { sealed: 0, busy: false };
    const client = await db.pool.connect();
    let sealed = 0;
    try {
      await loadMark();
      for (;;) {
        const pass = await sealBatch(client);
        sealed += pass.sealed;
        if (pass.busy) return { sealed, busy: true };
        if (!pass.more) return { sealed, busy: false };
      }
    } catch (error) {
      if (error instanceof Tampered) {
        halt(error.message);
        return { sealed, busy: false };
      }
      throw error;
    } finally {
      client.release();
    }
  }

  async function anchor(): Promise<AuditAnchorRecord | null> {
    if (halted !== null) {
      logger.error({ reason: halted }, 'audit chain tampered: nothing anchored, the sealer stopped sealing');
      return null;
    }
    const current = mark;
    // Nothing sealed yet: the first sealed head is anchored at the next pass, not an interval later.
    if (!current) return null;
    lastAnchorAt = Date.now();
    if (lastAnchored && lastAnchored.sequence === current.sequence && lastAnchored.hash === current.hash) return null;
    const record: AuditAnchorRecord = { ...current, mac: computeSealMac(key, current.sequence, current.hash), at: new Date() };
    await appendAnchor(config.anchorFile, record);
    lastAnchored = current;
    logger.info(
      { auditAnchor: { sequence: record.sequence.toString(), hash: record.hash, mac: record.mac, at: record.at.toISOString() } },
      'audit anchor: the sealed head of the audit chain',
    );
    return record;
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
      return halted;
    },
  };
}
