import type { ReactNode } from 'react';
import * as styles from './booking-settings.css.ts';

/**
 * A field's wrapper, named by its path in the settings: a refused save moves focus into the first
 * one with a message (use-booking-settings-form).
 */
export function Place({ path, className, children }: { readonly path: string; readonly className?: string; readonly children: ReactNode }) {
  return (
    <div data-field={path} className={[styles.place, className].filter(Boolean).join(' ')}>
      {children}
    </div>
  );
}

/** A message about a group of fields (a day's hours, the list of session types), under the group. */
export function GroupMessage({ id, message }: { readonly id: string; readonly message: string | undefined }) {
  return message ? (
    <p id={id} className={styles.error}>
      {message}
    </p>
  ) : null;
}
