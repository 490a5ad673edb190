import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateSessionToken, sessionIdFromToken } from '../src/auth/session.ts';

describe('session tokens', () => {
  it('are 20 random bytes in lower-case base32 without padding', () => {
    const tokens = new Set(Array.from({ length: 200 }, generateSessionToken));
    expect(tokens.size).toBe(200);
    for (const token of tokens) expect(token).toMatch(/^[a-z2-7]{32}$/);
  });

  it('are stored as their SHA-256 in hex', () => {
    const token = generateSessionToken();
    expect(sessionIdFromToken(token)).toBe(createHash('sha256').update(token).digest('hex'));
  });
});
