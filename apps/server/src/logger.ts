import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/*
 * Logs never hold a session token, a cookie, a password or an authorization header, whatever the
 * level (docs/architecture.md#logs). Three layers, each enough for what it covers:
 * 1. Serializers: a request is logged as id, method, path (never its headers, nor its query string,
 *    where a GET procedure's input — a patient's name, say — would be), a response as its status.
 * 2. `redact`: these keys are censored wherever a log call puts them, up to three levels deep.
 * 3. Every finished line is scrubbed of anything shaped like our session cookie or a secret field,
 *    so an error message that quotes a header or a query's arguments cannot carry one out.
 */
const SECRET_KEYS = ['password', 'passwordHash', 'password_hash', 'token', 'sessionToken', 'cookie', 'cookies', 'set-cookie', 'authorization', 'secret'];
const REDACTED = '[redacted]';

const redactPaths = SECRET_KEYS.flatMap((key) => {
  const segment = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
  const joined = (prefix: string) => (segment.startsWith('[') ? `${prefix}${segment}` : `${prefix}.${segment}`);
  return [segment.startsWith('[') ? segment.slice(2, -2) : segment, joined('*'), joined('*.*'), joined('*.*.*')];
});

// `session=<token>` in any header text, and `"password":"..."`-like pairs in any quoted JSON.
const SESSION_COOKIE_TEXT = /\b(session=)[^;\s"\\]+/gi;
const SECRET_PAIR = new RegExp(`(\\\\?"(?:${SECRET_KEYS.map((key) => key.replace(/[-]/g, '\\-')).join('|')})\\\\?"\\s*:\\s*)(\\\\?"(?:[^"\\\\]|\\\\.)*?\\\\?")`, 'gi');

// A calendar feed's private link carries its token in the path (`/calendar/<token>.ics`).
const CALENDAR_FEED_PATH = /(\/calendar\/)[^/\s"?#\\]+/g;

/** Removes session tokens, private links' tokens and secret fields from one serialized log line. */
function scrubLogLine(line: string): string {
  return line
    .replace(SESSION_COOKIE_TEXT, `$1${REDACTED}`)
    .replace(CALENDAR_FEED_PATH, `$1${REDACTED}`)
    // Inside a JSON string (a message quoting JSON) the quotes are escaped: keep the line valid JSON.
    .replace(SECRET_PAIR, (_match, key: string, value: string) => (value.startsWith('\\') ? `${key}\\"${REDACTED}\\"` : `${key}"${REDACTED}"`));
}

/** A logged error: its type, message, stack and code, never the request or query it carries. */
function errorSerializer(error: unknown) {
  if (!(error instanceof Error)) return error;
  const serialized = stdSerializers.err(error);
  const code = (error as { code?: unknown }).code;
  return { type: serialized.type, message: serialized.message, stack: serialized.stack, ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}) };
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'wellspring' },
    redact: { paths: redactPaths, censor: REDACTED },
    serializers: { err: errorSerializer },
    hooks: { streamWrite: scrubLogLine },
  };
  return destination ? pino(options, destination) : pino(options);
}
