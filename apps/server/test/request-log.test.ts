/**
 * The request log (http/request-log.ts) over a real HTTP server: one line per request, at the level
 * an operator would alert on only for the server's own failures.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestLogger } from '../src/http/request-log.ts';
import { createLogger } from '../src/logger.ts';

interface LogLine {
  level: number;
  msg: string;
  req: { id: string; method: string; path: string };
  res: { statusCode: number };
}

const lines: LogLine[] = [];
let server: Server;
let port: number;
/** Set when the handler of `/slow` has its request: the client may cut it off then. */
let slowArrived: () => void = () => undefined;

beforeAll(async () => {
  const log = requestLogger(createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) }));
  server = createServer((req, res) => {
    log(req, res, () => {
      if (req.url === '/slow') {
        slowArrived();
        return; // never answered: the client gives up
      }
      res.statusCode = req.url === '/ok' ? 200 : req.url?.startsWith('/missing') ? 404 : 500;
      res.end('answer');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const get = (path: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; requestId: string }>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, requestId: String(res.headers['x-request-id']) }));
    })
      .on('error', reject)
      .end();
  });

/** The line for a request id, once its response has closed on the server. */
async function lineFor(id: string): Promise<LogLine> {
  for (let tries = 0; tries < 100; tries += 1) {
    const line = lines.find((each) => each.req.id === id);
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no log line for ${id}`);
}

describe('the request log', () => {
  it('logs an answer at info, a 4xx at warn and a 5xx at error, with the path but never the query', async () => {
    const ok = await get('/ok');
    const missing = await get('/missing?patient=Jane%20Doe');
    const failed = await get('/boom');
    expect([ok.status, missing.status, failed.status]).toEqual([200, 404, 500]);
    expect(await lineFor(ok.requestId)).toMatchObject({ level: 30, msg: 'request completed', res: { statusCode: 200 } });
    expect(await lineFor(missing.requestId)).toMatchObject({ level: 40, msg: 'request completed', req: { path: '/missing' } });
    expect(JSON.stringify(await lineFor(missing.requestId))).not.toContain('Jane');
    expect(await lineFor(failed.requestId)).toMatchObject({ level: 50, msg: 'request errored', res: { statusCode: 500 } });
  });

  it('logs a request the client cut off as a warning, not an error', async () => {
    const arrived = new Promise<void>((resolve) => (slowArrived = resolve));
    const cut = request({ host: '127.0.0.1', port, path: '/slow', headers: { 'x-request-id': 'cut-off-by-client' } });
    cut.on('error', () => undefined);
    cut.end();
    await arrived;
    cut.destroy();
    expect(await lineFor('cut-off-by-client')).toMatchObject({ level: 40, msg: 'request aborted', req: { path: '/slow' } });
  });

  it('echoes a sane X-Request-Id and replaces one that is not', async () => {
    expect((await get('/ok', { 'x-request-id': 'trace-42.a_b' })).requestId).toBe('trace-42.a_b');
    const replaced = await get('/ok', { 'x-request-id': 'bad id with spaces' });
    expect(replaced.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
