import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { placeMessages } from '@wellspring/domain';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTRPC } from '../../lib/trpc.ts';
import type { ComboBox as ComboBoxComponent, ComboBoxItem } from '../../ui/combo-box/combo-box.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';

/** Typing settles for this long before places are suggested. */
export const SUGGEST_DEBOUNCE_MS = 150;
/** Fewer characters than this suggest nothing (one letter starts thousands of places). */
const SUGGEST_MIN_LENGTH = 2;

/*
 * The combo box (react-aria's combo box, list box and popover) is the largest part of /search's
 * code. The page comes with a plain text field in its place, as the search field is, and fetches
 * the combo box's code when the field is first focused; the combo box then takes over,
 * and whatever was typed, and the focus and caret, carry over.
 */
type ComboBoxType = typeof ComboBoxComponent;
let loadedComboBox: ComboBoxType | null = null;
const loadComboBox = (): Promise<ComboBoxType> =>
  import('../../ui/combo-box/combo-box.tsx').then((module) => {
    loadedComboBox = module.ComboBox;
    return module.ComboBox;
  });

export interface LocationFieldProps {
  /** The text in the field. */
  readonly value: string;
  /** Every keystroke. */
  readonly onChange: (text: string) => void;
  /** A suggestion chosen (with the pointer or the keyboard): search for it at once. */
  readonly onChoose: (label: string) => void;
  /** The search found the location names no place ("We couldn't find that place"). */
  readonly notFound: boolean;
  readonly className?: string;
}

/**
 * The search page's location: free text (a city and state or a ZIP code, in any spelling the server
 * reads), with the places it may become suggested as one types (`geo.suggest`), chosen with the
 * arrow keys and Enter or a click.
 */
export function LocationField({ value, onChange, onChoose, notFound, className }: LocationFieldProps) {
  const trpc = useTRPC();
  const [settled, setSettled] = useState(value.trim());
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value.trim()), SUGGEST_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [value]);
  const suggestions = useQuery({
    ...trpc.geo.suggest.queryOptions({ text: settled }),
    enabled: settled.length >= SUGGEST_MIN_LENGTH,
    // The gazetteer does not change while the page is open.
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
  const items: ComboBoxItem[] = settled.length >= SUGGEST_MIN_LENGTH ? (suggestions.data ?? []).map((place) => ({ id: place.label, label: place.label })) : [];

  const label = 'Location';
  const placeholder = 'City and state or ZIP, e.g. Portland, OR';
  const errorMessage = notFound ? placeMessages.notFound : undefined;

  const [ComboBox, setComboBox] = useState<ComboBoxType | null>(() => loadedComboBox);
  const [comboBoxWanted, setComboBoxWanted] = useState(false);
  // Focus and caret pass from the plain field to the combo box that replaces it.
  const standInRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const comboBoxInputRef = useRef<HTMLInputElement>(null);
  const handOver = useRef<{ start: number | null; end: number | null } | null>(null);
  useEffect(() => {
    if (ComboBox || !comboBoxWanted) return;
    let current = true;
    loadComboBox().then(
      (component) => {
        if (!current) return;
        const standIn = standInRef.current;
        if (standIn && standIn === document.activeElement) handOver.current = { start: standIn.selectionStart, end: standIn.selectionEnd };
        setComboBox(() => component);
      },
      // Not loaded (offline): the plain field goes on working, without suggestions.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [ComboBox, comboBoxWanted]);
  useLayoutEffect(() => {
    const caret = handOver.current;
    const input = comboBoxInputRef.current;
    if (!caret || !input) return;
    handOver.current = null;
    input.focus();
    if (caret.start !== null) input.setSelectionRange(caret.start, caret.end ?? caret.start);
  }, [ComboBox]);

  if (!ComboBox) {
    return (
      <TextField
        label={label}
        placeholder={placeholder}
        value={value}
        onChange={onChange}
        onFocus={() => setComboBoxWanted(true)}
        errorMessage={errorMessage}
        inputRef={standInRef}
        className={className}
      />
    );
  }
  return (
    <ComboBox
      label={label}
      placeholder={placeholder}
      items={items}
      inputValue={value}
      onInputChange={onChange}
      onSelectionChange={(key) => {
        if (key !== null) onChoose(String(key));
      }}
      allowsCustomValue
      menuTrigger="input"
      opensWhenItemsArrive
      listInPage
      errorMessage={errorMessage}
      announceError
      inputRef={comboBoxInputRef}
      className={className}
    />
  );
}
