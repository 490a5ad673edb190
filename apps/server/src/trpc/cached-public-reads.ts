/**
 * Serves repeated public directory reads straight from the bytes of an earlier answer, before tRPC:
 * no context, no input parsing, no superjson, no database. For a GET of `/api/trpc/<procedures>`
 * whose procedures are all public directory reads (their answer is the same for every caller and
 * depends only on the URL), a 200 JSON answer is kept in the ReadCache under the URL and replayed
 * until the directory changes (read-cache.ts says how that stays exact). Everything else (other
 * procedures, mutations, streaming or SSE requests, errors) goes through tRPC as usual.
 */
import { API_MAX_BATCH_SIZE } from '@wellspring/domain';
import type { RequestHandler } from 'express';
import { expectsStream } from './express-handler.ts';
import type { ReadCache } from '../cache/read-cache.ts';

/** Public, caller-independent reads: their answer depends only on their input and the directory. */
const CACHEABLE_PUBLIC_READS: ReadonlySet<string> = new Set(['directory.search', 'quiz.match', 'practitioners.byId']);

/** What tRPC's JSON answers carry and a replay must too. */
const REPLAY_HEADERS = { 'content-type': 'application/json', vary: 'trpc-accept, accept' } as const;

/** Mount on `/api/trpc`, before the tRPC handler. */
export function cachedPublicReads(cache: ReadCache): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' || !cache.enabled) return next();
    // Streaming (JSONL) and subscription answers are not one JSON body.
    if (expectsStream(req)) return next();
    const procedures = req.path.slice(1).split(',');
    // A batch over the limit goes on to tRPC, which refuses it.
    if (procedures.length > API_MAX_BATCH_SIZE || !procedures.every((procedure) => CACHEABLE_PUBLIC_READS.has(procedure))) return next();

    const key = `GET ${req.originalUrl}`;
    const replay = cache.peek(key);
    if (Buffer.isBuffer(replay)) {
      res.statusCode = 200;
      for (const [name, value] of Object.entries(REPLAY_HEADERS)) res.setHeader(name, value);
      res.end(replay);
      return;
    }
    const ticket = cache.ticket();
    if (!ticket) return next();
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
    res.end = ((...args: unknown[]) => {
      const [body] = args;
      const json = String(res.getHeader('content-type') ?? '').startsWith('application/json');
      if (res.statusCode === 200 && json && (typeof body === 'string' || Buffer.isBuffer(body))) cache.store(key, Buffer.from(body), ticket);
      return end(...args);
    }) as typeof res.end;
    next();
  };
}
