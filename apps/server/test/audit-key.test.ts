/** The audit HMAC key's sources (src/audit/audit-key.ts, docs/decisions/0030-audit-hmac-seal.md). */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuditKeyError, loadAuditKey, parseAuditKey } from '../src/audit/audit-key.ts';
import { loadConfig } from '../src/config.ts';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wellspring-audit-key-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('parseAuditKey', () => {
  it('reads hex and base64 of at least 32 bytes', () => {
    const key = randomBytes(32);
    expect(parseAuditKey(key.toString('hex'), 'K')).toEqual(key);
    expect(parseAuditKey(` ${key.toString('base64')}\n`, 'K')).toEqual(key);
    expect(parseAuditKey(key.toString('base64url'), 'K')).toEqual(key);
  });

  it('refuses a short key and text that is neither', () => {
    expect(() => parseAuditKey(randomBytes(31).toString('hex'), 'AUDIT_HMAC_KEY')).toThrow('AUDIT_HMAC_KEY must hold at least 32 bytes');
    expect(() => parseAuditKey('not a key!', 'AUDIT_HMAC_KEY')).toThrow('AUDIT_HMAC_KEY must be hex or base64');
    expect(() => parseAuditKey('', 'AUDIT_HMAC_KEY')).toThrow(AuditKeyError);
  });
});

describe('loadAuditKey', () => {
  it('takes AUDIT_HMAC_KEY first, then AUDIT_HMAC_KEY_FILE', async () => {
    const key = randomBytes(32);
    const file = path.join(dir, 'key');
    await fs.writeFile(file, `${randomBytes(48).toString('base64')}\n`);
    const both = loadConfig({ DATA_DIR: dir, AUDIT_HMAC_KEY: key.toString('hex'), AUDIT_HMAC_KEY_FILE: file });
    expect(await loadAuditKey(both.audit, { create: true, production: true })).toEqual({ key, source: 'AUDIT_HMAC_KEY' });
    const fromFile = await loadAuditKey(loadConfig({ DATA_DIR: dir, AUDIT_HMAC_KEY_FILE: file }).audit, { create: false, production: true });
    expect(fromFile.source).toBe(file);
    expect(fromFile.key).toHaveLength(48);
    await expect(loadAuditKey(loadConfig({ AUDIT_HMAC_KEY_FILE: path.join(dir, 'missing') }).audit, { create: true, production: false })).rejects.toThrow(/cannot read .*missing \(ENOENT\)/);
  });

  it('in production, refuses to go without a configured key', async () => {
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dir });
    await expect(loadAuditKey(config.audit, { create: true, production: config.production })).rejects.toThrow('NODE_ENV=production needs the audit HMAC key');
    await expect(fs.readdir(dir)).resolves.toEqual([]);
  });

  it('elsewhere, creates DATA_DIR/audit-hmac.key (mode 600) on first use and reads it afterwards; audit:verify only reads it', async () => {
    const config = loadConfig({ DATA_DIR: dir });
    await expect(loadAuditKey(config.audit, { create: false, production: false })).rejects.toThrow(/no audit HMAC key/);
    const created = await loadAuditKey(config.audit, { create: true, production: false });
    const file = path.join(dir, 'audit-hmac.key');
    expect(created.source).toBe(file);
    expect(created.key).toHaveLength(32);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect(await loadAuditKey(config.audit, { create: true, production: false })).toEqual(created);
    expect(await loadAuditKey(config.audit, { create: false, production: false })).toEqual(created);
  });
});
