/**
 * Reads' audit entries are appended in groups (audit-appender.ts, record 0032): each read waits for
 * its own entry, reads of the moment share a transaction, and a group that cannot be stored fails
 * every read in it and stores none of it.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditAppender } from '../src/audit/audit-appender.ts';
import { verifyAuditChain, type AuditEntryInput } from '../src/audit/audit-log.ts';
import { createTestDatabase, type TestDatabase, testPool } from './support/database.ts';

let database: TestDatabase;
/** As the server: the application role, under row-level security. */
let pool: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = testPool(database.url, 4);
});

afterAll(async () => {
  await pool.end();
  await database.drop();
});

const entry = (practiceId: string, overrides: Partial<AuditEntryInput> = {}): AuditEntryInput => ({
  actorUserId: randomUUID(),
  practiceId,
  recordType: 'patient',
  recordId: randomUUID(),
  patientId: randomUUID(),
  action: 'read',
  requestId: randomUUID(),
  sourceAddress: "o'brien-proxy",
  ...overrides,
});

const storedRequests = async (requestIds: readonly string[]) =>
  (await database.query<{ request_id: string; practice_id: string }>('SELECT request_id, practice_id FROM audit_entry WHERE request_id = ANY($1)', [requestIds])).map(
    (row) => `${row.practice_id}/${row.request_id}`,
  );

describe('the audit appender', () => {
  it('stores every entry of 60 reads of three practices at once, each under its practice, in one intact chain', async () => {
    const appender = createAuditAppender(pool, 8);
    const practices = [randomUUID(), randomUUID(), randomUUID()];
    const entries = Array.from({ length: 60 }, (_, index) => entry(practices[index % 3] ?? ''));
    await Promise.all(entries.map((each) => appender.append(each)));
    expect((await storedRequests(entries.map((each) => each.requestId))).sort()).toEqual(entries.map((each) => `${each.practiceId}/${each.requestId}`).sort());
    const report = await verifyAuditChain(database.ownerDb);
    expect(report.ok).toBe(true);
  });

  it('stores each field as given (quotes, nulls, a detail object) and chains a practice\'s entries in the order they came', async () => {
    const appender = createAuditAppender(pool);
    const practiceId = randomUUID();
    const given = [
      entry(practiceId, { actorUserId: null, recordId: null, patientId: null, action: 'list', sourceAddress: null, detail: { search: "o'brien \\ \"x\"", results: 3, exact: false, none: null } }),
      entry(practiceId, { recordType: 'clinical_note', detail: undefined }),
      entry(practiceId, { action: 'export', requestId: 'req;DROP TABLE audit_entry;--' }),
    ];
    await Promise.all(given.map((each) => appender.append(each)));
    const rows = await database.query<{ actor_user_id: string | null; record_type: string; record_id: string | null; patient_id: string | null; action: string; request_id: string; source_address: string | null; detail: unknown; chain_sequence: string }>(
      'SELECT actor_user_id, record_type, record_id, patient_id, action, request_id, source_address, detail, chain_sequence::text FROM audit_entry WHERE practice_id = $1 ORDER BY chain_sequence',
      [practiceId],
    );
    expect(rows).toEqual(
      given.map((each, index) => ({
        actor_user_id: each.actorUserId,
        record_type: each.recordType,
        record_id: each.recordId,
        patient_id: each.patientId,
        action: each.action,
        request_id: each.requestId,
        source_address: each.sourceAddress,
        detail: each.detail ?? null,
        chain_sequence: String(index + 1),
      })),
    );
    expect((await verifyAuditChain(database.ownerDb)).ok).toBe(true);
  });

  it('fails every read of a group it cannot store and stores none of that group; the next group is stored', async () => {
    const appender = createAuditAppender(pool);
    const practiceId = randomUUID();
    // The first append is written at once, alone; the three after it wait and go together.
    const first = entry(practiceId);
    const together = [entry(practiceId), entry(practiceId, { actorUserId: 'not-a-uuid' }), entry(practiceId)];
    const outcomes = await Promise.allSettled([first, ...together].map((each) => appender.append(each)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'rejected']);
    expect(await storedRequests([first, ...together].map((each) => each.requestId))).toEqual([`${practiceId}/${first.requestId}`]);

    const later = entry(practiceId);
    await appender.append(later);
    expect(await storedRequests([later.requestId])).toEqual([`${practiceId}/${later.requestId}`]);
  });
});
