/**
 * Secrets the server must read back (a 2-step TOTP secret) sealed at rest: AES-256-GCM under a key
 * derived from the audit key (HKDF, its own label), so a copy of the database alone cannot produce
 * codes (docs/decisions/0035-account-security.md). A sealed value is `v1.<iv>.<tag>.<ciphertext>`,
 * base64url, bound to its account id (the additional data): moved to another row it does not open.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface SecretBox {
  seal(plain: string, boundTo: string): string;
  /** The plain text, or null when `sealed` is not one of this key's seals for `boundTo`. */
  open(sealed: string, boundTo: string): string | null;
}

export function secretKeyFromAuditKey(auditKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', auditKey, Buffer.alloc(0), 'wellspring account secrets v1', 32));
}

export function createSecretBox(key: Buffer): SecretBox {
  return {
    seal(plain, boundTo) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(boundTo));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed, boundTo) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(Buffer.from(boundTo));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/** A box under a key made for this process: tests and tools that start an app without the server's key. */
let processBox: SecretBox | null = null;
export function processSecretBox(): SecretBox {
  processBox ??= createSecretBox(randomBytes(32));
  return processBox;
}
