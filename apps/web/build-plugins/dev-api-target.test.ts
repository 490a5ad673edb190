import { describe, expect, it } from 'vitest';
import { devApiTarget } from './dev-api-target.ts';

describe('the dev proxy target', () => {
  it('is the API server npm run dev starts: localhost on PORT, 3000 without one', () => {
    expect(devApiTarget({})).toBe('http://localhost:3000');
    expect(devApiTarget({ PORT: '4100' })).toBe('http://localhost:4100');
    expect(devApiTarget({ PORT: '' })).toBe('http://localhost:3000');
  });

  it('is WELLSPRING_API_URL when set, whatever PORT says', () => {
    expect(devApiTarget({ PORT: '4100', WELLSPRING_API_URL: 'http://127.0.0.1:9000' })).toBe('http://127.0.0.1:9000');
  });
});
