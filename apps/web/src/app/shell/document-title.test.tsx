import { describe, expect, it } from 'vitest';
import { titleForPage } from './document-title.tsx';

describe('titleForPage', () => {
  it('names each public page as the server does', () => {
    expect(titleForPage('/about', '')).toBe('About Wellspring — Care that sees the whole person');
    expect(titleForPage('/privacy', '')).toBe('Privacy Policy — Wellspring');
    expect(titleForPage('/login', '')).toBe('Sign in — Wellspring');
    expect(titleForPage('/dashboard', '')).toBe('Wellspring');
  });

  it('names a search by its filters, ignoring specialties the directory does not know', () => {
    expect(titleForPage('/search', '')).toBe('Find a practitioner — Wellspring');
    expect(titleForPage('/search', '?query=sleep&location=Portland%2C+OR&specialties=acupuncture,astrology')).toBe(
      'Acupuncture practitioners matching “sleep” near Portland, OR — Wellspring',
    );
  });

  it('calls an unknown path not found and leaves a profile to name itself', () => {
    expect(titleForPage('/no/such/page', '')).toBe('Page not found — Wellspring');
    expect(titleForPage('/practitioners/1', '')).toBeNull();
  });
});
