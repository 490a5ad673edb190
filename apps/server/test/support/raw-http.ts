/**
 * Requests exactly as written — any method, any Host, any body bytes — for probing the server the
 * way an attacker would, which `fetch` does not allow (it fixes Host and refuses some methods).
 */
import http from 'node:http';
import net from 'node:net';

export interface RawResponse {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

export interface RawRequest {
  readonly method?: string;
  readonly path: string;
  /** Undefined values are not sent. */
  readonly headers?: Readonly<Record<string, string | undefined>>;
  readonly body?: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

export function rawRequest(baseUrl: string, request: RawRequest): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        agent: request.method === 'CONNECT' ? false : agent,
        host: url.hostname,
        port: url.port,
        method: request.method ?? 'GET',
        path: request.path,
        headers: {
          ...(request.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(request.body)) }),
          ...Object.fromEntries(Object.entries(request.headers ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined)),
        },
        setHost: request.headers?.host === undefined,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    // CONNECT answers arrive as a `connect` event, whatever their status.
    outgoing.on('connect', (response, socket, head) => {
      const chunks: Buffer[] = [head];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
      socket.on('error', reject);
    });
    outgoing.setTimeout(15_000, () => outgoing.destroy(new Error(`no answer to ${request.method ?? 'GET'} ${request.path} within 15 s`)));
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/**
 * Writes `head` (the request line and header lines, without the blank line) on a fresh connection,
 * byte for byte, and reads the answer until the server closes the connection — for what even `http.request`
 * will not send, such as two `Host` lines. Sent with `Connection: close`.
 */
export function rawSocketRequest(baseUrl: string, head: readonly string[]): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => socket.write(`${[...head, 'Connection: close'].join('\r\n')}\r\n\r\n`));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.setTimeout(15_000, () => socket.destroy(new Error(`no answer to ${head[0]} within 15 s`)));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = (split === -1 ? text : text.slice(0, split)).split('\r\n');
      const headers: http.IncomingHttpHeaders = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0), headers, body: split === -1 ? '' : text.slice(split + 4) });
    });
  });
}

/** What no error answer may hold: a stack frame, a file path, SQL, a database's or ORM's own words. */
const INTERNALS: ReadonlyArray<readonly [string, RegExp]> = [
  ['a stack frame', /\bat [\w$.<>]+ \(|\bat (?:async )?(?:file:\/\/|\/)[^\s"]+:\d+:\d+/],
  ['a file path', /(?:^|["\s(])\/(?:work|home|tmp|usr|root|app|srv|opt|var)\/[\w.-]+/],
  ['node_modules', /node_modules/],
  ['a source file', /\.(?:ts|mjs|cjs|js):\d+/],
  ['SQL', /\b(?:SELECT|INSERT INTO|UPDATE|DELETE FROM)\b[\s\S]{0,200}\b(?:FROM|VALUES|SET|WHERE)\b/],
  ['a PostgreSQL error', /invalid byte sequence|syntax error at|violates (?:unique|foreign key|not-null|check) constraint|relation "[\w]+"|22021|23505|42P01/i],
  ['Prisma', /prisma|invocation|P2\d{3}\b/i],
];

/** The first kind of internal detail found in an answer's body, or null. */
export function leakedInternals(body: string): string | null {
  for (const [kind, pattern] of INTERNALS) if (pattern.test(body)) return kind;
  return null;
}
