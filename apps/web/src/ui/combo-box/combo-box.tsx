import { useContext, useEffect, useLayoutEffect, useState, type ReactNode, type Ref } from 'react';
import {
  Button as AriaButton,
  ComboBox as AriaComboBox,
  ComboBoxStateContext,
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
  /**
   * Reads the error message out when it appears: for a field checked as one types (the search page's
   * location), where no submit moves focus to it.
   */
  announceError?: boolean;
  /**
   * Opens the list when new items arrive while one types: for items fetched after the text changed
   * (the list otherwise opens only on a keystroke, and stays shut if the items were not there yet).
   */
  opensWhenItemsArrive?: boolean;
  /**
   * The list is part of the page, as WAI-ARIA's combobox pattern has it: placed right after the field
   * (inside the page's landmarks, next in reading order), with the rest of the page still readable
   * while it is open. React Aria's default, made for a list placed at the end of the document, hides
   * everything else from screen readers while the list is open, and so leaves the page's links and
   * buttons focusable but hidden (axe: aria-hidden-focus). For a field on a page, not in a dialog
   * (docs/decisions/0025-location-suggestions.md).
   */
  listInPage?: boolean;
  className?: string;
  /** The input element. */
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * A text field with a list to choose from, filtered as one types. With `items` and `inputValue`
 * controlled, the caller filters (e.g. a search on the server) and the list shows what it gives.
 */
export function ComboBox({
  label,
  description,
  errorMessage,
  placeholder,
  emptyText = 'No matches',
  announceError = false,
  opensWhenItemsArrive = false,
  listInPage = false,
  className,
  inputRef,
  ...props
}: ComboBoxProps) {
  // Where the list goes with `listInPage`: inside the field, right after the input.
  const [listHost, setListHost] = useState<HTMLDivElement | null>(null);
  const error = <FieldError className={fieldStyles.error}>{errorMessage}</FieldError>;
  return (
    <AriaComboBox<ComboBoxItem> {...props} isInvalid={Boolean(errorMessage)} className={[styles.comboBox, className].filter(Boolean).join(' ')}>
      {opensWhenItemsArrive ? <OpenWhenItemsArrive items={props.items} /> : null}
      {listInPage ? <KeepPageReadable /> : null}
      <Label className={fieldStyles.label}>{label}</Label>
      <div className={styles.control}>
        <Input ref={inputRef} className={[fieldStyles.input, styles.input].join(' ')} placeholder={placeholder} />
        <AriaButton className={styles.button}>
          <ChevronDownIcon size={18} />
        </AriaButton>
        {listInPage ? <div ref={setListHost} /> : null}
      </div>
      {description ? (
        <Text slot="description" className={fieldStyles.description}>
          {description}
        </Text>
      ) : null}
      {/* A live region is there before its message, or screen readers miss the message's arrival. */}
      {announceError ? (
        <div aria-live="polite" aria-atomic="true" className={styles.liveRegion}>
          {error}
        </div>
      ) : (
        error
      )}
      <Popover
        className={selectStyles.popover}
        {...(listInPage && listHost ? { UNSTABLE_portalContainer: listHost, containerPadding: 0 } : {})}
      >
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

/** See `opensWhenItemsArrive`: not after a choice (the chosen text is in the field), nor once focus has left. */
function OpenWhenItemsArrive({ items }: { items: Iterable<ComboBoxItem> | undefined }) {
  const state = useContext(ComboBoxStateContext);
  const ids = items ? [...items].map((item) => item.id).join('\n') : '';
  const shouldOpen = state !== null && ids !== '' && state.isFocused && !state.isOpen && state.selectedItem?.textValue !== state.inputValue;
  useEffect(() => {
    if (shouldOpen) state?.open(null, 'input');
    // Only when the items change: closing the list (Escape) must not reopen it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids]);
  return null;
}

/**
 * See `listInPage`. While the list is open, the document's top-level elements carry React Aria's
 * `data-react-aria-top-layer` (what keeps its toasts readable), which its hiding of everything outside
 * the field and the list leaves alone. Set before React Aria's own effect runs (a layout effect, in a
 * child), and taken off when the list closes.
 */
function KeepPageReadable() {
  const isOpen = useContext(ComboBoxStateContext)?.isOpen ?? false;
  useLayoutEffect(() => {
    if (!isOpen) return;
    const marked = [...document.body.children].filter((element) => !element.hasAttribute('data-react-aria-top-layer'));
    for (const element of marked) element.setAttribute('data-react-aria-top-layer', '');
    return () => {
      for (const element of marked) element.removeAttribute('data-react-aria-top-layer');
    };
  }, [isOpen]);
  return null;
}
