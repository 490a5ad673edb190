import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, repoRoot } from '../src/config.ts';

describe('relay settings', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({}).relay).toEqual({
      enabled: true,
      webhookUrl: undefined,
      webhookSecret: undefined,
      receiverEmail: 'hello@wellspring.health',
      smtpUrl: undefined,
      mailFrom: 'Wellspring <hello@wellspring.health>',
      mailDir: path.join(repoRoot, '.data', 'mail'),
      publicUrl: 'http://localhost:3000',
      maxAttempts: 8,
      baseDelayMs: 5_000,
      maxDelayMs: 3_600_000,
      pollMs: 1_000,
      timeoutMs: 10_000,
      leaseMarginMs: 5_000,
      batchSize: 10,
    });
    expect(loadConfig({}).rateLimits.applicationsPerMinute).toBe(10);
  });

  it('reads every variable', () => {
    const relay = loadConfig({
      PORT: '4000',
      DATA_DIR: '/srv/wellspring',
      RELAY_ENABLED: 'false',
      WEBHOOK_URL: 'https://hooks.example.test/apply',
      WEBHOOK_SECRET: 's3cret',
      RECEIVER_EMAIL: 'team@wellspring.test',
      SMTP_URL: 'smtp://user:pass@mail.example.test:587',
      MAIL_FROM: 'Wellspring <no-reply@wellspring.test>',
      PUBLIC_URL: 'https://wellspring.test/',
      RELAY_MAX_ATTEMPTS: '3',
      RELAY_BASE_DELAY_MS: '100',
      RELAY_MAX_DELAY_MS: '1000',
      RELAY_POLL_MS: '250',
      RELAY_TIMEOUT_MS: '2000',
      RELAY_LEASE_MARGIN_MS: '500',
      RELAY_BATCH_SIZE: '5',
    }).relay;
    expect(relay).toEqual({
      enabled: false,
      webhookUrl: 'https://hooks.example.test/apply',
      webhookSecret: 's3cret',
      receiverEmail: 'team@wellspring.test',
      smtpUrl: 'smtp://user:pass@mail.example.test:587',
      mailFrom: 'Wellspring <no-reply@wellspring.test>',
      mailDir: '/srv/wellspring/mail',
      publicUrl: 'https://wellspring.test',
      maxAttempts: 3,
      baseDelayMs: 100,
      maxDelayMs: 1000,
      pollMs: 250,
      timeoutMs: 2000,
      leaseMarginMs: 500,
      batchSize: 5,
    });
    expect(loadConfig({ PORT: '4321' }).relay.publicUrl).toBe('http://localhost:4321');
  });

  it('refuses a WEBHOOK_URL without a WEBHOOK_SECRET: no webhook goes out unsigned', () => {
    expect(() => loadConfig({ WEBHOOK_URL: 'https://hooks.example.test/apply' })).toThrow('WEBHOOK_SECRET must be set when WEBHOOK_URL is (every webhook is signed with it)');
    expect(() => loadConfig({ WEBHOOK_URL: 'https://hooks.example.test/apply', WEBHOOK_SECRET: '  ' })).toThrow(/WEBHOOK_SECRET/);
    expect(loadConfig({ WEBHOOK_SECRET: 's3cret' }).relay.webhookUrl).toBeUndefined();
  });

  it('refuses a WEBHOOK_URL or PUBLIC_URL that is not an http(s) URL, and a bad RELAY_ENABLED', () => {
    expect(() => loadConfig({ WEBHOOK_URL: 'hooks.example.test', WEBHOOK_SECRET: 's3cret' })).toThrow(/WEBHOOK_URL/);
    expect(() => loadConfig({ WEBHOOK_URL: 'ftp://hooks.example.test', WEBHOOK_SECRET: 's3cret' })).toThrow(/WEBHOOK_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'wellspring' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ RELAY_ENABLED: 'maybe' })).toThrow(/RELAY_ENABLED/);
  });
});
