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
