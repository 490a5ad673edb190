/**
 * 2-step verification codes (RFC 6238 TOTP: SHA-1, 6 digits, 30-second steps — what every
 * authenticator app reads from an `otpauth://` URI), through the `otpauth` library (record 0035).
 * A code is checked against its own step and the one before and after (clock drift); the step it
 * matched is returned so that the account can refuse any code of that step or an earlier one again.
 */
import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_SECONDS = 30;
const ISSUER = 'Wellspring';

const totpOf = (secret: string, label = 'account') =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

/** A new secret: 160 random bits, base32 (what the set-up screen shows to type in). */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The `otpauth://` URI the set-up screen's QR code carries. */
export const totpUri = (secret: string, email: string): string => totpOf(secret, email).toString();

/** The step `code` belongs to (within one step of `now`), or null when it is not a code of `secret` now. */
export function totpStepOf(secret: string, code: string, now: Date): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The code of `secret` at `now` (tests and tools compute the code an app would show). */
export const totpCodeAt = (secret: string, now: Date): string => totpOf(secret).generate({ timestamp: now.getTime() });
