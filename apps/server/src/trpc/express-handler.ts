/**
 * Serves the tRPC router on Express with tRPC's own protocol, and a leaner bridge between Node's
 * request/response and that protocol than `@trpc/server/adapters/express` (records 0005 and 0043).
 *
 * JSON calls — a GET of queries or a POST of JSON to mutations, single or batched, no stream asked
 * for — are answered here (`answerJsonCalls`) from tRPC's own functions: the procedure lookup and
 * call, the error shape, the status code, the router's transformer. tRPC's `resolveResponse` would
 * first build a fetch `Request`, `Headers`, a `Response` and four abort signals per call, and read
 * the body back out of the `Response`: profiled under the waitlist and `auth.me` benchmarks, that
 * was a fifth of a small call's CPU. The parity test (express-handler.test.ts) holds these answers
 * to the stock adapter's, byte for byte.
 *
 * Everything else — JSONL batches, SSE, a path that names no procedure of the request's type,
 * malformed input, other content types — goes to `resolveResponse` over a fetch `Request` made from
 * the body `express.json` already read; a JSON `Response` is sent with one `res.end`, a streamed one
 * piped.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { TRPCError, type AnyTRPCProcedure, type AnyTRPCRouter, type inferRouterContext } from '@trpc/server';
import { getHTTPStatusCode, resolveResponse, type TRPCRequestInfo } from '@trpc/server/http';
// tRPC's own pieces of its protocol, so JSON calls are answered exactly as `resolveResponse` would.
import { getErrorShape, getProcedureAtPath, getTRPCErrorFromUnknown, isAsyncIterable, isObject, isPromise } from '@trpc/server/unstable-core-do-not-import';
import type { NextFunction, Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express';

export interface ExpressContextOptions {
  readonly req: ExpressRequest;
  readonly res: ExpressResponse;
  readonly info: TRPCRequestInfo;
}

export interface TrpcExpressHandlerOptions<TRouter extends AnyTRPCRouter> {
  readonly router: TRouter;
  /** Calls one batch may carry; a larger batch is refused with 400 before any procedure runs. */
  readonly maxBatchSize?: number;
  readonly createContext: (opts: ExpressContextOptions) => Promise<inferRouterContext<TRouter>>;
  readonly onError?: (opts: { error: TRPCError; path: string | undefined; req: ExpressRequest }) => void;
}

const STREAMING_TYPES = ['text/event-stream', 'application/jsonl'];

/** Whether the client asks for a streamed answer: a JSONL batch (`trpc-accept`) or an SSE subscription. */
export function expectsStream(req: ExpressRequest): boolean {
  return req.headers['trpc-accept'] !== undefined || req.headers.accept?.includes('text/event-stream') === true;
}

/** Whether `req` is a GET, or a POST of JSON whose body `express.json` (or json-body.ts) parsed. */
function isPlainJsonCall(req: ExpressRequest): boolean {
  if (req.method === 'GET') return true;
  if (req.method !== 'POST' || req.body === undefined) return false;
  const type = req.headers['content-type'];
  return typeof type === 'string' && type.toLowerCase().split(';', 1)[0]?.trim() === 'application/json';
}

/** The request body as the string tRPC parses; `express.json` (mounted before) has read it. */
function bodyOf(req: ExpressRequest): string | undefined {
  if (req.method === 'GET' || req.method === 'HEAD') return undefined;
  const body: unknown = req.body;
  if (body === undefined) return undefined;
  return typeof body === 'string' ? body : JSON.stringify(body);
}

function toFetchHeaders(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (name.startsWith(':') || value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.append(name, value);
  }
  return headers;
}

async function send(response: Response, res: ExpressResponse): Promise<void> {
  // A status set by an earlier middleware wins, as with tRPC's own adapter.
  if (res.statusCode === 200) res.statusCode = response.status;
  for (const [name, value] of response.headers) if (name !== 'set-cookie') res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.appendHeader('set-cookie', cookies);
  const type = response.headers.get('content-type') ?? '';
  if (response.body && STREAMING_TYPES.some((streaming) => type.startsWith(streaming))) {
    await new Promise<void>((resolve, reject) => {
      Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>)
        .on('error', reject)
        .pipe(res)
        .on('finish', resolve)
        .on('close', resolve)
        .on('error', reject);
    });
    return;
  }
  res.end(response.body ? await response.text() : undefined);
}

/** tRPC's JSON answers carry these; the calls answered here too. */
const JSON_ANSWER_HEADERS: readonly (readonly [string, string])[] = [
  ['vary', 'trpc-accept, accept'],
  ['content-type', 'application/json'],
];

/** Never aborts: the `info.signal` of a call answered here, whose answer runs to its end (see the handler). Nothing listens to it. */
const NEVER_ABORTED = new AbortController().signal;

interface JsonCalls {
  /** The procedures' paths, one for a single call, one or more for a batch (`?batch=1`). */
  readonly paths: readonly string[];
  readonly isBatch: boolean;
  readonly type: 'query' | 'mutation';
  /** The input as sent (JSON), before the transformer reads it: the call's, or the batch's object by index. */
  readonly sentInput: unknown;
}

/** The content type tRPC reads as JSON (`application/json`, any parameters). */
const isJsonType = (contentType: string): boolean => contentType.toLowerCase().split(';', 1)[0]?.trim() === 'application/json';

/**
 * The calls when `req` is what tRPC answers with one JSON body — a GET of queries or a POST of JSON
 * to mutations, single or batched within `maxBatchSize`, no stream asked for, its input valid JSON
 * (a batch's an object) — else null: tRPC's `resolveResponse` then answers (streams, every malformed
 * request and its error).
 */
function jsonCallsOf(req: ExpressRequest, path: string, maxBatchSize: number | undefined): JsonCalls | null {
  const accept = req.headers.accept;
  if (req.headers['trpc-accept'] !== undefined || (accept !== undefined && (accept.includes('text/event-stream') || accept.includes('application/jsonl')))) return null;
  // What `new Request` would refuse is refused by `resolveResponse`'s path, with its message.
  if (!URL.canParse(`${req.protocol}://${req.headers.host ?? 'localhost'}${req.originalUrl}`)) return null;
  const queryStart = req.originalUrl.indexOf('?');
  const query = queryStart === -1 ? null : new URLSearchParams(req.originalUrl.slice(queryStart + 1));
  if (query?.has('connectionParams')) return null;
  const batch = query?.get('batch') ?? null;
  if (batch !== null && batch !== '1') return null;
  const isBatch = batch === '1';
  const paths = isBatch ? path.split(',') : [path];
  if (paths.some((name) => name === '') || (!isBatch && path.includes(',')) || (maxBatchSize !== undefined && paths.length > maxBatchSize)) return null;
  let type: JsonCalls['type'];
  let sentInput: unknown;
  const contentType = req.headers['content-type'];
  if (req.method === 'GET') {
    if (contentType !== undefined && !isJsonType(contentType)) return null;
    type = 'query';
    const input = query?.get('input');
    try {
      sentInput = input ? (JSON.parse(input) as unknown) : undefined;
    } catch {
      return null;
    }
  } else if (req.method === 'POST' && isPlainJsonCall(req)) {
    type = 'mutation';
    sentInput = req.body;
  } else {
    return null;
  }
  if (isBatch && sentInput !== undefined && !isObject(sentInput)) return null;
  return { paths, isBatch, type, sentInput };
}

/** Like tRPC's check: an answer made of streams or promises needs a streaming link. */
function isDataStream(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (isAsyncIterable(value)) return true;
  const values = Object.values(value);
  return values.some(isPromise) || values.some(isAsyncIterable);
}

type CallResult = { readonly result: { readonly data: unknown } } | { readonly error: ReturnType<typeof getErrorShape> };

/**
 * JSON calls answered as `resolveResponse` answers them (one context, the procedures called
 * together, the same error shapes, status code — 207 for a batch with both — and body, from tRPC's
 * own functions), without the fetch `Request`, `Headers`, `Response` and the abort signals it makes
 * for every call: about a fifth of a signed-in `auth.me`'s CPU. When a path names no procedure of
 * the request's type, `resolveResponse` answers instead.
 */
async function answerJsonCalls<TRouter extends AnyTRPCRouter>(options: TrpcExpressHandlerOptions<TRouter>, calls: JsonCalls, req: ExpressRequest, res: ExpressResponse): Promise<boolean> {
  const procedures: (AnyTRPCProcedure | null)[] = await Promise.all(calls.paths.map((path) => getProcedureAtPath(options.router, path)));
  if (procedures.some((procedure) => !procedure || procedure._def.type !== calls.type)) return false;
  const config = options.router._def._config;
  // All inputs read once, when a procedure first asks, with tRPC's error for input its transformer
  // refuses (every call of the batch then gets it, as from tRPC's memo).
  let inputs = null as { readonly byIndex: readonly unknown[] } | null;
  let inputsRefused: TRPCError | null = null;
  const readInputs = (): readonly unknown[] => {
    if (inputs) return inputs.byIndex;
    if (inputsRefused) throw inputsRefused;
    try {
      const { sentInput } = calls;
      const deserialize = (value: unknown) => (value === undefined ? undefined : config.transformer.input.deserialize(value));
      const byIndex = calls.isBatch ? calls.paths.map((_path, index) => deserialize(isObject(sentInput) ? sentInput[index] : undefined)) : [deserialize(sentInput)];
      inputs = { byIndex };
      return byIndex;
    } catch (cause) {
      inputsRefused = new TRPCError({ code: 'BAD_REQUEST', message: cause instanceof Error ? cause.message : 'Invalid input', cause });
      throw inputsRefused;
    }
  };
  const requestCalls = calls.paths.map((path, index) => ({
    path,
    procedure: procedures[index] ?? null,
    batchIndex: index,
    getRawInput: () => Promise.resolve().then(() => readInputs()[index]),
    result: () => inputs?.byIndex[index],
  }));
  const info: TRPCRequestInfo = { accept: null, type: calls.type, isBatchCall: calls.isBatch, calls: requestCalls, connectionParams: null, signal: NEVER_ABORTED, url: null };
  let ctx: inferRouterContext<TRouter> | undefined;
  let contextError: unknown = null;
  try {
    ctx = await options.createContext({ req, res, info });
  } catch (cause) {
    contextError = cause;
  }
  const answers = await Promise.all(
    requestCalls.map(async (call): Promise<{ answer: CallResult; failed: boolean }> => {
      try {
        if (contextError !== null) throw contextError;
        const data: unknown = await (call.procedure as AnyTRPCProcedure)({ path: call.path, getRawInput: call.getRawInput, ctx, type: calls.type, signal: undefined, batchIndex: call.batchIndex });
        if (isDataStream(data)) throw new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink' });
        return { answer: { result: { data } }, failed: false };
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        options.onError?.({ error, path: call.path, req });
        return { answer: { error: getErrorShape({ config, ctx, error, input: call.result(), path: call.path, type: calls.type }) }, failed: true };
      }
    }),
  );
  const untransformed = answers.map(({ answer }) => answer);
  // A status set by an earlier middleware wins, as in `send`.
  if (res.statusCode === 200) res.statusCode = getHTTPStatusCode(calls.isBatch ? untransformed : (untransformed[0] as CallResult));
  const transformed = untransformed.map((answer) => ('error' in answer ? { error: config.transformer.output.serialize(answer.error) } : { result: { data: config.transformer.output.serialize(answer.result.data) } }));
  for (const [name, value] of JSON_ANSWER_HEADERS) res.setHeader(name, value);
  res.end(JSON.stringify(calls.isBatch ? transformed : transformed[0]));
  return true;
}

export function trpcExpressHandler<TRouter extends AnyTRPCRouter>(options: TrpcExpressHandlerOptions<TRouter>): RequestHandler {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const path = req.path.slice(req.path.lastIndexOf('/') + 1);
    const calls = jsonCallsOf(req, path, options.maxBatchSize);
    if (calls) {
      answerJsonCalls(options, calls, req, res)
        .then((answered) => {
          if (!answered) answerThroughResolveResponse(options, path, req, res, next);
        })
        .catch(next);
      return;
    }
    answerThroughResolveResponse(options, path, req, res, next);
  };
}

/** Everything the bridge does not answer itself: tRPC's `resolveResponse`, over a fetch `Request`. */
function answerThroughResolveResponse<TRouter extends AnyTRPCRouter>(options: TrpcExpressHandlerOptions<TRouter>, path: string, req: ExpressRequest, res: ExpressResponse, next: NextFunction): void {
  // A streamed answer (a JSONL batch, an SSE subscription) stops when the client goes away: its
  // procedures' signal aborts then. A single JSON answer runs to its end either way, and no
  // procedure reads the signal; following one costs undici's `Request` about a tenth of a small
  // call's CPU (the waitlist benchmark: ~12 % more joins a second without it).
  const aborted = expectsStream(req) ? new AbortController() : null;
  const onClose = () => {
    if (!res.writableEnded) aborted?.abort();
  };
  if (aborted) res.once('close', onClose);
  const fail = (error: unknown) => {
    res.off('close', onClose);
    next(error);
  };
  const url = `${req.protocol}://${req.headers.host ?? 'localhost'}${req.originalUrl}`;
  let request: Request;
  try {
    const body = bodyOf(req);
    request = new Request(url, {
      method: req.method,
      headers: toFetchHeaders(req),
      ...(aborted ? { signal: aborted.signal } : {}),
      ...(body === undefined ? {} : { body }),
    });
  } catch {
    fail(new TRPCError({ code: 'BAD_REQUEST', message: 'Invalid URL' }));
    return;
  }
  resolveResponse({
    router: options.router,
    ...(options.maxBatchSize === undefined ? {} : { maxBatchSize: options.maxBatchSize }),
    req: request,
    path,
    error: null,
    createContext: ({ info }) => options.createContext({ req, res, info }),
    onError: ({ error, path: procedurePath }) => options.onError?.({ error, path: procedurePath, req }),
  })
    .then((response) => send(response, res))
    .catch(fail);
}
