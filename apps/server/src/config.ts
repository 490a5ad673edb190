import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, whatever the working directory the server was started from. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface RateLimitConfig {
  /** Sign-in attempts per account (e-mail), from any address, within `signInWindowMs`. */
  readonly signInMax: number;
  /** Sign-in attempts per source address, across accounts, within `signInWindowMs`. */
  readonly signInPerAddressMax: number;
  readonly signInWindowMs: number;
  /** Sign-ups per IP within `signUpWindowMs`. */
  readonly signUpMax: number;
  readonly signUpWindowMs: number;
  /** Waitlist joins and invites per IP per minute. */
  readonly waitlistPerMinute: number;
  /** Practitioner applications per IP per minute. */
  readonly applicationsPerMinute: number;
  /** Messages sent with a profile's Contact form per IP within `contactWindowMs` (default 5 per 10 minutes). */
  readonly contactMax: number;
  readonly contactWindowMs: number;
  /** Online bookings per IP per hour (default 10). */
  readonly bookingsPerAddressMax: number;
  /** Online bookings per patient e-mail per hour (default 5). */
  readonly bookingsPerEmailMax: number;
  /** Public lookups (a referral code's offer) per IP within `lookupsWindowMs` (default 30 per 10 minutes). */
  readonly lookupsPerAddressMax: number;
  readonly lookupsWindowMs: number;
  /** Password reset requests per IP (default 10) and per e-mail (default 3) within `accountMailWindowMs`. */
  readonly passwordResetPerAddressMax: number;
  readonly passwordResetPerEmailMax: number;
  /** Verification e-mails an account may ask for again within `accountMailWindowMs` (default 3). */
  readonly verificationResendMax: number;
  readonly accountMailWindowMs: number;
  /** Wrong 2-step codes per account within `signInWindowMs` (default 5): six digits cannot be tried through. */
  readonly secondFactorMax: number;
}

/** The outbox relay (docs/architecture.md#outbox): webhook POSTs and invitation e-mails, with retries. */
export interface RelayConfig {
  /** Start the relay worker with the server (RELAY_ENABLED, default on). */
  readonly enabled: boolean;
  /** Where practitioner applications are POSTed; unset → they wait in the outbox. */
  readonly webhookUrl: string | undefined;
  /** HMAC-SHA256 key of the X-Wellspring-Signature header. */
  readonly webhookSecret: string | undefined;
  /** The webhook body's `receiverEmail`; also where a profile's Contact message goes when the listing has no account. */
  readonly receiverEmail: string;
  /** nodemailer connection URL (smtp:// or smtps://); unset → `.eml` files under `mailDir`. */
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly mailDir: string;
  /** The site's public address, for links in e-mails (no trailing slash). */
  readonly publicUrl: string;
  /** Tries before an event is dead-lettered. */
  readonly maxAttempts: number;
  /** Backoff before retry n is about baseDelayMs × 2^(n−1), at most maxDelayMs, with jitter. */
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** How often the worker looks for due events when nothing wakes it. */
  readonly pollMs: number;
  /** One delivery's time limit (webhook request, SMTP conversation). */
  readonly timeoutMs: number;
  /**
   * How much longer than `timeoutMs` a claim's lease lasts, for recording the outcome
   * (RELAY_LEASE_MARGIN_MS, default 5 s). A server that dies mid-delivery holds its claims until
   * their lease (`timeoutMs` + this) runs out; then another server's relay takes them over.
   */
  readonly leaseMarginMs: number;
  /** Events claimed (and delivered concurrently) per pass. */
  readonly batchSize: number;
}

/** The in-process cache of public directory reads (src/cache/read-cache.ts). */
interface DirectoryCacheConfig {
  /** Entries kept at most (least recently used go first); 0 turns the cache off. */
  readonly maxEntries: number;
  /** Longest life of an entry; changes invalidate at once through LISTEN/NOTIFY. */
  readonly ttlMs: number;
}

/** Sessions (src/auth/session.ts): besides their sliding 30-day expiry, an idle limit. */
interface SessionConfig {
  /** A session unused this long is over (SESSION_IDLE_MINUTES, default 30, at least 1). */
  readonly idleTimeoutMs: number;
}

/** The audit log's HMAC seal and anchors (src/audit/audit-seal.ts, docs/decisions/0030-audit-hmac-seal.md). */
export interface AuditConfig {
  /** AUDIT_HMAC_KEY: the key itself, hex or base64, at least 32 bytes. Never logged. */
  readonly hmacKey: string | undefined;
  /** AUDIT_HMAC_KEY_FILE: a file holding the key (hex or base64). */
  readonly hmacKeyFile: string | undefined;
  /** Where the server creates (and later reads) a key when neither is set, off production: DATA_DIR/audit-hmac.key. */
  readonly defaultKeyFile: string;
  /** AUDIT_ANCHOR_FILE: the sealed head is appended here as a JSON line (default DATA_DIR/audit-anchors.jsonl). */
  readonly anchorFile: string;
  /** AUDIT_ANCHOR_INTERVAL_MIN (default 10, at least 1): how often the sealed head is anchored. */
  readonly anchorIntervalMs: number;
  /** AUDIT_SEAL_INTERVAL_MS (default 1000): how often the sealer looks for new entries. */
  readonly sealIntervalMs: number;
  /**
   * Whether practice reads append audit entries: always, except in the audit benchmark's baseline
   * (AUDIT_READS=off with BENCH_UNAUDITED_READS=1, never in production; see `auditReads`).
   */
  readonly reads: boolean;
}

export interface ServerConfig {
  /** NODE_ENV=production: Secure cookies, HSTS, no demo account. The server's one notion of production. */
  readonly production: boolean;
  /**
   * NODE_ENV=development (`npm run dev`): error answers carry stacks and internal messages. Never
   * otherwise — `npm start` (NODE_ENV unset) and production answer a failure with a plain message.
   */
  readonly exposeErrorDetails: boolean;
  readonly port: number;
  readonly host: string;
  /** Unset: an embedded PostgreSQL under `dataDir/pg` is started. The role the server serves as. */
  readonly databaseUrl: string | undefined;
  /** The tables' owner, for the migrations and the first seed (DATABASE_OWNER_URL); unset: DATABASE_URL. */
  readonly databaseOwnerUrl: string | undefined;
  /**
   * DATABASE_ALLOW_PRIVILEGED_ROLE=1: serve even as a superuser, a BYPASSRLS role or the tables'
   * owner (row-level security and the audit log's guards then bind nothing). Logged at every start.
   */
  readonly allowPrivilegedDatabaseRole: boolean;
  /** Pooled PostgreSQL connections per server process (DATABASE_POOL_MAX). */
  readonly databasePoolMax: number;
  /**
   * DATABASE_LISTEN_URL: where the one LISTEN connection of the read caches goes; unset: DATABASE_URL.
   * Behind PgBouncer in transaction mode it must reach PostgreSQL itself (or a session-mode pool):
   * a LISTEN through a transaction pool is accepted and then never hears a notice.
   */
  readonly databaseListenUrl: string | undefined;
  readonly dataDir: string;
  readonly embeddedPgPort: number;
  readonly seedDemo: boolean;
  /** With the demo: list the demo practice (booking on) and seed the generated directory (SEED_DEMO_DIRECTORY=0: not). */
  readonly seedDemoDirectory: boolean;
  readonly previewDomain: string | undefined;
  /** Extra origins accepted for mutations, besides the request's own host. */
  readonly allowedOrigins: readonly string[];
  /**
   * The proxies in front (TRUST_PROXY): how many hops, or which addresses. The client address is the
   * `X-Forwarded-For` entry that many hops from the right (never the leftmost, which any client can
   * write). Undefined: client addresses are the socket's.
   */
  readonly trustProxy: TrustProxy | undefined;
  readonly contactEmail: string;
  readonly logLevel: string;
  readonly webDistDir: string;
  readonly migrationsDir: string;
  readonly rateLimits: RateLimitConfig;
  readonly relay: RelayConfig;
  readonly directoryCache: DirectoryCacheConfig;
  readonly sessions: SessionConfig;
  readonly audit: AuditConfig;
}

type Env = Readonly<Record<string, string | undefined>>;

/** Express's `trust proxy`: a hop count, or the proxies' addresses, subnets or names (`loopback`). */
type TrustProxy = number | readonly string[];

function trustProxy(env: Env): TrustProxy | undefined {
  const raw = text(env, 'TRUST_PROXY');
  if (raw === undefined || raw === '0' || raw.toLowerCase() === 'false') return undefined;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (raw.toLowerCase() === 'true') {
    throw new Error('TRUST_PROXY=true would take the client address from the leftmost X-Forwarded-For, which any client writes: set the number of proxies in front (e.g. 1) or their addresses');
  }
  return raw.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
}

function integer(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

function text(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

const MINUTE_MS = 60_000;

/** A file path, relative ones from the repository root (like DATA_DIR). */
function optionalPath(env: Env, name: string): string | undefined {
  const raw = text(env, name);
  return raw === undefined ? undefined : path.resolve(repoRoot, raw);
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = text(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

function httpUrl(env: Env, name: string): string | undefined {
  const raw = text(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${raw}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`${name} must be an absolute http(s) URL, got "${raw}"`);
  return raw;
}

/**
 * Minutes of inactivity after which a session ends. No "off" value: the app holds clinical records
 * that must not stay open on a shared computer someone walked away from.
 */
/**
 * AUDIT_READS=off turns the audit entries of practice reads off — only so that `npm run bench -- audit`
 * can measure the same reads without them in the same run (docs/decisions/0039-per-practice-audit-chains.md).
 * It is not a setting: it is refused in production, refused unless BENCH_UNAUDITED_READS=1 says a
 * benchmark started this server, and the server logs it at error level at every start.
 */
function auditReads(env: Env, production: boolean): boolean {
  const raw = text(env, 'AUDIT_READS');
  if (raw === undefined || raw === 'on') return true;
  if (raw !== 'off') throw new Error(`AUDIT_READS must be on or off, got "${raw}"`);
  if (production) throw new Error('AUDIT_READS=off is refused with NODE_ENV=production: every read of a patient record is audited');
  if (env.BENCH_UNAUDITED_READS !== '1') {
    throw new Error('AUDIT_READS=off is only for the audit benchmark (npm run bench -- audit), which also sets BENCH_UNAUDITED_READS=1; refused otherwise');
  }
  return false;
}

function sessionIdleMinutes(env: Env): number {
  const minutes = integer(env, 'SESSION_IDLE_MINUTES', 30);
  if (minutes < 1) throw new Error(`SESSION_IDLE_MINUTES must be at least 1, got "${env.SESSION_IDLE_MINUTES ?? ''}"`);
  return minutes;
}

export function loadConfig(env: Env = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(repoRoot, text(env, 'DATA_DIR') ?? '.data');
  const port = integer(env, 'PORT', 3000);
  const contactEmail = text(env, 'CONTACT_EMAIL') ?? 'hello@wellspring.health';
  const baseDelayMs = integer(env, 'RELAY_BASE_DELAY_MS', 5_000);
  const webhookUrl = httpUrl(env, 'WEBHOOK_URL');
  const webhookSecret = text(env, 'WEBHOOK_SECRET');
  // The receiver must be able to tell our applications from forgeries: no unsigned webhook goes out.
  if (webhookUrl && !webhookSecret) throw new Error('WEBHOOK_SECRET must be set when WEBHOOK_URL is (every webhook is signed with it)');
  return {
    production,
    exposeErrorDetails: env.NODE_ENV === 'development',
    port,
    host: text(env, 'HOST') ?? '0.0.0.0',
    databaseUrl: text(env, 'DATABASE_URL'),
    databaseOwnerUrl: text(env, 'DATABASE_OWNER_URL'),
    allowPrivilegedDatabaseRole: flag(env, 'DATABASE_ALLOW_PRIVILEGED_ROLE', false),
    databasePoolMax: Math.max(1, integer(env, 'DATABASE_POOL_MAX', 20)),
    databaseListenUrl: text(env, 'DATABASE_LISTEN_URL'),
    dataDir,
    embeddedPgPort: integer(env, 'EMBEDDED_PG_PORT', 54329),
    seedDemo: !production && env.SEED_DEMO !== '0',
    seedDemoDirectory: env.SEED_DEMO_DIRECTORY !== '0',
    previewDomain: text(env, 'PREVIEW_DOMAIN'),
    allowedOrigins: (text(env, 'ALLOWED_ORIGINS') ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter((origin) => origin !== ''),
    trustProxy: trustProxy(env),
    contactEmail,
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
    webDistDir: path.resolve(repoRoot, text(env, 'WEB_DIST_DIR') ?? 'apps/web/dist'),
    migrationsDir: path.join(repoRoot, 'prisma', 'migrations'),
    rateLimits: {
      signInMax: integer(env, 'RATE_LIMIT_SIGN_IN_MAX', 10),
      signInPerAddressMax: integer(env, 'RATE_LIMIT_SIGN_IN_PER_ADDRESS_MAX', 20),
      signInWindowMs: integer(env, 'RATE_LIMIT_SIGN_IN_WINDOW_MIN', 15) * MINUTE_MS,
      signUpMax: integer(env, 'RATE_LIMIT_SIGN_UP_MAX', 5),
      signUpWindowMs: integer(env, 'RATE_LIMIT_SIGN_UP_WINDOW_MIN', 60) * MINUTE_MS,
      waitlistPerMinute: integer(env, 'RATE_LIMIT_WAITLIST_PER_MIN', 20),
      applicationsPerMinute: integer(env, 'RATE_LIMIT_APPLICATIONS_PER_MIN', 10),
      contactMax: integer(env, 'RATE_LIMIT_CONTACT_MAX', 5),
      contactWindowMs: Math.max(1, integer(env, 'RATE_LIMIT_CONTACT_WINDOW_MIN', 10)) * MINUTE_MS,
      bookingsPerAddressMax: integer(env, 'RATE_LIMIT_BOOKINGS_PER_ADDRESS_MAX', 10),
      bookingsPerEmailMax: integer(env, 'RATE_LIMIT_BOOKINGS_PER_EMAIL_MAX', 5),
      lookupsPerAddressMax: integer(env, 'RATE_LIMIT_LOOKUPS_PER_ADDRESS_MAX', 30),
      lookupsWindowMs: Math.max(1, integer(env, 'RATE_LIMIT_LOOKUPS_WINDOW_MIN', 10)) * MINUTE_MS,
      passwordResetPerAddressMax: integer(env, 'RATE_LIMIT_PASSWORD_RESET_PER_ADDRESS_MAX', 10),
      passwordResetPerEmailMax: integer(env, 'RATE_LIMIT_PASSWORD_RESET_PER_EMAIL_MAX', 3),
      verificationResendMax: integer(env, 'RATE_LIMIT_VERIFICATION_RESEND_MAX', 3),
      accountMailWindowMs: Math.max(1, integer(env, 'RATE_LIMIT_ACCOUNT_MAIL_WINDOW_MIN', 60)) * MINUTE_MS,
      secondFactorMax: integer(env, 'RATE_LIMIT_SECOND_FACTOR_MAX', 5),
    },
    relay: {
      enabled: flag(env, 'RELAY_ENABLED', true),
      webhookUrl,
      webhookSecret,
      receiverEmail: text(env, 'RECEIVER_EMAIL') ?? contactEmail,
      smtpUrl: text(env, 'SMTP_URL'),
      mailFrom: text(env, 'MAIL_FROM') ?? `Wellspring <${contactEmail}>`,
      mailDir: path.join(dataDir, 'mail'),
      publicUrl: (httpUrl(env, 'PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, ''),
      maxAttempts: Math.max(1, integer(env, 'RELAY_MAX_ATTEMPTS', 8)),
      baseDelayMs,
      maxDelayMs: Math.max(baseDelayMs, integer(env, 'RELAY_MAX_DELAY_MS', 60 * MINUTE_MS)),
      pollMs: Math.max(10, integer(env, 'RELAY_POLL_MS', 1_000)),
      timeoutMs: Math.max(1, integer(env, 'RELAY_TIMEOUT_MS', 10_000)),
      leaseMarginMs: Math.max(100, integer(env, 'RELAY_LEASE_MARGIN_MS', 5_000)),
      batchSize: Math.max(1, integer(env, 'RELAY_BATCH_SIZE', 10)),
    },
    directoryCache: {
      maxEntries: integer(env, 'DIRECTORY_CACHE_MAX_ENTRIES', 5_000),
      ttlMs: Math.max(1, integer(env, 'DIRECTORY_CACHE_TTL_MS', 5 * MINUTE_MS)),
    },
    sessions: { idleTimeoutMs: sessionIdleMinutes(env) * MINUTE_MS },
    audit: {
      hmacKey: text(env, 'AUDIT_HMAC_KEY'),
      hmacKeyFile: optionalPath(env, 'AUDIT_HMAC_KEY_FILE'),
      defaultKeyFile: path.join(dataDir, 'audit-hmac.key'),
      anchorFile: optionalPath(env, 'AUDIT_ANCHOR_FILE') ?? path.join(dataDir, 'audit-anchors.jsonl'),
      anchorIntervalMs: Math.max(1, integer(env, 'AUDIT_ANCHOR_INTERVAL_MIN', 10)) * MINUTE_MS,
      sealIntervalMs: Math.max(10, integer(env, 'AUDIT_SEAL_INTERVAL_MS', 1_000)),
      reads: auditReads(env, production),
    },
  };
}
