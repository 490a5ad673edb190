/**
 * Every procedure of the router — enumerated from the router, so a new one is fuzzed without being
 * listed — gets malformed input (control characters, wrong types, odd shapes, transport garbage),
 * signed out and signed in. No answer may be a 5xx, and no error answer may carry a stack, a file
 * path or SQL. Text with a control character must be refused (4xx), never stored.
 */
import { hasControlCharacter } from '@wellspring/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import superjson from 'superjson';
import { z } from 'zod';
import { createSession } from '../src/auth/session.ts';
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
    const input = procedure._def.inputs[0];
    return { path, type: procedure._def.type, shape: input instanceof z.ZodObject ? (input.shape as Record<string, z.ZodType>) : null };
  });
}

/** A plausible value for a field, so that the other fields of a probe pass and the probed one is what is tested. */
function plausible(name: string, schema: z.ZodType): unknown {
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
      return (schema as unknown as { value: unknown }).value;
    default:
      return /email/i.test(name) ? `fuzz.${name.toLowerCase()}@example.com` : 'Fuzz Value';
  }
}

const CONTROL_TEXTS = ['\u0000', 'before\u0000after', 'bell\u0007 and escape\u001b[31m', 'del\u007f', 'c1\u0085'];
const ODD_TEXTS = ["'; DROP TABLE app_user; --", '\\\\ud800 lone \ud800 surrogate', '%00%0d%0a', '{{7*7}} ${7*7}', '<script>alert(1)</script>', 'x'.repeat(20_000)];
const WRONG_TYPES: unknown[] = [null, 12345, -1e308, true, {}, [], ['\u0000'], { nested: '\u0000' }, '1e999'];
const WHOLE_INPUTS: unknown[] = [null, 'a string', 42, [], { unexpected: 'field' }];
/** Written as text: superjson (rightly) refuses to serialize such an object at all. */
const POLLUTING_INPUT = '{"json":{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}}';

interface Probe {
  readonly label: string;
  readonly request: RawRequest;
  /** True when the answer must be a refusal (4xx), not merely no 5xx. */
  readonly mustRefuse: boolean;
}

const nested = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);

function probesFor(procedure: Procedure, server: TestServer): Probe[] {
  const url = `/api/trpc/${procedure.path}`;
  const json = (value: unknown) => JSON.stringify(superjson.serialize(value));
  const call = (value: unknown): RawRequest =>
    procedure.type === 'query'
      ? { method: 'GET', path: `${url}?input=${encodeURIComponent(json(value))}` }
      : { method: 'POST', path: url, headers: { 'content-type': 'application/json', origin: server.origin }, body: json(value) };
  const probes: Probe[] = [];
  const base = Object.fromEntries(Object.entries(procedure.shape ?? {}).map(([name, schema]) => [name, plausible(name, schema)]));

  for (const [field, schema] of Object.entries(procedure.shape ?? {})) {
    const takesText = ['string', 'pipe'].includes(String((schema as { def?: { type?: string; innerType?: { def?: { type?: string } } } }).def?.type)) ||
      ['string', 'pipe'].includes(String((schema as { def?: { innerType?: { def?: { type?: string } } } }).def?.innerType?.def?.type));
    for (const text of CONTROL_TEXTS) probes.push({ label: `${field}=${JSON.stringify(text)}`, request: call({ ...base, [field]: text }), mustRefuse: takesText });
    for (const text of ODD_TEXTS) probes.push({ label: `${field}=${JSON.stringify(text.slice(0, 30))}`, request: call({ ...base, [field]: text }), mustRefuse: false });
    for (const value of WRONG_TYPES) probes.push({ label: `${field}=${JSON.stringify(value)}`, request: call({ ...base, [field]: value }), mustRefuse: false });
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
  const signedUp = await trpcMutation<{ user: { id: string } }>(server, 'auth.signUp', { name: 'Fuzz Owner', email: `fuzz.owner.${Date.now()}@example.com`, password: 'a long fuzzing passphrase' });
  expect(sessionCookieFrom(signedUp.headers)).toBeDefined();
  userId = signedUp.data?.user.id ?? '';
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
    it.each(procedures.map((procedure) => [procedure.path, procedure] as const))('%s answers every malformed request with 4xx or a plain answer, never a 5xx or internals', async (_path, procedure) => {
      const cookie = who === 'signed in' ? `session=${(await createSession(database.db, userId)).token}` : undefined;
      const failures: string[] = [];
      for (const probe of probesFor(procedure, server)) {
        const request = cookie ? { ...probe.request, headers: { ...probe.request.headers, cookie } } : probe.request;
        let response: RawResponse;
        try {
          response = await rawRequest(server.baseUrl, request);
        } catch (error) {
          failures.push(`${probe.label}: no answer (${(error as Error).message})`);
          continue;
        }
        if (response.status >= 500) failures.push(`${probe.label}: ${response.status} ${response.body.slice(0, 200)}`);
        else if (probe.mustRefuse && (response.status < 400 || response.status >= 500)) failures.push(`${probe.label}: expected a 4xx refusal, got ${response.status}`);
        const leak = response.status >= 400 ? leakedInternals(response.body) : null;
        if (leak) failures.push(`${probe.label}: the answer shows ${leak}: ${response.body.slice(0, 300)}`);
      }
      expect(failures).toEqual([]);
    });
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
