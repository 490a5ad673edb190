/**
 * 2-step recovery codes: 10 codes of 10 base32 characters (50 random bits each), shown once as
 * `xxxxx-xxxxx` and stored only as their SHA-256; each works once.
 */
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { RECOVERY_CODE_COUNT } from '@wellspring/domain';
import { createHash, randomBytes } from 'node:crypto';

/** The hash a recovery code (normalised: no dash, lower case) is stored and looked up by. */
export const recoveryCodeHash = (code: string): Buffer => createHash('sha256').update(code).digest();

/** New codes, as shown (`abcde-fghij`); their hashes are what is stored. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const code = encodeBase32LowerCaseNoPadding(randomBytes(7)).slice(0, 10);
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

export const normalisedRecoveryCode = (shown: string): string => shown.replace(/[\s-]/g, '').toLowerCase();
