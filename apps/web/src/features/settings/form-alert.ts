import { apiFieldErrors } from '../../lib/api-errors.ts';
import { failureMessage, needsReauthentication } from './settings-texts.ts';

/**
 * What a form's alert says after a failed submit: nothing when the server named fields (each
 * message is under its field) or asked for the password again (the dialog asks); otherwise why.
 */
export function formAlertOf(mutation: { readonly isError: boolean; readonly error: unknown }): string | null {
  if (!mutation.isError) return null;
  if (Object.keys(apiFieldErrors(mutation.error)).length > 0 || needsReauthentication(mutation.error)) return null;
  return failureMessage(mutation.error);
}
