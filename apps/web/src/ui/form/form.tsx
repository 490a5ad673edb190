import type { ReactNode } from 'react';
import { Form as AriaForm, type FormProps as AriaFormProps } from 'react-aria-components';
import * as styles from './form.css.ts';

export type FormProps = Omit<AriaFormProps, 'className'> & { className?: string };

/**
 * Our forms validate with the domain's zod schemas and show those messages, so native browser
 * validation bubbles are off ("aria" behaviour) and the fields carry our messages instead.
 */
export function Form({ className, validationBehavior = 'aria', ...props }: FormProps) {
  return (
    <AriaForm
      {...props}
      validationBehavior={validationBehavior}
      className={[styles.form, className].filter(Boolean).join(' ')}
    />
  );
}

/** A message about the whole form (a server error that belongs to no single field). */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className={styles.formAlert}>
      {children}
    </div>
  );
}
