/**
 * The real Express app on an ephemeral port, and a small tRPC-over-HTTP client that lets a test
 * send exactly the headers a browser would (Origin, Cookie, Host).
 */
import { processSecretBox } from '../../src/auth/secret-box.ts';
import { processLinkTokens } from '../../src/auth/link-tokens.ts';
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import superjson, { type SuperJSONResult } from 'superjson';
import { createApp } from '../../src/app.ts';
import { ReadCache } from '../../src/cache/read-cache.ts';
import { loadConfig, type ServerConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/client.ts';
import { createLogger, type Logger } from '../../src/logger.ts';
import { refuseConnect } from '../../src/http/request-guards.ts';
import { appRouter } from '../../src/trpc/app.router.ts';
import { createCallerFactory, type Context } from '../../src/trpc/trpc.ts';

export interface TestServer {
  readonly baseUrl: string;
  readonly origin: string;
  readonly config: ServerConfig;
  /** Every route the Express app declares, as "METHOD /path" (mounted routers' routes with their mount path). */
  readonly routes: readonly string[];
  close(): Promise<void>;
}

interface RouteLayer {
  readonly name: string;
  readonly rawPath?: string;
  readonly route?: { readonly path: string; readonly methods: Record<string, boolean> };
  readonly handle: { readonly stack?: readonly RouteLayer[] };
}

/** Walks Express 5's router stack: each route of the app, and of every router mounted on it. */
function declaredRoutes(stack: readonly RouteLayer[], prefix = ''): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) return Object.keys(layer.route.methods).map((method) => `${method.toUpperCase()} ${prefix}${layer.route?.path ?? ''}`);
    if (layer.name === 'router' && layer.handle.stack) return declaredRoutes(layer.handle.stack, `${prefix}${layer.rawPath ?? ''}`);
    return [];
  });
}

/** Test defaults: generous rate limits unless a test asks for tight ones. */
const TEST_ENV: Record<string, string> = {
  LOG_LEVEL: 'silent',
  RATE_LIMIT_SIGN_IN_MAX: '1000',
  RATE_LIMIT_SIGN_IN_PER_ADDRESS_MAX: '1000',
  RATE_LIMIT_SIGN_UP_MAX: '1000',
  RATE_LIMIT_WAITLIST_PER_MIN: '1000',
  RATE_LIMIT_CONTACT_MAX: '1000',
  RATE_LIMIT_LOOKUPS_PER_ADDRESS_MAX: '1000',
  RATE_LIMIT_PASSWORD_RESET_PER_ADDRESS_MAX: '1000',
  RATE_LIMIT_PASSWORD_RESET_PER_EMAIL_MAX: '1000',
  RATE_LIMIT_VERIFICATION_RESEND_MAX: '1000',
  WEB_DIST_DIR: '/nonexistent/wellspring-web-dist',
};

export function testConfig(env: Record<string, string> = {}): ServerConfig {
  return loadConfig({ ...TEST_ENV, DATABASE_URL: 'postgresql://unused', ...env });
}

/** `now`: the server's clock for sessions (expiry, idle limit); the wall clock unless a test controls it. `logger`: silent unless a test reads the log. */
export async function startTestServer(
  db: Database,
  env: Record<string, string> = {},
  options: { directoryCache?: ReadCache; calendarCache?: ReadCache; now?: () => Date; logger?: Logger } = {},
): Promise<TestServer> {
  const config = testConfig(env);
  const app = createApp({ config, db, logger: createLogger('silent'), ...options });
  const server = http.createServer(app);
  refuseConnect(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    baseUrl: origin,
    origin,
    config,
    routes: declaredRoutes((app as unknown as { router: { stack: RouteLayer[] } }).router.stack),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Where a tRPC call goes: an in-process test server, or a real server process (server-process.ts). */
export type Endpoint = Pick<TestServer, 'baseUrl' | 'origin'>;

export interface TrpcResponse<Data> {
  readonly status: number;
  readonly headers: Headers;
  readonly data?: Data;
  readonly error?: {
    readonly message: string;
    readonly data: { readonly code: string; readonly httpStatus: number; readonly fieldErrors: Record<string, string[]> | null };
  };
}

interface RequestOptions {
  readonly cookie?: string | undefined;
  /** `null` sends no Origin header; undefined sends the server's own origin. */
  readonly origin?: string | null;
  readonly headers?: Record<string, string>;
}

async function decode<Data>(response: Response): Promise<TrpcResponse<Data>> {
  const body = (await response.json()) as { result?: { data: SuperJSONResult }; error?: SuperJSONResult };
  return {
    status: response.status,
    headers: response.headers,
    data: body.result ? superjson.deserialize<Data>(body.result.data) : undefined,
    error: body.error ? superjson.deserialize<NonNullable<TrpcResponse<Data>['error']>>(body.error) : undefined,
  };
}

export async function trpcMutation<Data = unknown>(server: Endpoint, procedure: string, input: unknown, options: RequestOptions = {}): Promise<TrpcResponse<Data>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
  if (options.origin !== null) headers.origin = options.origin ?? server.origin;
  if (options.cookie) headers.cookie = options.cookie;
  const response = await fetch(`${server.baseUrl}/api/trpc/${procedure}`, {
    method: 'POST',
    headers,
    body: input === undefined ? undefined : JSON.stringify(superjson.serialize(input)),
  });
  return decode<Data>(response);
}

export async function trpcQuery<Data = unknown>(server: Endpoint, procedure: string, options: RequestOptions = {}): Promise<TrpcResponse<Data>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  const response = await fetch(`${server.baseUrl}/api/trpc/${procedure}`, { headers });
  return decode<Data>(response);
}

/** `session=<token>` from a response's Set-Cookie, or undefined. */
export function sessionCookieFrom(headers: Headers): { header: string; token: string; attributes: string } | undefined {
  for (const line of headers.getSetCookie()) {
    const match = /^session=([^;]*)(.*)$/.exec(line);
    if (match) return { header: `session=${match[1]}`, token: match[1] ?? '', attributes: match[2] ?? '' };
  }
  return undefined;
}

/** A request context without HTTP: no cookies are read or written. */
export function testContext(db: Database, overrides: Partial<Context> = {}): Context {
  const req = { headers: {}, ip: '127.0.0.1', socket: { remoteAddress: '127.0.0.1' } } as unknown as Context['req'];
  const headers = new Map<string, string>();
  const res = {
    cookie: () => res,
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
  } as unknown as Context['res'];
  return { req, res, db, config: testConfig(), directoryCache: ReadCache.disabled(), calendarCache: ReadCache.disabled(), links: processLinkTokens(), secrets: processSecretBox(), requestId: 'test', user: null, sessionId: null, now: new Date(), ...overrides };
}

/** A tRPC caller for procedures that need no HTTP details. */
export function createTestCaller(db: Database, overrides: Partial<Context> = {}) {
  return createCallerFactory(appRouter)(testContext(db, overrides));
}
