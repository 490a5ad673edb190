import { useId, type ReactNode } from 'react';
import {
  Checkbox as AriaCheckbox,
  CheckboxGroup as AriaCheckboxGroup,
  Label,
  type CheckboxGroupProps as AriaCheckboxGroupProps,
  type CheckboxProps as AriaCheckboxProps,
} from 'react-aria-components';
import { CheckIcon } from '../icons/icons.tsx';
import * as styles from './checkbox.css.ts';

export type CheckboxProps = Omit<AriaCheckboxProps, 'className' | 'children' | 'isInvalid'> & {
  children: ReactNode;
  className?: string;
  /** The field's message (from the form's schema or the server); the checkbox is invalid while set. */
  errorMessage?: string | undefined;
};

export function Checkbox({ errorMessage, ...props }: CheckboxProps) {
  const errorId = useId();
  return (
    <div className={styles.field}>
      <CheckboxControl {...props} isInvalid={Boolean(errorMessage)} aria-describedby={errorMessage ? errorId : undefined} />
      {errorMessage ? (
        <span id={errorId} className={styles.error}>
          {errorMessage}
        </span>
      ) : null}
    </div>
  );
}

function CheckboxControl({ children, className, ...props }: Omit<AriaCheckboxProps, 'className' | 'children'> & { children: ReactNode; className?: string }) {
  return (
    <AriaCheckbox {...props} className={[styles.checkbox, className].filter(Boolean).join(' ')}>
      {({ isSelected }) => (
        <>
          <span className={styles.box} aria-hidden="true">
            {isSelected ? <CheckIcon size={14} strokeWidth={3} /> : null}
          </span>
          {children}
        </>
      )}
    </AriaCheckbox>
  );
}

export type CheckboxGroupProps = Omit<AriaCheckboxGroupProps, 'className' | 'children'> & {
  label: ReactNode;
  children: ReactNode;
  className?: string;
  /** Lays the checkboxes out in two columns on narrow screens, where a long single column wastes space. */
  compact?: boolean;
};

export function CheckboxGroup({ label, children, className, compact = false, ...props }: CheckboxGroupProps) {
  return (
    <AriaCheckboxGroup {...props} className={[styles.group, className].filter(Boolean).join(' ')}>
      <Label className={styles.groupLabel}>{label}</Label>
      <div className={compact ? styles.itemsCompact : styles.items}>{children}</div>
    </AriaCheckboxGroup>
  );
}
