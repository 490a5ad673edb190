/**
 * Every procedure of the router — enumerated from the router, so a new one is fuzzed without being
 * listed — gets malformed input (control characters, wrong types, odd shapes, transport garbage) and
 * extreme values (boundary dates, 20-digit and non-finite numbers, empty and maximal-length strings,
 * types superjson can carry that no schema wants), signed out and signed in (a new account is a
 * practitioner, whose practice here holds a patient, an appointment, a note and a payment, so that
 * a probe naming one reaches the database past "not found"). No answer may be a 5xx, and no error answer may carry a stack, a file
 * path or SQL. Text with a control character must be refused (4xx), never stored.
 */
import { hasControlCharacter } from '@wellspring/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import superjson from 'superjson';
import { z } from 'zod';
import { createSession } from '../src/auth/session.ts';
import { addAppointment, addNote, addPatient, addPayment } from './support/practice-factory.ts';
import { MAX_JSON_DEPTH } from '../src/http/request-guards.ts';
import { appRouter } from '../src/trpc/app.router.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { leakedInternals, rawRequest, type RawRequest, type RawResponse } from './support/raw-http.ts';
import { sessionCookieFrom, startTestServer, trpcMutation, type TestServer } from './support/server.ts';

interface Procedure {
  readonly path: string;
  readonly type: 'query' | 'mutation' | 'subscription';
  /** The input's fields, when the input is an object. */
  readonly shape: Record<string, z.ZodType> | null;
}

/** The router's procedures, read from the router itself (tRPC keeps them flat, by path, in `_def.procedures`). */
function proceduresOf(router: typeof appRouter): Procedure[] {
  return Object.entries(router._def.procedures as unknown as Record<string, { _def: { type: Procedure['type']; inputs: unknown[] } }>).map(([path, procedure]) => {
    // A procedure may take several inputs (`patients.auditTrail`: the patient's id, then the page), merged into one object.
    const objects = procedure._def.inputs.filter((input): input is z.ZodObject => input instanceof z.ZodObject);
    return { path, type: procedure._def.type, shape: objects.length > 0 ? (Object.assign({}, ...objects.map((input) => input.shape)) as Record<string, z.ZodType>) : null };
  });
}

/** The practice's records, by kind, for the fields and procedures that name one. */
const recordIds = { patient: '', appointment: '', note: '', payment: '' };

/** The id a field of a procedure names: `patientId` a patient, `id` of `payments.*` a payment, and so on. */
function recordIdFor(path: string, field: string): string | undefined {
  if (field === 'patientId') return recordIds.patient;
  if (field === 'appointmentId') return recordIds.appointment;
  if (field !== 'id') return undefined;
  const area = path.split('.')[0];
  return area === 'patients' ? recordIds.patient : area === 'appointments' ? recordIds.appointment : area === 'clinicalRecords' ? recordIds.note : area === 'payments' ? recordIds.payment : undefined;
}

/** Texts a field may take, tried in order: the first its schema accepts is the field's plausible value. */
const TEXT_CANDIDATES = [
  '2026-06-05T10:00',
  '2026-06-05',
  '150.00',
  'FUZZ-CODE-1',
  'Fuzz Value',
  'Fuzz value long enough for any field that asks for at least fifty characters of text.',
];

/** A plausible value for a field, so that the other fields of a probe pass and the probed one is what is tested. */
function plausible(name: string, schema: z.ZodType, path = ''): unknown {
  const recordId = recordIdFor(path, name);
  if (recordId) return recordId;
  if (!/email/i.test(name)) {
    const text = TEXT_CANDIDATES.find((candidate) => schema.safeParse(candidate).success);
    if (text !== undefined) return text;
  }
  return plausibleOfType(name, schema);
}

function plausibleOfType(name: string, schema: z.ZodType): unknown {
  const def = (schema as { def?: { type?: string; innerType?: z.ZodType; entries?: Record<string, string>; in?: z.ZodType } }).def;
  switch (def?.type) {
    case 'optional':
    case 'default':
    case 'nullable':
      return def.innerType ? plausible(name, def.innerType) : undefined;
    case 'pipe':
      return def.in ? plausible(name, def.in) : 'fuzz value';
    case 'boolean':
      return true;
    case 'number':
      return 1;
    case 'array':
      return [];
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      // A literal may allow several values (`z.literal([15, 30, 60])`): the first is plausible.
      return (def as { values?: readonly unknown[] }).values?.[0];
    default:
      return /email/i.test(name) ? `fuzz.${name.toLowerCase()}@example.com` : 'Fuzz Value';
  }
}

const CONTROL_TEXTS = ['\u0000', 'before\u0000after', 'bell\u0007 and escape\u001b[31m', 'del\u007f', 'c1\u0085'];
const ODD_TEXTS = ["'; DROP TABLE app_user; --", '\\\\ud800 lone \ud800 surrogate', '%00%0d%0a', '{{7*7}} ${7*7}', '<script>alert(1)</script>', 'x'.repeat(20_000)];
const WRONG_TYPES: unknown[] = [null, 12345, -1e308, true, {}, [], ['\u0000'], { nested: '\u0000' }, '1e999'];
const WHOLE_INPUTS: unknown[] = [null, 'a string', 42, [], { unexpected: 'field' }];
/**
 * Values at and past what PostgreSQL and the domain hold: dates at the ends of the calendar (and
 * JavaScript's), integers past int4, bigint and 2^53, non-finite numbers (superjson carries NaN and
 * ±Infinity), and values of types no schema takes (a Date, a bigint, a Map…), each as the field.
 */
const EXTREME_VALUES: unknown[] = [
  '0001-01-01', '9999-12-31', '0000-00-00', '1899-12-31', '2201-01-01', '2025-02-29', '+275760-09-13',
  '0001-01-01T00:00', '9999-12-31T23:59', '1899-12-31T23:59', '2201-01-01T00:00', '10000-01-01T00:00',
  '12345678901234567890', '99999999999999999999', '9999999999999999999', '9223372036854775807', '9223372036854775808', '-9223372036854775809', '2147483648', '-1', '0', '1e309', 'NaN', 'Infinity',
  '99999999999.99', '21474836.48', '', ' ',
  // 20-digit numbers as JSON carries them (a double: the digits past the 16th are lost).
  Number('12345678901234567890'), Number('99999999999999999999'), 2 ** 31, -(2 ** 31) - 1, 2 ** 53, -(2 ** 53), Number.MAX_SAFE_INTEGER, Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE, -0, 0, -1, 0.5,
  Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY,
  new Date(0), new Date(Date.UTC(9999, 11, 31)), new Date(-62135596800000), new Date(8.64e15), new Date(Number.NaN),
  10n ** 20n, -1n, new Map([['a', 1]]), new Set(['x']), /x/, undefined,
  { a: { b: { c: [[[{ d: '\u0000' }]]] } } }, [[['x']]], { length: 1e9 }, { toString: 'x', valueOf: 1 },
];

/** The most characters a text field takes, read from its schema (through optional, default, nullable and pipes). */
function maxLengthOf(schema: z.ZodType): number | null {
  const def = (schema as { def?: { type?: string; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType } }).def;
  if (def?.type === 'string') return (schema as z.ZodString).maxLength;
  if (def?.innerType) return maxLengthOf(def.innerType);
  if (def?.type === 'pipe') return (def.in ? maxLengthOf(def.in) : null) ?? (def.out ? maxLengthOf(def.out) : null);
  return null;
}

/**
 * Texts of exactly the field's maximum length and one character over it, in ASCII and in astral
 * characters (two UTF-16 units each; lengths count code points).
 */
const maximalTexts = (max: number): string[] => ['m'.repeat(max), 'm'.repeat(max + 1), '\u{1F600}'.repeat(max), '\u{1F600}'.repeat(max + 1)];
const codePoints = (text: string): number => Array.from(text).length;
/** Written as text: superjson (rightly) refuses to serialize such an object at all. */
const POLLUTING_INPUT = '{"json":{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}}';

interface Probe {
  readonly label: string;
  readonly request: RawRequest;
  /** True when the answer must be a refusal (4xx), not merely no 5xx. */
  readonly mustRefuse: boolean;
}

/** A probe's value for its label (JSON cannot show NaN, a bigint, a Date or a Map). */
function shown(value: unknown): string {
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'number' || value === undefined) return String(Object.is(value, -0) ? '-0' : value);
  if (value instanceof Date) return `Date(${Number.isNaN(value.getTime()) ? 'invalid' : value.toISOString()})`;
  if (value instanceof Map || value instanceof Set || value instanceof RegExp) return String(value.constructor.name);
  return JSON.stringify(value).slice(0, 40);
}

const nested = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);

/**
 * The probes of one procedure. `reachesInput`: the caller gets past the procedure's access check to
 * its input (a practitioner's procedure refuses anyone else before reading it), so extreme values are
 * worth sending and a text over a field's maximum must be refused.
 */
function probesFor(procedure: Procedure, server: TestServer, reachesInput: boolean): Probe[] {
  const url = `/api/trpc/${procedure.path}`;
  const json = (value: unknown) => JSON.stringify(superjson.serialize(value));
  const call = (value: unknown): RawRequest =>
    procedure.type === 'query'
      ? { method: 'GET', path: `${url}?input=${encodeURIComponent(json(value))}` }
      : { method: 'POST', path: url, headers: { 'content-type': 'application/json', origin: server.origin }, body: json(value) };
  const probes: Probe[] = [];
  const base = Object.fromEntries(Object.entries(procedure.shape ?? {}).map(([name, schema]) => [name, plausible(name, schema, procedure.path)]));

  for (const [field, schema] of Object.entries(procedure.shape ?? {})) {
    const takesText = ['string', 'pipe'].includes(String((schema as { def?: { type?: string; innerType?: { def?: { type?: string } } } }).def?.type)) ||
      ['string', 'pipe'].includes(String((schema as { def?: { innerType?: { def?: { type?: string } } } }).def?.innerType?.def?.type));
    for (const text of CONTROL_TEXTS) probes.push({ label: `${field}=${JSON.stringify(text)}`, request: call({ ...base, [field]: text }), mustRefuse: takesText });
    for (const text of ODD_TEXTS) probes.push({ label: `${field}=${JSON.stringify(text.slice(0, 30))}`, request: call({ ...base, [field]: text }), mustRefuse: false });
    for (const value of WRONG_TYPES) probes.push({ label: `${field}=${JSON.stringify(value)}`, request: call({ ...base, [field]: value }), mustRefuse: false });
    if (!reachesInput) continue;
    for (const value of EXTREME_VALUES) probes.push({ label: `${field}=${shown(value)}`, request: call({ ...base, [field]: value }), mustRefuse: false });
    const max = maxLengthOf(schema);
    if (max !== null && max <= 100_000) {
      for (const text of maximalTexts(max)) probes.push({ label: `${field}=${codePoints(text)} × ${JSON.stringify(text[0])} (max ${max})`, request: call({ ...base, [field]: text }), mustRefuse: reachesInput && codePoints(text) > max });
    }
  }
  for (const value of WHOLE_INPUTS) probes.push({ label: `input=${JSON.stringify(value)}`, request: call(value), mustRefuse: false });

  const post = (body: string, headers: Record<string, string> = {}): RawRequest => ({ method: 'POST', path: url, headers: { 'content-type': 'application/json', origin: server.origin, ...headers }, body });
  probes.push(
    { label: 'a body nested 5,000 deep', request: post(nested(5_000)), mustRefuse: true },
    { label: `a body nested ${MAX_JSON_DEPTH + 1} deep`, request: post(`{"json":${nested(MAX_JSON_DEPTH)}}`), mustRefuse: true },
    { label: 'GET input nested 5,000 deep', request: { method: 'GET', path: `${url}?input=${encodeURIComponent(nested(5_000))}` }, mustRefuse: true },
    { label: 'keys that pollute prototypes', request: procedure.type === 'query' ? { method: 'GET', path: `${url}?input=${encodeURIComponent(POLLUTING_INPUT)}` } : post(POLLUTING_INPUT), mustRefuse: false },
    { label: 'malformed JSON', request: post('{"json": {"name": "unterminated'), mustRefuse: true },
    { label: 'invalid UTF-8', request: post('{"json":"\udc80\ud800"}'), mustRefuse: false },
    { label: 'superjson meta naming unknown types', request: post(JSON.stringify({ json: base, meta: { values: { name: ['custom', 'no-such-type'], __proto__: ['bigint'] } } })), mustRefuse: false },
    { label: 'superjson meta pointing outside the input', request: post(JSON.stringify({ json: base, meta: { values: { 'constructor.prototype.polluted': ['undefined'] } } })), mustRefuse: false },
    { label: 'a text/plain body', request: post('name=x', { 'content-type': 'text/plain' }), mustRefuse: false },
    { label: 'an empty JSON body', request: post(''), mustRefuse: false },
    { label: 'a body over the size limit', request: post(`{"json":"${'x'.repeat(200_000)}"}`), mustRefuse: true },
    { label: 'a batch over the limit', request: { ...call(base), path: `/api/trpc/${Array(50).fill(procedure.path).join(',')}?batch=1${procedure.type === 'query' ? `&input=${encodeURIComponent('{}')}` : ''}`, ...(procedure.type === 'query' ? {} : { body: '{}' }) }, mustRefuse: true },
    { label: 'the other method', request: procedure.type === 'query' ? post(json(base)) : { method: 'GET', path: `${url}?input=${encodeURIComponent(json(base))}` }, mustRefuse: true },
  );
  for (const host of ['a b', '[', 'x:y:z', 'localhost:99999', 'exa%mple', 'localhost:0', '']) {
    probes.push({ label: `Host ${JSON.stringify(host)}`, request: { ...call(base), headers: { ...call(base).headers, host } }, mustRefuse: true });
  }
  for (const method of ['TRACE', 'PUT', 'DELETE', 'PATCH', 'PROPFIND', 'CONNECT']) {
    probes.push({ label: `${method} with a valid Origin`, request: { method, path: method === 'CONNECT' ? `127.0.0.1:${new URL(server.baseUrl).port}` : url, headers: { origin: server.origin } }, mustRefuse: true });
  }
  return probes;
}

let database: TestDatabase;
let server: TestServer;
let userId = '';

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database.db);
  const owner = { email: `fuzz.owner.${Date.now()}@example.com`, password: 'a long fuzzing passphrase' };
  await trpcMutation(server, 'auth.signUp', { name: 'Fuzz Owner', ...owner });
  const signedUp = await trpcMutation<{ user: { id: string } }>(server, 'auth.signIn', owner);
  expect(sessionCookieFrom(signedUp.headers)).toBeDefined();
  userId = signedUp.data?.user.id ?? '';
  const [practice] = await database.query<{ id: string }>('SELECT id FROM practice WHERE owner_user_id = $1', [userId]);
  const practiceId = practice?.id ?? '';
  recordIds.patient = await addPatient(database.db, practiceId, { name: 'Fuzz Patient', email: 'fuzz.patient@example.com' });
  recordIds.appointment = await addAppointment(database.db, practiceId, recordIds.patient, { startsAt: new Date('2026-06-05T14:00:00Z') });
  recordIds.note = await addNote(database.db, practiceId, recordIds.patient, { title: 'Fuzz note', writtenAt: new Date('2026-06-05T15:00:00Z') });
  recordIds.payment = await addPayment(database.db, practiceId, { amountMinor: 15_000, appointmentId: recordIds.appointment });
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const procedures = proceduresOf(appRouter);

describe('the router-wide fuzz', () => {
  it('finds every procedure of the router', () => {
    expect(procedures.map((procedure) => procedure.path)).toEqual(expect.arrayContaining(['auth.signIn', 'waitlist.join', 'directory.search', 'favorites.set']));
    expect(procedures.length).toBeGreaterThanOrEqual(12);
  });

  describe.each(['signed out', 'signed in'] as const)('%s', (who) => {
    it.each(procedures.map((procedure) => [procedure.path, procedure] as const))('%s answers every malformed or extreme request with 4xx or a plain answer, never a 5xx or internals', async (_path, procedure) => {
      const cookie = who === 'signed in' ? `session=${(await createSession(database.db, userId)).token}` : undefined;
      const failures: string[] = [];
      const withCookie = (request: RawRequest): RawRequest => (cookie ? { ...request, headers: { ...request.headers, cookie } } : request);
      // A practitioner's procedure answers anyone else 401/403 before reading the input.
      const gate = await rawRequest(server.baseUrl, withCookie(procedure.type === 'query' ? { method: 'GET', path: `/api/trpc/${procedure.path}` } : { method: 'POST', path: `/api/trpc/${procedure.path}`, headers: { 'content-type': 'application/json', origin: server.origin }, body: '{}' }));
      const reachesInput = gate.status !== 401 && gate.status !== 403;
      const probes = probesFor(procedure, server, reachesInput);
      // Four requests at a time: every practice call holds one connection (its transaction) and no
      // other, so even a write asks nothing more of the test's small pool.
      let next = 0;
      const worker = async () => {
        while (next < probes.length) {
          const probe = probes[next++] as Probe;
          let response: RawResponse;
          try {
            response = await rawRequest(server.baseUrl, withCookie(probe.request));
          } catch (error) {
            failures.push(`${probe.label}: no answer (${(error as Error).message})`);
            continue;
          }
          if (response.status >= 500) failures.push(`${probe.label}: ${response.status} ${response.body.slice(0, 200)}`);
          else if (probe.mustRefuse && (response.status < 400 || response.status >= 500)) failures.push(`${probe.label}: expected a 4xx refusal, got ${response.status}`);
          const leak = response.status >= 400 ? leakedInternals(response.body) : null;
          if (leak) failures.push(`${probe.label}: the answer shows ${leak}: ${response.body.slice(0, 300)}`);
        }
      };
      await Promise.all(Array.from({ length: 4 }, worker));
      expect(failures).toEqual([]);
      // A procedure that stores what it is given (a note, a payment) writes hundreds of records here.
    }, 120_000);
  });

  it('stored no text with a control character, and every table is still there', async () => {
    const tables = await database.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name IN ('app_user', 'waitlist', 'practitioner_application')");
    expect(tables).toHaveLength(3);
    const stored = await database.query<{ text: string }>(
      "SELECT name AS text FROM app_user UNION ALL SELECT name FROM waitlist UNION ALL SELECT name FROM practitioner_application",
    );
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.filter((row) => hasControlCharacter(row.text))).toEqual([]);
  });
});
