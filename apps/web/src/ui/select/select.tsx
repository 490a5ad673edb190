import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  Text,
  type SelectProps as AriaSelectProps,
} from 'react-aria-components';
import { ChevronDownIcon } from '../icons/icons.tsx';
import * as fieldStyles from '../text-field/text-field.css.ts';
import * as styles from './select.css.ts';

export interface SelectItem {
  readonly id: string;
  readonly label: string;
}

export type SelectProps = Omit<AriaSelectProps<SelectItem>, 'className' | 'children' | 'items' | 'isInvalid'> & {
  label: ReactNode;
  items: readonly SelectItem[];
  description?: ReactNode;
  errorMessage?: string | undefined;
  className?: string;
};

/** An item with an empty value cannot be chosen (docs/product.md#forms): such items are left out. */
export const selectableItems = (items: readonly SelectItem[]): SelectItem[] => items.filter((item) => item.id !== '');

export function Select({ label, items, description, errorMessage, className, ...props }: SelectProps) {
  return (
    <AriaSelect<SelectItem>
      {...props}
      isInvalid={Boolean(errorMessage)}
      className={[styles.select, className].filter(Boolean).join(' ')}
    >
      <Label className={fieldStyles.label}>{label}</Label>
      <AriaButton className={styles.trigger}>
        <SelectValue />
        <ChevronDownIcon size={18} />
      </AriaButton>
      {description ? (
        <Text slot="description" className={fieldStyles.description}>
          {description}
        </Text>
      ) : null}
      <FieldError className={fieldStyles.error}>{errorMessage}</FieldError>
      <Popover className={styles.popover}>
        <ListBox className={styles.listBox} items={selectableItems(items)}>
          {(item) => (
            <ListBoxItem id={item.id} textValue={item.label} className={styles.option}>
              {item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
