/**
 * The API's JSON body, read by Node's own stream events for the common request — `application/json`
 * in UTF-8 (or no charset), not compressed — and by `express.json` for every other one (another
 * charset, a compressed body, a body already read), which keeps their answers (415, inflation).
 *
 * Why: `express.json` (body-parser, raw-body, iconv-lite, type-is, on-finished, http-errors) cost
 * ~4 % of a waitlist join's CPU, for a body of a hundred bytes. The refusals stay those of
 * body-parser, which the app's error handler answers: 413 `entity.too.large` past the limit (the
 * rest of the body read off first), 400 `entity.parse.failed` for text that is not a JSON object
 * or array, the `verify` callback's own error (the depth guard), 400 `request.aborted`.
 */
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';

export interface JsonBodyOptions {
  readonly limitBytes: number;
  /** Called with the raw bytes before they are parsed; throws to refuse them (as body-parser's `verify`). */
  readonly verify: (req: unknown, res: unknown, body: Buffer) => void;
  /** Reads every body this one does not: `express.json` with the same limit and verify. */
  readonly fallback: RequestHandler;
}

const clientError = (message: string, status: number, type: string) => Object.assign(new Error(message), { status, statusCode: status, type, expose: true });

/** Whether the content type is JSON this reader takes: `application/json`, with no charset or UTF-8. */
function isUtf8Json(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const [mediaType, ...parameters] = contentType.toLowerCase().split(';');
  if (mediaType?.trim() !== 'application/json') return false;
  return parameters.every((parameter) => {
    const [name, value] = parameter.split('=').map((part) => part.trim());
    return name !== 'charset' || value === 'utf-8' || value === 'utf8' || value === '"utf-8"';
  });
}

/** body-parser's strict mode: a JSON body is an object or an array. */
const FIRST_CHARACTER = /^[ \t\n\r]*([^ \t\n\r])/;

function parseStrict(text: string): unknown {
  if (text.length === 0) return {};
  const first = FIRST_CHARACTER.exec(text)?.[1];
  if (first !== '{' && first !== '[') throw clientError('Unexpected token in JSON', 400, 'entity.parse.failed');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw clientError('Malformed JSON', 400, 'entity.parse.failed');
  }
}

/** Reads off what is left of a refused body, then passes the refusal on (as body-parser does). */
function dumpThen(req: IncomingMessage, done: () => void): void {
  if (req.complete) {
    done();
    return;
  }
  // The rest ends in 'end', or in 'close' alone when the client gives up: either way, once.
  const finish = () => {
    req.off('end', finish);
    req.off('close', finish);
    done();
  };
  req.once('end', finish);
  req.once('close', finish);
  req.resume();
}

export function jsonBody(options: JsonBodyOptions): RequestHandler {
  return (req, res, next) => {
    // As body-parser: a request without a body (type-is's test) gets `req.body` undefined, unread.
    const declaredLength = req.headers['content-length'];
    const hasBody = req.headers['transfer-encoding'] !== undefined || (declaredLength !== undefined && !Number.isNaN(Number(declaredLength)));
    if (!hasBody && !req.readableEnded) {
      req.body ??= undefined;
      next();
      return;
    }
    const contentEncoding = req.headers['content-encoding'];
    if (req.body !== undefined || !isUtf8Json(req.headers['content-type']) || (contentEncoding !== undefined && contentEncoding.toLowerCase() !== 'identity') || req.readableEnded) {
      options.fallback(req, res, next);
      return;
    }
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const settle = (error: unknown, body?: unknown) => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('aborted', onAborted);
      req.off('error', onAborted);
      if (error) {
        dumpThen(req, () => next(error));
        return;
      }
      req.body = body;
      next();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > options.limitBytes) {
        settle(clientError('request entity too large', 413, 'entity.too.large'));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      const raw = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, received);
      try {
        options.verify(req, res, raw);
        let text = raw.toString('utf8');
        // iconv-lite (body-parser's decoder) drops a byte-order mark.
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        settle(null, parseStrict(text));
      } catch (error) {
        settle(error);
      }
    };
    const onAborted = () => settle(clientError('request aborted', 400, 'request.aborted'));
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('aborted', onAborted);
    req.once('error', onAborted);
  };
}
