import type { ReactNode } from 'react';
import { Form as AriaForm, Link as AriaLink, type FormProps as AriaFormProps } from 'react-aria-components';
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

export interface ErrorSummaryProps<Field extends string> {
  /** Each field's label, in the order the fields appear in the form. */
  readonly labels: Readonly<Record<Field, string>>;
  readonly errors: Partial<Record<Field, string>>;
  /** Moves focus to the field (useZodForm's `focusField`). */
  readonly onSelect: (field: Field) => void;
}

/**
 * When a submit finds two or more problems, the fields to fix, listed above the form, each a link
 * that moves focus to its field (where its message is), announced as it appears; focus itself goes
 * to the first invalid field. One problem needs no summary: its message is where focus lands.
 */
export function ErrorSummary<Field extends string>({ labels, errors, onSelect }: ErrorSummaryProps<Field>) {
  const problems = (Object.keys(labels) as Field[]).flatMap((field) => {
    const message = errors[field];
    return message ? [{ field, label: labels[field] }] : [];
  });
  if (problems.length < 2) return null;
  return (
    <div role="alert" className={styles.errorSummary}>
      <p className={styles.errorSummaryTitle}>There are {problems.length} problems with this form. Please check:</p>
      <ul className={styles.errorSummaryList}>
        {problems.map((problem) => (
          <li key={problem.field}>
            <AriaLink className={styles.errorSummaryLink} onPress={() => onSelect(problem.field)}>
              {problem.label}
            </AriaLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
