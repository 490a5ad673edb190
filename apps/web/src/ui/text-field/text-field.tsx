import type { ReactNode, Ref } from 'react';
import {
  FieldError,
  Input,
  Label,
  Text,
  TextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import * as styles from './text-field.css.ts';

export type TextFieldProps = Omit<AriaTextFieldProps, 'className' | 'children' | 'isInvalid'> & {
  label: ReactNode;
  description?: ReactNode;
  /** The field's message (from the form's schema or the server); the field is invalid while set. */
  errorMessage?: string | undefined;
  placeholder?: string;
  className?: string;
  /** A multi-line field (a textarea) of this many rows. */
  rows?: number;
  /** The input element (lib/use-zod-form moves focus to the first invalid field through it). */
  inputRef?: Ref<HTMLInputElement & HTMLTextAreaElement>;
};

export function TextField({ label, description, errorMessage, placeholder, className, rows, inputRef, ...props }: TextFieldProps) {
  return (
    <AriaTextField
      {...props}
      isInvalid={Boolean(errorMessage)}
      className={[styles.field, className].filter(Boolean).join(' ')}
    >
      <Label className={styles.label}>{label}</Label>
      {rows ? (
        <TextArea ref={inputRef} className={[styles.input, styles.textArea].join(' ')} placeholder={placeholder} rows={rows} />
      ) : (
        <Input ref={inputRef} className={styles.input} placeholder={placeholder} />
      )}
      {description ? (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      ) : null}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
    </AriaTextField>
  );
}
