/**
 * The audit log: appended through `recordAudit`, chained per practice and append-only in the
 * database, verified by `verifyAuditChain` and `npm run audit:verify`, listed per practice and
 * patient. (audit-chains.int.test.ts: many practices' chains, the legacy segment, the migration.)
 */
import { bindPractice, sqlOf } from '../src/practice/practice-transaction.ts';
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GENESIS_HASH,
  listAuditEntriesForPatient,
  recordAudit,
  verifyAuditChain,
  type AuditEntryInput,
} from '../src/audit/audit-log.ts';
import { repoRoot } from '../src/config.ts';
import { closeDatabase, createDatabaseClient } from '../src/db/client.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';

const run = promisify(execFile);
const VERIFY_CLI = path.join(repoRoot, 'apps/server/src/audit/audit-verify.cli.ts');
const CLI_KEY = randomBytes(32).toString('hex');

interface ChainRow {
  sequence: string;
  chain_sequence: string;
  id: string;
  practice_id: string;
  prev_hash: string;
  hash: string;
}

/** Every entry, each practice's chain in chain order. */
const chain = (database: TestDatabase, practiceId?: string) =>
  database.query<ChainRow>(
    `SELECT sequence::text AS sequence, chain_sequence::text AS chain_sequence, id::text AS id, practice_id, prev_hash, hash FROM audit_entry
     ${practiceId === undefined ? '' : 'WHERE practice_id = $1'} ORDER BY audit_entry.practice_id, audit_entry.chain_sequence`,
    practiceId === undefined ? [] : [practiceId],
  );

function entry(overrides: Partial<AuditEntryInput> = {}): AuditEntryInput {
  return {
    actorUserId: randomUUID(),
    practiceId: randomUUID(),
    recordType: 'patient',
    recordId: randomUUID(),
    patientId: randomUUID(),
    action: 'read',
    requestId: randomUUID(),
    sourceAddress: '203.0.113.7',
    ...overrides,
  };
}

/** Runs `sql` with audit_entry's append-only trigger off, as the owner or a superuser tampering with the table would. */
async function tamper(database: TestDatabase, sql: string, params: unknown[] = []): Promise<void> {
  await database.query('ALTER TABLE audit_entry DISABLE TRIGGER audit_entry_append_only');
  try {
    await database.query(sql, params);
  } finally {
    await database.query('ALTER TABLE audit_entry ENABLE TRIGGER audit_entry_append_only');
  }
}

describe('recordAudit', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("appends entries linked by hash in their practice's chain, with every field of the access", async () => {
    const read = entry({ detail: { fields: 'name,email', count: 2, partial: false, note: null } });
    await recordAudit(database.ownerDb, read);
    await database.ownerDb.$transaction(async (tx) => {
      await recordAudit(tx, entry({ practiceId: read.practiceId, action: 'update', recordType: 'appointment', sourceAddress: null }));
    });

    const rows = await chain(database);
    expect(rows.map((row) => [row.sequence, row.chain_sequence])).toEqual([
      ['1', '1'],
      ['2', '2'],
    ]);
    // No legacy segment in a new database: the chain starts from the genesis hash.
    expect(rows[0]?.prev_hash).toBe(GENESIS_HASH);
    expect(rows[1]?.prev_hash).toBe(rows[0]?.hash);
    expect(rows[0]?.hash).toMatch(/^[0-9a-f]{64}$/);
    const [stored] = await database.query<Record<string, unknown>>(
      'SELECT actor_user_id::text, practice_id, record_type, record_id, patient_id, action, request_id, source_address, detail, occurred_at FROM audit_entry WHERE sequence = 1',
    );
    expect(stored).toMatchObject({
      actor_user_id: read.actorUserId,
      practice_id: read.practiceId,
      record_type: 'patient',
      record_id: read.recordId,
      patient_id: read.patientId,
      action: 'read',
      request_id: read.requestId,
      source_address: '203.0.113.7',
      detail: { fields: 'name,email', count: 2, partial: false, note: null },
    });
    expect(Math.abs((stored?.occurred_at as Date).getTime() - Date.now())).toBeLessThan(60_000);
    expect(await verifyAuditChain(database.ownerDb)).toEqual({
      ok: true,
      entries: 2,
      chains: 1,
      heads: [
        { practiceId: null, entries: 0, last: null },
        { practiceId: read.practiceId, entries: 2, last: { sequence: 2n, hash: rows[1]?.hash } },
      ],
    });
  });

  it('leaves no entry when the transaction that read or wrote rolls back', async () => {
    const before = (await chain(database)).length;
    await expect(
      database.ownerDb.$transaction(async (tx) => {
        await recordAudit(tx, entry({ action: 'create' }));
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(await chain(database)).toHaveLength(before);
    expect((await verifyAuditChain(database.ownerDb)).ok).toBe(true);
  });

  it('sets the chain fields itself, whatever an INSERT says', async () => {
    await database.query(
      `INSERT INTO audit_entry (sequence, occurred_at, actor_user_id, practice_id, record_type, action, request_id, prev_hash, hash)
       VALUES (999, '2000-01-01', $1, 'p', 'patient', 'read', 'r', 'forged', 'forged')`,
      [randomUUID()],
    );
    const [last] = await chain(database, 'p');
    expect(last?.sequence).not.toBe('999');
    expect(last?.chain_sequence).toBe('1');
    expect(last?.hash).not.toBe('forged');
    expect((await verifyAuditChain(database.ownerDb)).ok).toBe(true);
  });

  it("keeps each practice's chain unbroken when 20 transactions of 4 practices append at once", async () => {
    const before = (await chain(database)).length;
    const practices = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    // 20 connections, so the transactions really overlap (the test client has 5).
    const db = createDatabaseClient(database.url, { maxConnections: 20 });
    try {
      await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          db.$transaction(
            async (tx) => {
              // As the server appends: the application role, in a transaction bound to the practice.
              const practiceId = practices[index % practices.length] ?? '';
              await bindPractice(tx, { practiceId });
              await tx.$executeRaw`SELECT pg_sleep(${(index % 4) * 0.01})`;
              await recordAudit(tx, entry({ practiceId }));
              await recordAudit(tx, entry({ practiceId, action: 'list', recordId: null }));
            },
            { maxWait: 20_000, timeout: 20_000 },
          ),
        ),
      );
    } finally {
      await closeDatabase(db);
    }
    expect(await chain(database)).toHaveLength(before + 40);
    for (const practiceId of practices) {
      // Each practice's 10 entries: 1…10 without gaps, each linked to the one before.
      const rows = await chain(database, practiceId);
      expect(rows.map((row) => Number(row.chain_sequence))).toEqual(Array.from({ length: 10 }, (_, index) => index + 1));
      for (const [index, row] of rows.entries()) expect(row.prev_hash).toBe(index === 0 ? GENESIS_HASH : rows[index - 1]?.hash);
    }
    expect(await verifyAuditChain(database.ownerDb, { batchSize: 7 })).toMatchObject({ ok: true, entries: before + 40 });
  });
  it.each([
    ['a practice with a chain', true],
    ["a practice's first append", false],
  ])('under REPEATABLE READ, an append that raced another of the same practice fails with a retryable serialization error instead of forking (%s)', async (_case, existing) => {
    const practiceId = randomUUID();
    if (existing) await recordAudit(database.ownerDb, entry({ practiceId }));
    const before = (await chain(database)).length;
    await expect(
      database.ownerDb.$transaction(
        async (tx) => {
          await tx.$queryRaw`SELECT 1`; // the snapshot is taken here
          await recordAudit(database.ownerDb, entry({ practiceId })); // another connection appends and commits
          await recordAudit(tx, entry({ practiceId }));
        },
        { isolationLevel: 'RepeatableRead' },
      ),
    ).rejects.toThrow(/could not serialize access|40001/);
    expect(await chain(database)).toHaveLength(before + 1);
    expect((await verifyAuditChain(database.ownerDb)).ok).toBe(true);
  });
});

describe('the database keeps audit_entry append-only', () => {
  let database: TestDatabase;
  const practiceId = randomUUID();
  beforeAll(async () => {
    database = await createTestDatabase();
    for (let index = 0; index < 3; index += 1) await recordAudit(database.ownerDb, entry({ practiceId }));
  });
  afterAll(async () => {
    await database?.drop();
  });

  it.each([
    ['UPDATE', "UPDATE audit_entry SET action = 'delete' WHERE sequence = 2"],
    ['DELETE', 'DELETE FROM audit_entry WHERE sequence = 3'],
    ['TRUNCATE', 'TRUNCATE audit_entry'],
  ])('refuses %s, even to the table owner', async (operation, sql) => {
    await expect(database.query(sql)).rejects.toThrow(`audit_entry is append-only: ${operation} refused`);
    expect(await chain(database)).toHaveLength(3);
    expect(await verifyAuditChain(database.ownerDb)).toMatchObject({ ok: true, entries: 3 });
  });

  it.each([
    ['UPDATE', 'UPDATE audit_practice_chain_head SET last_sequence = 2'],
    ['UPDATE', 'UPDATE audit_practice_chain_head SET last_sequence = last_sequence + 1'],
    ['DELETE', 'DELETE FROM audit_practice_chain_head'],
    ['INSERT', `INSERT INTO audit_practice_chain_head (practice_id, last_sequence, last_hash) VALUES ('another', 0, '${GENESIS_HASH}')`],
  ])("refuses a direct %s of a practice's chain head (%s)", async (operation, sql) => {
    await expect(database.query(sql)).rejects.toThrow(`audit_practice_chain_head moves only when an audit entry is appended: ${operation} refused`);
    expect(await database.query('SELECT practice_id, last_sequence::text AS last_sequence FROM audit_practice_chain_head')).toEqual([{ practice_id: practiceId, last_sequence: '3' }]);
  });

  it.each([
    ['UPDATE', 'UPDATE audit_chain_head SET last_sequence = last_sequence + 1'],
    ['DELETE', 'DELETE FROM audit_chain_head'],
    ['INSERT', "INSERT INTO audit_chain_head (id, last_sequence, last_hash) VALUES (2, 0, 'x')"],
  ])('refuses a direct %s of the frozen legacy head (%s)', async (operation, sql) => {
    await expect(database.query(sql)).rejects.toThrow(`audit_chain_head is the frozen head of the legacy audit chain: ${operation} refused`);
    expect(await database.query('SELECT last_sequence::text AS last_sequence FROM audit_chain_head')).toEqual([{ last_sequence: '0' }]);
  });

  it('refuses TRUNCATE of the chain heads', async () => {
    await expect(database.query('TRUNCATE audit_practice_chain_head')).rejects.toThrow('audit_practice_chain_head is append-only: TRUNCATE refused');
    await expect(database.query('TRUNCATE audit_chain_head')).rejects.toThrow('audit_chain_head is append-only: TRUNCATE refused');
  });
});

describe('verifyAuditChain and npm run audit:verify', () => {
  let database: TestDatabase;
  let rows: ChainRow[];

  async function cli(args: string[] = []): Promise<{ stdout: string; stderr: string; code: number }> {
    // A key of its own and no anchor file: these tests are about the hash chain (audit-seal.int.test.ts: the seals).
    const env: Record<string, string | undefined> = {
      ...process.env,
      DATABASE_URL: database.url,
      DATABASE_OWNER_URL: database.ownerUrl,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      AUDIT_HMAC_KEY: CLI_KEY,
      AUDIT_ANCHOR_FILE: path.join(os.tmpdir(), `wellspring-no-anchors-${randomUUID()}.jsonl`),
    };
    try {
      const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', VERIFY_CLI, ...args], { cwd: repoRoot, env, timeout: 60_000 });
      return { stdout, stderr, code: 0 };
    } catch (error) {
      const failure = error as { stdout?: string; stderr?: string; code?: number };
      return { stdout: failure.stdout ?? '', stderr: failure.stderr ?? '', code: failure.code ?? 1 };
    }
  }

  // Each test breaks the chain its own way on a fresh copy of the same 10 entries of one practice.
  const practiceId = 'practice-under-test';
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  async function freshChain(): Promise<void> {
    await database.query('ALTER TABLE audit_entry DISABLE TRIGGER audit_entry_no_truncate');
    await database.query('ALTER TABLE audit_seal DISABLE TRIGGER audit_seal_no_truncate');
    await database.query('ALTER TABLE audit_practice_chain_head DISABLE TRIGGER USER');
    try {
      await database.query('TRUNCATE audit_seal, audit_entry, audit_practice_chain_head');
    } finally {
      await database.query('ALTER TABLE audit_practice_chain_head ENABLE TRIGGER USER');
      await database.query('ALTER TABLE audit_seal ENABLE TRIGGER audit_seal_no_truncate');
      await database.query('ALTER TABLE audit_entry ENABLE TRIGGER audit_entry_no_truncate');
    }
    for (let index = 0; index < 10; index += 1) {
      await recordAudit(database.ownerDb, entry({ practiceId, detail: { index, name: 'Zoë "quoted" | pipe', flag: index % 2 === 0, none: null } }));
    }
    rows = await chain(database);
  }

  /** The entry at that place of the practice's chain, for tampering SQL. */
  const at = (place: number | string) => `practice_id = '${practiceId}' AND chain_sequence = ${place}`;

  it('reports an intact chain, its length and last entry; the CLI exits 0 with the anchor to keep', async () => {
    await freshChain();
    const last = rows.at(-1);
    expect(await verifyAuditChain(database.ownerDb, { batchSize: 3 })).toEqual({
      ok: true,
      entries: 10,
      chains: 1,
      heads: [
        { practiceId: null, entries: 0, last: null },
        { practiceId, entries: 10, last: { sequence: 10n, hash: last?.hash } },
      ],
    });
    expect(await verifyAuditChain(database.ownerDb, { anchor: { practiceId, sequence: 4n, hash: rows[3]?.hash ?? '' } })).toMatchObject({ ok: true });

    const result = await cli();
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Audit chains intact: 10 entries in 1 practice chains');
    expect(result.stdout).toContain(`${practiceId}:10:${last?.hash}`);
    expect(result.stdout).not.toContain('wellspring-embedded');
  });

  it('finds an altered entry: hash_mismatch at that entry; the CLI exits 1 naming it', async () => {
    await freshChain();
    await tamper(database, `UPDATE audit_entry SET action = 'list' WHERE ${at(6)}`);

    expect(await verifyAuditChain(database.ownerDb, { batchSize: 4 })).toEqual({
      ok: false,
      brokenAt: { practiceId, sequence: 6n, id: rows[5]?.id, reason: 'hash_mismatch' },
      entries: 5,
    });
    const result = await cli();
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`Audit chain BROKEN: practice ${practiceId}'s chain, at entry #6 (${rows[5]?.id}): hash_mismatch`);
  });

  it.each([
    ['the time', "occurred_at = occurred_at + interval '1 millisecond'"],
    ['the detail', `detail = jsonb_set(detail, '{flag}', 'true')`],
    ['a null field', "source_address = NULL"],
    ['the actor', `actor_user_id = '${randomUUID()}'`],
  ])('finds an alteration of %s', async (_field, assignment) => {
    await freshChain();
    await tamper(database, `UPDATE audit_entry SET ${assignment} WHERE ${at(2)}`);
    expect(await verifyAuditChain(database.ownerDb)).toMatchObject({ ok: false, brokenAt: { practiceId, sequence: 2n, reason: 'hash_mismatch' } });
  });

  it('finds a deleted entry: a gap at the entry after it', async () => {
    await freshChain();
    await tamper(database, `DELETE FROM audit_entry WHERE ${at(4)} OR ${at(5)}`);

    expect(await verifyAuditChain(database.ownerDb, { batchSize: 2 })).toEqual({
      ok: false,
      brokenAt: { practiceId, sequence: 6n, id: rows[5]?.id, reason: 'gap', missingFrom: 4n },
      entries: 3,
    });
    const result = await cli();
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`Audit chain BROKEN: practice ${practiceId}'s chain, at entry #6 (${rows[5]?.id}): gap (entries #4–#5 missing)`);
  });

  it('finds a deleted first entry', async () => {
    await freshChain();
    await tamper(database, `DELETE FROM audit_entry WHERE ${at(1)}`);
    expect(await verifyAuditChain(database.ownerDb)).toMatchObject({ ok: false, brokenAt: { practiceId, sequence: 2n, reason: 'gap', missingFrom: 1n } });
  });

  it('finds deleted last entries: the chain head is ahead of the table', async () => {
    await freshChain();
    await tamper(database, `DELETE FROM audit_entry WHERE ${at(9)} OR ${at(10)}`);
    expect(await verifyAuditChain(database.ownerDb)).toEqual({ ok: false, brokenAt: { practiceId, sequence: 9n, id: null, reason: 'truncated_tail' }, entries: 8 });
  });

  it('finds an inserted or replaced entry, even one that carries a well-formed hash', async () => {
    await freshChain();
    // A row put in the place of a deleted one, hashed as the trigger would but over other content.
    await tamper(database, `DELETE FROM audit_entry WHERE ${at(3)}`);
    await database.query('ALTER TABLE audit_entry DISABLE TRIGGER audit_entry_append');
    try {
      await database.query(
        `INSERT INTO audit_entry (sequence, chain_sequence, actor_user_id, practice_id, record_type, action, request_id, prev_hash, hash)
         VALUES ($1, 3, $2, $3, 'patient', 'read', 'r', $4, $5)`,
        [rows[2]?.sequence, randomUUID(), practiceId, rows[1]?.hash, 'f'.repeat(64)],
      );
    } finally {
      await database.query('ALTER TABLE audit_entry ENABLE TRIGGER audit_entry_append');
    }
    expect(await verifyAuditChain(database.ownerDb)).toMatchObject({ ok: false, brokenAt: { practiceId, sequence: 3n, reason: 'hash_mismatch' } });
  });

  it('finds a rewritten entry whose hash was recomputed: the next entry no longer links to it', async () => {
    await freshChain();
    await database.query('ALTER TABLE audit_entry DISABLE TRIGGER audit_entry_append_only');
    try {
      // Recompute entry 5's hash with the database's own formula after changing it.
      await database.query(`UPDATE audit_entry SET action = 'list' WHERE ${at(5)}`);
      await database.query(`
        UPDATE audit_entry e SET hash = encode(sha256(convert_to(concat_ws('|', 'wellspring-audit-v2',
          audit_hash_field(e.chain_sequence::text), audit_hash_field(e.sequence::text), audit_hash_field(e.id::text),
          audit_hash_field(((extract(epoch FROM e.occurred_at) * 1000)::bigint)::text), audit_hash_field(e.actor_user_id::text),
          audit_hash_field(e.practice_id), audit_hash_field(e.record_type), audit_hash_field(e.record_id), audit_hash_field(e.patient_id),
          audit_hash_field(e.action), audit_hash_field(e.request_id), audit_hash_field(e.source_address), audit_hash_field(e.detail::text),
          audit_hash_field(e.prev_hash)), 'UTF8')), 'hex')
        WHERE ${at(5)}`);
    } finally {
      await database.query('ALTER TABLE audit_entry ENABLE TRIGGER audit_entry_append_only');
    }
    expect(await verifyAuditChain(database.ownerDb)).toMatchObject({ ok: false, brokenAt: { practiceId, sequence: 6n, reason: 'prev_hash_mismatch' } });
  });

  it('with an anchor, finds a chain rewritten from the anchor on, head included', async () => {
    await freshChain();
    const anchor = { practiceId, sequence: 10n, hash: rows[9]?.hash ?? '' };
    // Delete the tail and wind the head back to match: only the anchor kept elsewhere shows it.
    await tamper(database, `DELETE FROM audit_entry WHERE ${at(9)} OR ${at(10)}`);
    await database.query('ALTER TABLE audit_practice_chain_head DISABLE TRIGGER USER');
    try {
      await database.query('UPDATE audit_practice_chain_head SET last_sequence = 8, last_hash = $1', [rows[7]?.hash]);
    } finally {
      await database.query('ALTER TABLE audit_practice_chain_head ENABLE TRIGGER USER');
    }
    expect(await verifyAuditChain(database.ownerDb)).toMatchObject({ ok: true, entries: 8 });
    expect(await verifyAuditChain(database.ownerDb, { anchor })).toEqual({ ok: false, brokenAt: { practiceId, sequence: 10n, id: null, reason: 'anchor_mismatch' }, entries: 8 });

    const result = await cli(['--anchor', `${practiceId}:10:${anchor.hash}`]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`Audit chain BROKEN: practice ${practiceId}'s chain, at entry #10 (missing): anchor_mismatch`);
  });
});

describe('listAuditEntriesForPatient', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("lists one patient's entries in one practice, newest first, page by page; another practice's never appear", async () => {
    const [actor] = await database.query<{ id: string }>(
      "INSERT INTO app_user (id, email, name, password_hash) VALUES (gen_random_uuid(), 'audit-actor@example.test', 'Dr. Ada Audit', 'x') RETURNING id::text AS id",
    );
    const actorUserId = actor?.id ?? '';
    const practiceId = randomUUID();
    const otherPracticeId = randomUUID();
    const patientId = randomUUID();
    const requestIds: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const requestId = `request-${index}`;
      requestIds.push(requestId);
      await recordAudit(database.ownerDb, entry({ actorUserId, practiceId, patientId, requestId, action: index === 0 ? 'create' : 'read' }));
      // The same patient id under another practice, and another patient of the same practice.
      await recordAudit(database.ownerDb, entry({ practiceId: otherPracticeId, patientId }));
      await recordAudit(database.ownerDb, entry({ practiceId, patientId: randomUUID() }));
    }

    const first = await listAuditEntriesForPatient(sqlOf(database.ownerDb), { practiceId, patientId, limit: 3 });
    expect(first.entries.map((row) => row.requestId)).toEqual(['request-4', 'request-3', 'request-2']);
    expect(first.entries[0]).toMatchObject({
      action: 'read',
      recordType: 'patient',
      actorUserId,
      actorName: 'Dr. Ada Audit',
      sourceAddress: '203.0.113.7',
    });
    expect(first.entries[0]?.occurredAt).toBeInstanceOf(Date);
    expect(first.nextCursor).not.toBeNull();

    const second = await listAuditEntriesForPatient(sqlOf(database.ownerDb), { practiceId, patientId, limit: 3, cursor: first.nextCursor });
    expect(second.entries.map((row) => [row.requestId, row.action])).toEqual([
      ['request-1', 'read'],
      ['request-0', 'create'],
    ]);
    expect(second.nextCursor).toBeNull();

    const other = await listAuditEntriesForPatient(sqlOf(database.ownerDb), { practiceId: otherPracticeId, patientId, limit: 50 });
    expect(other.entries).toHaveLength(5);
    expect(other.entries.some((row) => requestIds.includes(row.requestId))).toBe(false);
    expect(await listAuditEntriesForPatient(sqlOf(database.ownerDb), { practiceId: randomUUID(), patientId, limit: 50 })).toEqual({ entries: [], nextCursor: null });
  });

  it('refuses a cursor that is not one it gave', async () => {
    await expect(listAuditEntriesForPatient(sqlOf(database.ownerDb), { practiceId: randomUUID(), patientId: randomUUID(), limit: 5, cursor: '1; DROP' })).rejects.toThrow(RangeError);
  });
});
