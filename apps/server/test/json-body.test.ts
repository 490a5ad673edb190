/**
 * The API's JSON body reader (src/http/json-body.ts) reads the common body itself and hands the rest
 * to `express.json`: each body here gets the same `req.body`, or the same refusal (status and type),
 * from it as from `express.json` alone.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import express, { type ErrorRequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonBody } from '../src/http/json-body.ts';
import { verifyJsonDepth } from '../src/http/request-guards.ts';

const LIMIT = 1024;

function appWith(reader: express.RequestHandler): express.Express {
  const app = express();
  app.use(reader);
  app.use((req, res) => {
    res.json({ body: req.body as unknown, hasBody: 'body' in req });
  });
  const errors: ErrorRequestHandler = (error: Error & { status?: number; type?: string }, _req, res, _next) => {
    res.status(error.status ?? 500).json({ type: error.type ?? null });
  };
  app.use(errors);
  return app;
}

let ours: http.Server;
let stock: http.Server;

async function listen(app: express.Express): Promise<http.Server> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

beforeAll(async () => {
  const stockReader = express.json({ limit: LIMIT, verify: verifyJsonDepth });
  ours = await listen(appWith(jsonBody({ limitBytes: LIMIT, verify: verifyJsonDepth, fallback: stockReader })));
  stock = await listen(appWith(stockReader));
});

afterAll(async () => {
  for (const server of [ours, stock]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

interface Sent {
  readonly headers: Record<string, string>;
  readonly chunks: readonly (string | Buffer)[];
  readonly method?: string;
}

/** Sends the body in the given chunks (chunked unless a Content-Length is given) and reads the answer. */
function send(server: http.Server, { headers, chunks, method = 'POST' }: Sent): Promise<{ status: number; body: string }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path: '/', headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    for (const chunk of chunks) request.write(chunk);
    request.end();
  });
}

const json = { 'content-type': 'application/json' };
const nested = (depth: number): string => (depth === 0 ? '1' : `[${nested(depth - 1)}]`);
const bodies: readonly ({ readonly name: string } & Sent)[] = [
  { name: 'an object', headers: json, chunks: ['{"json":{"a":1,"b":"é"}}'] },
  { name: 'an object in several chunks', headers: json, chunks: ['{"json":', '{"a":', '[1,2]}}'] },
  { name: 'an array', headers: json, chunks: ['[1,2,3]'] },
  { name: 'a declared empty body', headers: { ...json, 'content-length': '0' }, chunks: [] },
  { name: 'no body', headers: json, chunks: [], method: 'GET' },
  { name: 'UTF-8 with its charset', headers: { 'content-type': 'application/json; charset=UTF-8' }, chunks: ['{"a":"ü"}'] },
  { name: 'a byte-order mark', headers: json, chunks: [Buffer.from('\ufeff{"a":1}', 'utf8')] },
  { name: 'a string, not an object', headers: json, chunks: ['"text"'] },
  { name: 'malformed JSON', headers: json, chunks: ['{"json": {'] },
  { name: 'a body over the limit, chunked', headers: json, chunks: ['{"a":"', 'x'.repeat(LIMIT), '"}'] },
  { name: 'a body nested too deep', headers: json, chunks: [nested(40)] },
  { name: 'another charset', headers: { 'content-type': 'application/json; charset=latin1' }, chunks: ['{"a":1}'] },
  { name: 'an unknown charset', headers: { 'content-type': 'application/json; charset=klingon' }, chunks: ['{"a":1}'] },
  { name: 'a gzip body', headers: { ...json, 'content-encoding': 'gzip' }, chunks: [gzipSync('{"a":1}')] },
  { name: 'another content type', headers: { 'content-type': 'text/plain' }, chunks: ['{"a":1}'] },
];

describe('the JSON body reader', () => {
  it.each(bodies)('reads $name as express.json does', async (sent) => {
    const [fromOurs, fromStock] = await Promise.all([send(ours, sent), send(stock, sent)]);
    expect(fromOurs).toEqual(fromStock);
  });
});
