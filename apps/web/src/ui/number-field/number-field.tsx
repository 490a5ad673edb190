import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  FieldError,
  Group,
  Input,
  Label,
  NumberField as AriaNumberField,
  Text,
  type NumberFieldProps as AriaNumberFieldProps,
} from 'react-aria-components';
import * as fieldStyles from '../text-field/text-field.css.ts';
import * as styles from './number-field.css.ts';

export type NumberFieldProps = Omit<AriaNumberFieldProps, 'className' | 'style' | 'children' | 'value' | 'onChange' | 'isInvalid'> & {
  label: ReactNode;
  /** The number, or null while the field is empty. */
  value: number | null;
  onChange: (value: number | null) => void;
  description?: ReactNode;
  /** The field's message; the field is invalid while set. */
  errorMessage?: string | undefined;
  className?: string;
};

/**
 * A number typed, stepped with −/+ or the arrow keys (Page Up/Down, Home/End with bounds), and
 * formatted for the user's locale (`formatOptions`: currency, percent, units). Empty is null.
 */
export function NumberField({ label, value, onChange, description, errorMessage, className, ...props }: NumberFieldProps) {
  return (
    <AriaNumberField
      {...props}
      value={value ?? Number.NaN}
      onChange={(next) => onChange(Number.isNaN(next) ? null : next)}
      isInvalid={Boolean(errorMessage)}
      className={[styles.field, className].filter(Boolean).join(' ')}
    >
      <Label className={fieldStyles.label}>{label}</Label>
      <Group className={styles.group}>
        <AriaButton slot="decrement" className={styles.stepper}>
          −
        </AriaButton>
        <Input className={styles.input} />
        <AriaButton slot="increment" className={styles.stepper}>
          +
        </AriaButton>
      </Group>
      {description ? (
        <Text slot="description" className={fieldStyles.description}>
          {description}
        </Text>
      ) : null}
      <FieldError className={fieldStyles.error}>{errorMessage}</FieldError>
    </AriaNumberField>
  );
}
