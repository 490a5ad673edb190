import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTACT_EMAIL, DEFAULT_SESSION_IDLE_MINUTES, isProductionHostname, readSiteConfig } from './site-config.ts';

function documentWithConfig(content: string | null): Document {
  const doc = document.implementation.createHTMLDocument('test');
  if (content !== null) {
    const meta = doc.createElement('meta');
    meta.name = 'wellspring-config';
    meta.content = content;
    doc.head.append(meta);
  }
  return doc;
}

describe('site config', () => {
  it('uses the server’s JSON when it replaced the placeholder', () => {
    const doc = documentWithConfig(JSON.stringify({ contactEmail: 'care@example.org', productionHost: true, sessionIdleMinutes: 15, sessionCookie: false }));
    expect(readSiteConfig(doc, 'localhost')).toEqual({ contactEmail: 'care@example.org', productionHost: true, sessionIdleMinutes: 15, sessionCookie: false });
  });

  it('under vite dev (placeholder left) derives the host kind from the hostname', () => {
    const doc = documentWithConfig('__WELLSPRING_CONFIG__');
    expect(readSiteConfig(doc, 'localhost')).toEqual({ contactEmail: DEFAULT_CONTACT_EMAIL, productionHost: false, sessionIdleMinutes: DEFAULT_SESSION_IDLE_MINUTES, sessionCookie: true });
    expect(readSiteConfig(doc, 'wellspring.health')).toEqual({ contactEmail: DEFAULT_CONTACT_EMAIL, productionHost: true, sessionIdleMinutes: DEFAULT_SESSION_IDLE_MINUTES, sessionCookie: true });
  });

  it('falls back to defaults for a missing tag or malformed JSON', () => {
    expect(readSiteConfig(documentWithConfig(null), '127.0.0.1').productionHost).toBe(false);
    expect(readSiteConfig(documentWithConfig('{oops'), '127.0.0.1').contactEmail).toBe(DEFAULT_CONTACT_EMAIL);
    expect(readSiteConfig(documentWithConfig('{"sessionIdleMinutes":-5}'), '127.0.0.1').sessionIdleMinutes).toBe(DEFAULT_SESSION_IDLE_MINUTES);
  });

  it('treats localhost, 127.0.0.1 and [::1] as non-production', () => {
    for (const host of ['localhost', '127.0.0.1', '[::1]']) expect(isProductionHostname(host)).toBe(false);
    expect(isProductionHostname('wellspring.health')).toBe(true);
  });
});
