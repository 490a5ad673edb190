import { describe, expect, it } from 'vitest';
import { isHeaderScrolled, isProductionHost } from './site.ts';

describe('host policy', () => {
  it('treats localhost and the preview domain as non-production', () => {
    for (const host of ['localhost', 'LOCALHOST:5173', '127.0.0.1', '[::1]', 'app.localhost', 'pr-12.preview.example.dev']) {
      expect(isProductionHost(host, 'preview.example.dev')).toBe(false);
    }
    expect(isProductionHost('wellspring.health', 'preview.example.dev')).toBe(true);
    expect(isProductionHost('pr-12.preview.example.dev', undefined)).toBe(true);
    expect(isProductionHost('wellspring.health', '')).toBe(true);
  });

  it('marks the header scrolled after more than 20 px', () => {
    expect(isHeaderScrolled(20)).toBe(false);
    expect(isHeaderScrolled(21)).toBe(true);
  });
});
