import { describe, expect, it } from 'vitest';
import { isProductionHostHeader as isProductionHost } from '../src/http/host-policy.ts';
import { escapeHtmlAttribute, renderIndexHtml } from '../src/http/static.ts';
import { isAllowedOrigin } from '../src/http/origin-check.ts';

describe('isProductionHost', () => {
  it.each(['localhost', 'localhost:3000', '127.0.0.1', '127.0.0.1:8080', '[::1]', '[::1]:3000', 'LOCALHOST:3000'])('%s is local', (host) => {
    expect(isProductionHost(host, undefined)).toBe(false);
  });

  it.each(['wellspring.health', 'www.wellspring.health:443', 'localhost.evil.com', '10.0.0.5:3000', '[2001:db8::1]:80'])('%s is production', (host) => {
    expect(isProductionHost(host, undefined)).toBe(true);
  });

  it('treats hostnames containing PREVIEW_DOMAIN as preview hosts', () => {
    expect(isProductionHost('pr-42.preview.example.dev', 'preview.example.dev')).toBe(false);
    expect(isProductionHost('PR-42.Preview.Example.dev:8443', 'preview.example.dev')).toBe(false);
    expect(isProductionHost('wellspring.health', 'preview.example.dev')).toBe(true);
  });

  it('has no preview domain when PREVIEW_DOMAIN is unset or empty', () => {
    expect(isProductionHost('pr-42.preview.example.dev', undefined)).toBe(true);
    expect(isProductionHost('pr-42.preview.example.dev', '')).toBe(true);
  });

  it('treats a missing Host as production', () => {
    expect(isProductionHost(undefined, undefined)).toBe(true);
  });

  it('treats an empty Host as production, and ignores the port', () => {
    expect(isProductionHost('', undefined)).toBe(true);
    expect(isProductionHost('Example.COM:80', 'example.com')).toBe(false);
  });
});

describe('isAllowedOrigin', () => {
  it('accepts the request host and listed origins only', () => {
    expect(isAllowedOrigin('http://localhost:3000', 'localhost:3000', [])).toBe(true);
    expect(isAllowedOrigin('http://localhost:3001', 'localhost:3000', [])).toBe(false);
    expect(isAllowedOrigin('https://evil.example', 'localhost:3000', [])).toBe(false);
    expect(isAllowedOrigin('https://app.example', 'localhost:3000', ['https://app.example'])).toBe(true);
    expect(isAllowedOrigin(undefined, 'localhost:3000', [])).toBe(false);
    expect(isAllowedOrigin('null', 'localhost:3000', [])).toBe(false);
  });
});

describe('index.html config', () => {
  it('replaces the placeholder with attribute-escaped JSON', () => {
    const html = renderIndexHtml('<meta name="wellspring-config" content="__WELLSPRING_CONFIG__">', {
      contactEmail: 'a"b<c>@example.com',
      productionHost: true,
      sessionIdleMinutes: 30,
      sessionCookie: false,
    });
    expect(html).toBe(
      '<meta name="wellspring-config" content="{&quot;contactEmail&quot;:&quot;a\\&quot;b&lt;c&gt;@example.com&quot;,&quot;productionHost&quot;:true,&quot;sessionIdleMinutes&quot;:30,&quot;sessionCookie&quot;:false}">',
    );
    expect(escapeHtmlAttribute(`'&`)).toBe('&#39;&amp;');
  });
});
