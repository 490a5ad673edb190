/**
 * A real local HTTP receiver for the relay's webhook POSTs (node:http on an ephemeral port). It
 * records every request and answers with whatever `respond` decides.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SinkRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** The raw body, exactly as received. */
  readonly body: string;
  /** 0 for the first request carrying this Idempotency-Key, 1 for the second, … */
  readonly tryOfKey: number;
}

export interface SinkAnswer {
  readonly status: number;
  readonly body?: string;
  /** Wait this long before answering. */
  readonly delayMs?: number;
}

export type SinkResponder = (request: SinkRequest) => SinkAnswer;

export interface WebhookSink {
  readonly port: number;
  readonly url: string;
  readonly requests: SinkRequest[];
  respond: SinkResponder;
  /** Requests per Idempotency-Key. */
  countByKey(): Map<string, number>;
  /** Requests answered 2xx per Idempotency-Key. */
  successesByKey(): Map<string, number>;
  close(): Promise<void>;
}

export async function startWebhookSink(options: { port?: number; respond?: SinkResponder } = {}): Promise<WebhookSink> {
  const requests: SinkRequest[] = [];
  const successes = new Map<string, number>();
  const seen = new Map<string, number>();
  const sink: WebhookSink = {
    port: 0,
    url: '',
    requests,
    respond: options.respond ?? (() => ({ status: 200, body: 'ok' })),
    countByKey: () => new Map(seen),
    successesByKey: () => new Map(successes),
    close: async () => undefined,
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const key = String(req.headers['idempotency-key'] ?? '');
      const tryOfKey = seen.get(key) ?? 0;
      seen.set(key, tryOfKey + 1);
      const request: SinkRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), tryOfKey };
      requests.push(request);
      const answer = sink.respond(request);
      const send = (): void => {
        if (res.destroyed) return;
        if (answer.status >= 200 && answer.status < 300) successes.set(key, (successes.get(key) ?? 0) + 1);
        res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body ?? '');
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return Object.assign(sink, {
    port,
    url: `http://127.0.0.1:${port}/hooks/applications`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** A loopback port with nothing listening on it (for "connection refused"). */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
