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
      previewDomain: undefined,
      allowedOrigins: [],
      trustProxy: undefined,
      contactEmail: 'hello@wellspring.health',
      webDistDir: path.join(repoRoot, 'apps/web/dist'),
    });
  });

  it('never seeds demo data in production, and not with SEED_DEMO=0', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('reads rate limits and allowed origins', () => {
    const config = loadConfig({ RATE_LIMIT_WAITLIST_PER_MIN: '5000', RATE_LIMIT_SIGN_IN_MAX: '3', ALLOWED_ORIGINS: 'https://a.test/, https://b.test' });
    expect(config.rateLimits.waitlistPerMinute).toBe(5000);
    expect(config.rateLimits.signInMax).toBe(3);
    expect(config.rateLimits.signInWindowMs).toBe(15 * 60_000);
    expect(config.allowedOrigins).toEqual(['https://a.test', 'https://b.test']);
  });

  it('sizes the database pool from DATABASE_POOL_MAX (default 20, at least 1)', () => {
    expect(loadConfig({}).databasePoolMax).toBe(20);
    expect(loadConfig({ DATABASE_POOL_MAX: '8' }).databasePoolMax).toBe(8);
    expect(loadConfig({ DATABASE_POOL_MAX: '0' }).databasePoolMax).toBe(1);
  });

  it('refuses a malformed number instead of guessing', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
