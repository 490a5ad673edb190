/**
 * The waitlist benchmark's baseline (docs/architecture.md#budgets): `waitlist.join` as a bare `node:http` + `pg` server
 * would do it, with no framework, no validation library, no domain machine — but the SAME
 * statements the real server runs for one join, captured with `log_statement = 'all'` on a scratch
 * database, in the same transactions:
 *
 * 1. the idempotency lookup of the request's `Idempotency-Key` (every mutation of the web client
 *    carries one; a known key is answered from its stored answer);
 * 2. the rate-limit hit, in its own statement with an asynchronous commit;
 * 3. the entry, its `WaitlistJoined` event in the outbox (`domain_event`) and the key's claim, in one
 *    statement (one transaction);
 * 4. the answer stored with the key.
 *
 * The SQL text is imported from the server's repositories, so the two cannot drift apart; every
 * statement is a named (prepared) one, the best a hand-written server would do. The pool has the
 * app's size (`BASELINE_POOL_MAX`) and connects as the app's least-privilege role.
 *
 * Run as its own process by scripts/bench/waitlist.ts (as the real server is), not in the bench's:
 * autocannon there would otherwise share its one thread.
 */
import http from 'node:http';
import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import { COUNT_HIT_SQL } from '../../apps/server/src/repositories/rate-limit.repository.ts';
import { FIND_IDEMPOTENCY_KEY_SQL, STORE_IDEMPOTENT_RESPONSE_SQL } from '../../apps/server/src/repositories/idempotency.repository.ts';
import { JOIN_SQL } from '../../apps/server/src/repositories/waitlist.repository.ts';

const PATH = '/api/trpc/waitlist.join';
const PROCEDURE = 'waitlist.join';
const WINDOW_MS = 60_000;

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const port = Number(process.env.PORT ?? 3297);
const ratePerMinute = Number(process.env.RATE_LIMIT_WAITLIST_PER_MIN ?? 5);
const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(process.env.BASELINE_POOL_MAX ?? 20) });

interface JoinBody {
  readonly json: { readonly name: string; readonly email: string; readonly type: string };
}

function answer(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function join(request: http.IncomingMessage, input: JoinBody['json'], response: http.ServerResponse): Promise<void> {
  const now = new Date();
  const ip = request.socket.remoteAddress ?? 'unknown';
  const key = request.headers['idempotency-key'];
  const scope = `visitor:${ip}`;
  const fingerprint = typeof key === 'string' ? createHash('sha256').update(PROCEDURE).update('\n').update(JSON.stringify(input)).digest('hex') : null;
  if (typeof key === 'string') {
    const known = await pool.query<{ response: unknown }>({ name: 'idempotency-find', text: FIND_IDEMPOTENCY_KEY_SQL, values: [scope, key] });
    const row = known.rows[0];
    if (row) return answer(response, 200, { result: { data: row.response } });
  }
  const hit = await pool.query<{ count: number }>({ name: 'rate-limit-hit', text: COUNT_HIT_SQL, values: [`waitlist-join:${ip}`, now, new Date(now.getTime() + WINDOW_MS)] });
  if ((hit.rows[0]?.count ?? 1) > ratePerMinute) return answer(response, 429, { error: 'Too many requests' });
  const id = randomUUID();
  const event = { type: 'WaitlistJoined', id, email: input.email.trim(), name: input.name.trim(), waitlistType: input.type };
  const joined = await pool.query<{ id: string }>({
    name: 'waitlist-join',
    text: JOIN_SQL,
    values: [
      id,
      event.email,
      event.name,
      input.type,
      randomUUID(),
      'waitlist_entry',
      id,
      'WaitlistJoined',
      JSON.stringify(event),
      null,
      randomUUID(),
      null,
      now,
      typeof key === 'string' ? scope : null,
      typeof key === 'string' ? key : null,
      PROCEDURE,
      fingerprint,
    ],
  });
  if (joined.rows.length === 0) return answer(response, 409, { error: 'Email already registered' });
  const data = { json: { id } };
  if (typeof key === 'string') await pool.query({ name: 'idempotency-store', text: STORE_IDEMPOTENT_RESPONSE_SQL, values: [scope, key, JSON.stringify(data)] });
  answer(response, 200, { result: { data } });
}

const server = http.createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/healthz') return answer(response, 200, { status: 'ok' });
  if (request.method !== 'POST' || request.url !== PATH) return answer(response, 404, {});
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    let body: JoinBody;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as JoinBody;
    } catch {
      return answer(response, 400, {});
    }
    join(request, body.json, response).catch((error: unknown) => {
      console.error(error);
      answer(response, 500, {});
    });
  });
});

server.listen(port, '127.0.0.1');
// The bench stops it once its runs are over and drops the database: nothing to drain.
process.once('SIGTERM', () => process.exit(0));
