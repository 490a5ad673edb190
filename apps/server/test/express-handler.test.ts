/**
 * The tRPC bridge (src/trpc/express-handler.ts) over real HTTP, with a router of its own: single JSON
 * answers, and a streamed batch whose procedures stop when the client goes away.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { initTRPC, TRPCError } from '@trpc/server';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import express from 'express';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { trpcExpressHandler } from '../src/trpc/express-handler.ts';

const t = initTRPC.create();
/** Resolved with true when a `waitForAbort` call's signal aborts. */
let abortSeen: Promise<boolean> = Promise.resolve(false);
let started: () => void = () => undefined;

const router = t.router({
  greet: t.procedure.input(z.object({ name: z.string().min(1) })).query(({ input }) => ({ greeting: `Hello, ${input.name}` })),
  add: t.procedure.input(z.object({ a: z.number(), b: z.number() })).mutation(({ input }) => input.a + input.b),
  waitForAbort: t.procedure.query(({ signal }) => {
    abortSeen = new Promise<boolean>((resolve) => {
      if (!signal) return resolve(false);
      signal.addEventListener('abort', () => resolve(true), { once: true });
      setTimeout(() => resolve(false), 5_000);
    });
    started();
    return abortSeen.then(() => 'done');
  }),
});

let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  const app = express();
  app.use('/trpc', express.json(), trpcExpressHandler({ router, createContext: () => Promise.resolve({}) }));
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('trpcExpressHandler', () => {
  it('answers a query and a mutation with one JSON body, and bad input with 400', async () => {
    const query = await fetch(`${baseUrl}/trpc/greet?input=${encodeURIComponent(JSON.stringify({ name: 'Ada' }))}`);
    expect(query.status).toBe(200);
    expect(query.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await query.json()).toEqual({ result: { data: { greeting: 'Hello, Ada' } } });

    const mutation = await fetch(`${baseUrl}/trpc/add`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ a: 2, b: 3 }) });
    expect(mutation.status).toBe(200);
    expect(await mutation.json()).toEqual({ result: { data: 5 } });

    const bad = await fetch(`${baseUrl}/trpc/greet?input=${encodeURIComponent(JSON.stringify({ name: '' }))}`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { data: { code: string } } }).error.data.code).toBe('BAD_REQUEST');
  });

  it("aborts a streamed batch's procedures when the client goes away", async () => {
    const running = new Promise<void>((resolve) => (started = resolve));
    const client = new AbortController();
    const response = fetch(`${baseUrl}/trpc/waitForAbort?batch=1&input=${encodeURIComponent('{}')}`, {
      headers: { 'trpc-accept': 'application/jsonl' },
      signal: client.signal,
    }).catch((error: unknown) => error);
    await running;
    client.abort();
    await response;
    expect(await abortSeen).toBe(true);
  });
});

/**
 * JSON calls, single or batched, are answered by the bridge itself (answerJsonCalls), everything else
 * by tRPC's `resolveResponse`: each request here gets, byte for byte, the status, headers and body
 * tRPC's own Express adapter gives it — successes, refused input, unparsable input, a wrong method, an
 * unknown procedure, a thrown error, a context that fails, answers the transformer annotates (a
 * Date), batches whole, mixed (207), too large or with input that is not an object.
 */
describe('JSON calls answered without resolveResponse', () => {
  interface ParityContext {
    readonly failContext: boolean;
  }
  const p = initTRPC.context<ParityContext>().create({ transformer: superjson, isDev: false });
  const parityRouter = p.router({
    echo: p.procedure.input(z.object({ text: z.string().min(2) })).query(({ input }) => ({ text: input.text, at: new Date(0) })),
    plain: p.procedure.query(() => ({ ok: true, list: [1, 'two', null] })),
    save: p.procedure.input(z.object({ n: z.number().int() })).mutation(({ input }) => ({ doubled: input.n * 2 })),
    conflict: p.procedure.mutation(() => {
      throw new TRPCError({ code: 'CONFLICT', message: 'Already there.' });
    }),
    broken: p.procedure.query(() => {
      throw new Error('database went away');
    }),
  });
  const createContext = ({ req }: { req: express.Request }): Promise<ParityContext> =>
    req.headers['x-fail-context'] ? Promise.reject(new Error('no context')) : Promise.resolve({ failContext: false });

  let ours: http.Server;
  let stock: http.Server;
  const listen = async (app: express.Express) => {
    const listening = http.createServer(app);
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
    return listening;
  };
  const urlOf = (listening: http.Server) => `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;

  beforeAll(async () => {
    const oursApp = express();
    oursApp.use('/trpc', express.json(), trpcExpressHandler({ router: parityRouter, createContext, maxBatchSize: 3 }));
    ours = await listen(oursApp);
    const stockApp = express();
    stockApp.use('/trpc', createExpressMiddleware({ router: parityRouter, createContext, maxBatchSize: 3 }));
    stock = await listen(stockApp);
  });

  afterAll(async () => {
    for (const listening of [ours, stock]) {
      listening.closeAllConnections();
      await new Promise((resolve) => listening.close(resolve));
    }
  });

  const input = (value: unknown) => `?input=${encodeURIComponent(JSON.stringify(superjson.serialize(value)))}`;
  const json = { 'content-type': 'application/json' };
  const requests: readonly { readonly name: string; readonly path: string; readonly init?: RequestInit }[] = [
    { name: 'a query', path: `/echo${input({ text: 'hello' })}` },
    { name: 'a query without input', path: '/plain' },
    { name: 'refused input', path: `/echo${input({ text: 'h' })}` },
    { name: 'input that is not JSON', path: '/echo?input=%7Bnot-json' },
    { name: 'a query POSTed', path: '/plain', init: { method: 'POST', headers: json, body: '{}' } },
    { name: 'a mutation', path: '/save', init: { method: 'POST', headers: json, body: JSON.stringify(superjson.serialize({ n: 21 })) } },
    { name: 'a mutation with refused input', path: '/save', init: { method: 'POST', headers: json, body: JSON.stringify(superjson.serialize({ n: 1.5 })) } },
    { name: 'a mutation by GET', path: '/save' },
    { name: 'a TRPCError', path: '/conflict', init: { method: 'POST', headers: json, body: '{}' } },
    { name: 'a thrown error', path: '/broken' },
    { name: 'an unknown procedure', path: '/nowhere' },
    { name: 'a context that fails', path: '/plain', init: { headers: { 'x-fail-context': '1' } } },
    { name: 'a batch of queries', path: `/echo,plain?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: superjson.serialize({ text: 'hi' }) }))}` },
    { name: 'a batch with a failing call', path: `/echo,broken,plain?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: superjson.serialize({ text: 'x' }) }))}` },
    { name: 'a batch naming no procedure', path: '/plain,nowhere?batch=1' },
    { name: 'a batch over its limit', path: '/plain,plain,plain,plain?batch=1' },
    { name: 'a batch whose input is not an object', path: `/plain?batch=1&input=${encodeURIComponent('[1]')}` },
    { name: 'a batch with a context that fails', path: '/plain,plain?batch=1', init: { headers: { 'x-fail-context': '1' } } },
    { name: 'a batch of mutations', path: '/save,conflict?batch=1', init: { method: 'POST', headers: json, body: JSON.stringify({ 0: superjson.serialize({ n: 4 }) }) } },
  ];

  it.each(requests)('answers $name as tRPC does', async ({ path, init }) => {
    const [fromOurs, fromStock] = await Promise.all([fetch(`${urlOf(ours)}/trpc${path}`, init), fetch(`${urlOf(stock)}/trpc${path}`, init)]);
    expect(fromOurs.status).toBe(fromStock.status);
    expect(fromOurs.headers.get('content-type')).toBe(fromStock.headers.get('content-type'));
    expect(fromOurs.headers.get('vary')).toBe(fromStock.headers.get('vary'));
    expect(await fromOurs.text()).toBe(await fromStock.text());
  });
});
