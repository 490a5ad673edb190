import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { placeMessages } from '@wellspring/domain';
import { useEffect, useState } from 'react';
import { useTRPC } from '../../lib/trpc.ts';
import { ComboBox, type ComboBoxItem } from '../../ui/combo-box/combo-box.tsx';

/** Typing settles for this long before places are suggested. */
export const SUGGEST_DEBOUNCE_MS = 150;
/** Fewer characters than this suggest nothing (one letter starts thousands of places). */
export const SUGGEST_MIN_LENGTH = 2;

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

  return (
    <ComboBox
      label="Location"
      placeholder="City and state or ZIP, e.g. Portland, OR"
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
      errorMessage={notFound ? placeMessages.notFound : undefined}
      announceError
      className={className}
    />
  );
}
