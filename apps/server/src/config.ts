import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, whatever the working directory the server was started from. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface RateLimitConfig {
  /** Sign-in attempts per IP and email within `signInWindowMs`. */
  readonly signInMax: number;
  readonly signInWindowMs: number;
  /** Sign-ups per IP within `signUpWindowMs`. */
  readonly signUpMax: number;
  readonly signUpWindowMs: number;
  /** Waitlist joins and invites per IP per minute. */
  readonly waitlistPerMinute: number;
}

export interface ServerConfig {
  readonly production: boolean;
  readonly port: number;
  readonly host: string;
  /** Unset: an embedded PostgreSQL under `dataDir/pg` is started. */
  readonly databaseUrl: string | undefined;
  /** Pooled PostgreSQL connections per server process (DATABASE_POOL_MAX). */
  readonly databasePoolMax: number;
  readonly dataDir: string;
  readonly embeddedPgPort: number;
  readonly seedDemo: boolean;
  readonly previewDomain: string | undefined;
  /** Extra origins accepted for mutations, besides the request's own host. */
  readonly allowedOrigins: readonly string[];
  /** Express `trust proxy` value; undefined means client IPs are taken from the socket. */
  readonly trustProxy: string | undefined;
  readonly contactEmail: string;
  readonly logLevel: string;
  readonly webDistDir: string;
  readonly migrationsDir: string;
  readonly rateLimits: RateLimitConfig;
}

type Env = Readonly<Record<string, string | undefined>>;

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

export function loadConfig(env: Env = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(repoRoot, text(env, 'DATA_DIR') ?? '.data');
  return {
    production,
    port: integer(env, 'PORT', 3000),
    host: text(env, 'HOST') ?? '0.0.0.0',
    databaseUrl: text(env, 'DATABASE_URL'),
    databasePoolMax: Math.max(1, integer(env, 'DATABASE_POOL_MAX', 20)),
    dataDir,
    embeddedPgPort: integer(env, 'EMBEDDED_PG_PORT', 54329),
    seedDemo: !production && env.SEED_DEMO !== '0',
    previewDomain: text(env, 'PREVIEW_DOMAIN'),
    allowedOrigins: (text(env, 'ALLOWED_ORIGINS') ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter((origin) => origin !== ''),
    trustProxy: text(env, 'TRUST_PROXY'),
    contactEmail: text(env, 'CONTACT_EMAIL') ?? 'hello@wellspring.health',
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
    webDistDir: path.resolve(repoRoot, text(env, 'WEB_DIST_DIR') ?? 'apps/web/dist'),
    migrationsDir: path.join(repoRoot, 'prisma', 'migrations'),
    rateLimits: {
      signInMax: integer(env, 'RATE_LIMIT_SIGN_IN_MAX', 10),
      signInWindowMs: integer(env, 'RATE_LIMIT_SIGN_IN_WINDOW_MIN', 15) * MINUTE_MS,
      signUpMax: integer(env, 'RATE_LIMIT_SIGN_UP_MAX', 5),
      signUpWindowMs: integer(env, 'RATE_LIMIT_SIGN_UP_WINDOW_MIN', 60) * MINUTE_MS,
      waitlistPerMinute: integer(env, 'RATE_LIMIT_WAITLIST_PER_MIN', 20),
    },
  };
}
