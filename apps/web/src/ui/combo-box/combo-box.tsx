import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  ComboBox as AriaComboBox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
  type ComboBoxProps as AriaComboBoxProps,
} from 'react-aria-components';
import { ChevronDownIcon } from '../icons/icons.tsx';
import * as selectStyles from '../select/select.css.ts';
import * as fieldStyles from '../text-field/text-field.css.ts';
import * as styles from './combo-box.css.ts';

export interface ComboBoxItem {
  readonly id: string;
  readonly label: string;
}

export type ComboBoxProps = Omit<AriaComboBoxProps<ComboBoxItem>, 'className' | 'children' | 'isInvalid'> & {
  label: ReactNode;
  description?: ReactNode;
  errorMessage?: string | undefined;
  placeholder?: string;
  /** What the open list says when nothing matches the text typed. */
  emptyText?: string;
  className?: string;
};

/**
 * A text field with a list to choose from, filtered as one types. With `items` and `inputValue`
 * controlled, the caller filters (e.g. a search on the server) and the list shows what it gives.
 */
export function ComboBox({ label, description, errorMessage, placeholder, emptyText = 'No matches', className, ...props }: ComboBoxProps) {
  return (
    <AriaComboBox<ComboBoxItem> {...props} isInvalid={Boolean(errorMessage)} className={[styles.comboBox, className].filter(Boolean).join(' ')}>
      <Label className={fieldStyles.label}>{label}</Label>
      <div className={styles.control}>
        <Input className={[fieldStyles.input, styles.input].join(' ')} placeholder={placeholder} />
        <AriaButton className={styles.button}>
          <ChevronDownIcon size={18} />
        </AriaButton>
      </div>
      {description ? (
        <Text slot="description" className={fieldStyles.description}>
          {description}
        </Text>
      ) : null}
      <FieldError className={fieldStyles.error}>{errorMessage}</FieldError>
      <Popover className={selectStyles.popover}>
        <ListBox<ComboBoxItem> className={selectStyles.listBox} renderEmptyState={() => <div className={styles.empty}>{emptyText}</div>}>
          {(item) => (
            <ListBoxItem id={item.id} textValue={item.label} className={selectStyles.option}>
              {item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaComboBox>
  );
}
