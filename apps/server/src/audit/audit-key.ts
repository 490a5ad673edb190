/**
 * The audit log's HMAC key (docs/decisions/0030-audit-hmac-seal.md): AUDIT_HMAC_KEY (hex or base64,
 * at least 32 bytes), or the file AUDIT_HMAC_KEY_FILE names, or — off production only — the file
 * `DATA_DIR/audit-hmac.key`, which the server creates (mode 600) on its first start. The key never
 * enters the database: whoever can rewrite the tables cannot make seals.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AuditConfig } from '../config.ts';

const MIN_AUDIT_KEY_BYTES = 32;

export interface AuditKey {
  readonly key: Buffer;
  /** Where it came from, for logs and reports (never the key itself). */
  readonly source: string;
}

export class AuditKeyError extends Error {}

/** A key's text: hex (an even number of hex digits) or base64 / base64url, at least 32 bytes decoded. */
export function parseAuditKey(text: string, source: string): Buffer {
  const trimmed = text.trim();
  let key: Buffer | null = null;
  if (/^(?:[0-9a-fA-F]{2})+$/.test(trimmed)) key = Buffer.from(trimmed, 'hex');
  else if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) key = Buffer.from(trimmed, 'base64');
  if (key === null) throw new AuditKeyError(`${source} must be hex or base64`);
  if (key.length < MIN_AUDIT_KEY_BYTES) {
    throw new AuditKeyError(`${source} must hold at least ${MIN_AUDIT_KEY_BYTES} bytes (e.g. \`openssl rand -hex 32\`), got ${key.length}`);
  }
  return key;
}

async function readKeyFile(file: string, source: string): Promise<Buffer> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new AuditKeyError(`${source}: cannot read ${file} (${code ?? String(error)})`);
  }
  return parseAuditKey(text, `${source} (${file})`);
}

export interface LoadAuditKeyOptions {
  /**
   * The server: create `DATA_DIR/audit-hmac.key` when no key is configured and the file is missing
   * (refused in production). `audit:verify` only reads it.
   */
  readonly create: boolean;
  readonly production: boolean;
}

/**
 * The configured key. Throws an AuditKeyError when it is unusable, when production has none
 * configured, or when none exists and `create` is off.
 */
export async function loadAuditKey(config: AuditConfig, options: LoadAuditKeyOptions): Promise<AuditKey> {
  if (config.hmacKey !== undefined) return { key: parseAuditKey(config.hmacKey, 'AUDIT_HMAC_KEY'), source: 'AUDIT_HMAC_KEY' };
  if (config.hmacKeyFile !== undefined) return { key: await readKeyFile(config.hmacKeyFile, 'AUDIT_HMAC_KEY_FILE'), source: config.hmacKeyFile };
  if (options.production) {
    throw new AuditKeyError(
      'NODE_ENV=production needs the audit HMAC key: set AUDIT_HMAC_KEY (e.g. `openssl rand -hex 32`) or AUDIT_HMAC_KEY_FILE, kept outside the database and its backups',
    );
  }
  const file = config.defaultKeyFile;
  try {
    return { key: await readKeyFile(file, 'the audit key file'), source: file };
  } catch (error) {
    const missing = error instanceof AuditKeyError && /\(ENOENT\)$/.test(error.message);
    if (!missing) throw error;
    if (!options.create) {
      throw new AuditKeyError(`no audit HMAC key: AUDIT_HMAC_KEY and AUDIT_HMAC_KEY_FILE are unset and ${file} does not exist (the server creates it on its first start)`);
    }
  }
  await fs.mkdir(path.dirname(file), { recursive: true });
  const key = randomBytes(MIN_AUDIT_KEY_BYTES);
  try {
    // 'wx': never replace a key another process created meanwhile; mode 600: the owner alone reads it.
    await fs.writeFile(file, `${key.toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { key: await readKeyFile(file, 'the audit key file'), source: file };
  }
  return { key, source: file };
}
