import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, repoRoot } from '../src/config.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      production: false,
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: path.join(repoRoot, '.data'),
      embeddedPgPort: 54329,
      seedDemo: true,
      seedDemoDirectory: true,
      previewDomain: undefined,
      allowedOrigins: [],
      trustProxy: undefined,
      contactEmail: 'hello@wellspring.health',
      webDistDir: path.join(repoRoot, 'apps/web/dist'),
      audit: {
        hmacKey: undefined,
        hmacKeyFile: undefined,
        defaultKeyFile: path.join(repoRoot, '.data', 'audit-hmac.key'),
        anchorFile: path.join(repoRoot, '.data', 'audit-anchors.jsonl'),
        anchorIntervalMs: 10 * 60_000,
        sealIntervalMs: 1_000,
        reads: true,
      },
    });
  });

  it('reads the audit seal settings; key and anchor files live under DATA_DIR unless set', () => {
    expect(loadConfig({ DATA_DIR: '/srv/ws', AUDIT_HMAC_KEY_FILE: '/run/secrets/audit-key', AUDIT_ANCHOR_INTERVAL_MIN: '0' }).audit).toEqual({
      hmacKey: undefined,
      hmacKeyFile: '/run/secrets/audit-key',
      defaultKeyFile: '/srv/ws/audit-hmac.key',
      anchorFile: '/srv/ws/audit-anchors.jsonl',
      anchorIntervalMs: 60_000,
      sealIntervalMs: 1_000,
      reads: true,
    });
    expect(loadConfig({ AUDIT_ANCHOR_FILE: '/var/log/ws/anchors.jsonl', AUDIT_SEAL_INTERVAL_MS: '250' }).audit).toMatchObject({
      anchorFile: '/var/log/ws/anchors.jsonl',
      sealIntervalMs: 250,
    });
  });

  it('audits every read unless a benchmark turns it off for its baseline — refused without the bench flag, and in production', () => {
    expect(loadConfig({ AUDIT_READS: 'on' }).audit.reads).toBe(true);
    expect(() => loadConfig({ AUDIT_READS: 'off' })).toThrow('AUDIT_READS=off is only for the audit benchmark');
    expect(() => loadConfig({ AUDIT_READS: 'no' })).toThrow('AUDIT_READS must be on or off');
    expect(() => loadConfig({ AUDIT_READS: 'off', BENCH_UNAUDITED_READS: '1', NODE_ENV: 'production', AUDIT_HMAC_KEY: 'ab'.repeat(32) })).toThrow('refused with NODE_ENV=production');
    expect(loadConfig({ AUDIT_READS: 'off', BENCH_UNAUDITED_READS: '1' }).audit.reads).toBe(false);
  });

  it('never seeds demo data in production, and not with SEED_DEMO=0', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('keeps the directory to the spec\'s samples with SEED_DEMO_DIRECTORY=0 (the browser tests\' server)', () => {
    expect(loadConfig({ SEED_DEMO_DIRECTORY: '0' })).toMatchObject({ seedDemo: true, seedDemoDirectory: false });
  });

  it('reads rate limits and allowed origins', () => {
    const config = loadConfig({ RATE_LIMIT_WAITLIST_PER_MIN: '5000', RATE_LIMIT_SIGN_IN_MAX: '3', ALLOWED_ORIGINS: 'https://a.test/, https://b.test' });
    expect(config.rateLimits.waitlistPerMinute).toBe(5000);
    expect(config.rateLimits.signInMax).toBe(3);
    expect(config.rateLimits.signInWindowMs).toBe(15 * 60_000);
    expect(config.allowedOrigins).toEqual(['https://a.test', 'https://b.test']);
  });

  it('sizes the database pool from DATABASE_POOL_MAX (default 20, at least 1), and sends LISTEN to DATABASE_LISTEN_URL when set', () => {
    expect(loadConfig({}).databasePoolMax).toBe(20);
    expect(loadConfig({ DATABASE_POOL_MAX: '8' }).databasePoolMax).toBe(8);
    expect(loadConfig({ DATABASE_POOL_MAX: '0' }).databasePoolMax).toBe(1);
    expect(loadConfig({}).databaseListenUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_LISTEN_URL: 'postgresql://app@db:5432/wellspring' }).databaseListenUrl).toBe('postgresql://app@db:5432/wellspring');
  });

  it('reads NODE_ENV once: production hardens, development alone shows error internals', () => {
    expect(loadConfig({})).toMatchObject({ production: false, exposeErrorDetails: false });
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ production: true, exposeErrorDetails: false });
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({ production: false, exposeErrorDetails: true });
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ production: false, exposeErrorDetails: false });
  });

  it('limits sign-in per account and per address, 10 and 20 in 15 minutes by default', () => {
    expect(loadConfig({}).rateLimits).toMatchObject({ signInMax: 10, signInPerAddressMax: 20, signInWindowMs: 15 * 60_000 });
    expect(loadConfig({ RATE_LIMIT_SIGN_IN_PER_ADDRESS_MAX: '7' }).rateLimits.signInPerAddressMax).toBe(7);
  });

  it('reads TRUST_PROXY as a hop count or the proxies\' addresses, and refuses "true"', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual(['loopback', '10.0.0.0/8']);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBeUndefined();
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/leftmost X-Forwarded-For/);
  });

  it('refuses a malformed number instead of guessing', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
