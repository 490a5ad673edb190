/** The request log: one line per request, through the server's logger (logger.ts). */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../logger.ts';

const REQUEST_ID = /^[\w.-]{1,128}$/;

type RequestLogLevel = 'info' | 'warn' | 'error';

/**
 * An error is the server's own failure (5xx). A request the client cut off (a reload, a closed tab,
 * a lazy chunk no longer wanted) or answered with a 4xx is a warning: worth seeing, not an alert.
 */
function requestLogLevel(statusCode: number, aborted: boolean): RequestLogLevel {
  if (statusCode >= 500) return 'error';
  if (aborted || statusCode >= 400) return 'warn';
  return 'info';
}

/**
 * One JSON line per request, with a request id (taken from X-Request-Id when sane) echoed back.
 *
 * The line has pino-http's shape (`req`, `res`, `responseTime`, "request completed" / "request
 * errored" / "request aborted"), written here rather than by pino-http: it made a child logger, ran
 * the redaction of its bindings and added three listeners for every request, even with the level off
 * (~6 % of a waitlist join's CPU at LOG_LEVEL=silent). Now a level that logs nothing costs the id
 * alone, and a logged line is built once, when the response is done.
 */
export function requestLogger(logger: Logger): (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, next: () => void) => void {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', id);
    // `silent` (and any level above `error`) logs no request line: nothing to follow.
    if (!logger.isLevelEnabled('error') || req.url === '/healthz') {
      next();
      return;
    }
    const startedAt = Date.now();
    // Express rewrites `req.url` inside mounted routers: the path is read before that.
    const path = (req.originalUrl ?? req.url ?? '').split('?', 1)[0];
    // 'close' comes after 'finish' for a complete answer, and alone for one the client cut off.
    res.once('close', () => {
      const aborted = !res.writableFinished;
      const level = requestLogLevel(res.statusCode, aborted);
      if (!logger.isLevelEnabled(level)) return;
      const line = {
        req: { id, method: req.method, path, remoteAddress: req.socket.remoteAddress },
        res: { statusCode: res.statusCode },
        responseTime: Date.now() - startedAt,
      };
      if (aborted) logger[level]({ ...line, err: new Error('Aborted') }, 'request aborted');
      else if (res.statusCode >= 500) logger[level]({ ...line, err: new Error(`failed with status code ${res.statusCode}`) }, 'request errored');
      else logger[level](line, 'request completed');
    });
    next();
  };
}
