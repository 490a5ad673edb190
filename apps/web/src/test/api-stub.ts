import superjson, { type SuperJSONResult } from 'superjson';
import { vi } from 'vitest';

/**
 * A fake API at the network boundary: `fetch` is replaced by a stub that speaks tRPC's HTTP
 * protocol, batched (queries) and not (mutations, one request each with its `Idempotency-Key`),
 * superjson-encoded, so the real client, links, React Query and components all run.
 */
export interface ApiFailure {
  readonly code: string;
  readonly httpStatus: number;
  readonly message: string;
  readonly fieldErrors?: Record<string, string[]>;
}

export class ApiError extends Error {
  constructor(readonly failure: ApiFailure) {
    super(failure.message);
  }
}

export type ApiHandler = (input: unknown) => unknown;

export interface ApiCall {
  readonly path: string;
  readonly input: unknown;
}

/** A call with what its request said besides: the `Idempotency-Key` header a mutation carries. */
export interface ApiRequest extends ApiCall {
  readonly idempotencyKey: string | undefined;
}

/**
 * Thrown by a handler: the procedure ran, but its answer never reaches the client (a dropped
 * connection), so the stubbed `fetch` rejects as the browser's does on a network failure.
 */
export class LostAnswer extends Error {
  constructor() {
    super('Failed to fetch');
  }
}

const jsonRpcCodes: Record<string, number> = {
  BAD_REQUEST: -32600,
  UNAUTHORIZED: -32001,
  FORBIDDEN: -32003,
  NOT_FOUND: -32004,
  CONFLICT: -32009,
  TOO_MANY_REQUESTS: -32029,
  INTERNAL_SERVER_ERROR: -32603,
};

export const conflict = (message: string) => new ApiError({ code: 'CONFLICT', httpStatus: 409, message });
export const serverError = () =>
  new ApiError({ code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, message: 'Internal server error' });

/** A promise the test settles itself, to hold a call in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export function stubApi(handlers: Record<string, ApiHandler>) {
  const calls: ApiCall[] = [];
  const requests: ApiRequest[] = [];

  const fetchStub = vi.fn(async (url: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const { pathname, searchParams } = new URL(String(url), 'http://localhost');
    const batched = searchParams.get('batch') === '1';
    const paths = decodeURIComponent(pathname.replace(/^\/api\/trpc\//, '')).split(',');
    const rawInput = init?.method === 'POST' ? init.body : searchParams.get('input');
    const encodedInput = (index: number): SuperJSONResult | undefined => {
      if (typeof rawInput !== 'string') return undefined;
      const parsed = JSON.parse(rawInput) as unknown;
      return batched ? (parsed as Record<string, SuperJSONResult | undefined>)[String(index)] : (parsed as SuperJSONResult);
    };
    const idempotencyKey = new Headers(init?.headers).get('Idempotency-Key') ?? undefined;

    let status = 200;
    let lost = false;
    const results = await Promise.all(
      paths.map(async (path, index) => {
        const encoded = encodedInput(index);
        const input = encoded ? superjson.deserialize(encoded) : undefined;
        calls.push({ path, input });
        requests.push({ path, input, idempotencyKey });
        const handler = handlers[path];
        try {
          if (!handler) throw new ApiError({ code: 'NOT_FOUND', httpStatus: 404, message: `No procedure ${path}` });
          const data = await handler(input);
          return { result: { data: superjson.serialize(data) } };
        } catch (error) {
          if (error instanceof LostAnswer) lost = true;
          const failure = error instanceof ApiError ? error.failure : serverError().failure;
          status = failure.httpStatus;
          return {
            error: superjson.serialize({
              message: failure.message,
              code: jsonRpcCodes[failure.code] ?? -32603,
              data: { code: failure.code, httpStatus: failure.httpStatus, path, fieldErrors: failure.fieldErrors ?? null },
            }),
          };
        }
      }),
    );
    if (lost) throw new TypeError('Failed to fetch');
    const body = batched ? results : results[0];
    return new Response(JSON.stringify(body), { status: paths.length > 1 ? 207 : status, headers: { 'content-type': 'application/json' } });
  });

  vi.stubGlobal('fetch', fetchStub);
  return { calls, requests, fetchStub };
}
