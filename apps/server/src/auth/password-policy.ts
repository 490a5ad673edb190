/**
 * The server's half of the sign-up password rules: a password on a list of common and breached
 * passwords is refused. The other rules (length, spaces, one character repeated, the e-mail, the
 * name) need no list and live in the domain's `signUpSchema`, so the form shows them before sending.
 *
 * The list is `passwords-common` of `@zxcvbn-ts/language-common`, shipped in the npm package and
 * read offline: 49,233 passwords, lower case, each seen more than ten times in a public dump of ten
 * million leaked passwords (docs/decisions/0012-password-list.md). It is read on the first check,
 * not at start (25–30 ms once; 2.6 MB of heap), and kept in a Set.
 */
import { comparablePassword } from '@wellspring/domain';

let commonPasswords: Promise<ReadonlySet<string>> | undefined;

async function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  const { dictionary } = await import('@zxcvbn-ts/language-common');
  return new Set(dictionary['passwords-common'].map(comparablePassword));
}

/** The list, read once on first use. */
export function commonPasswordList(): Promise<ReadonlySet<string>> {
  commonPasswords ??= loadCommonPasswords();
  return commonPasswords;
}

/** Whether a password is on the list, in any letter case and with or without spaces ("Pass Word1" is "password1"). */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswordList()).has(comparablePassword(password));
}
