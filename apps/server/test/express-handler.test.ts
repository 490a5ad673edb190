/**
 * The tRPC bridge (src/trpc/express-handler.ts) over real HTTP, with a router of its own: single JSON
 * answers, and a streamed batch whose procedures stop when the client goes away.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { initTRPC } from '@trpc/server';
import express from 'express';
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
