import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { NEW_PATIENT, scheduleMessages } from '@wellspring/domain';
import { useDeferredValue, useState } from 'react';
import type { Key } from 'react-aria-components';
import { ComboBox } from '../ui/combo-box/combo-box.tsx';
import { useTRPC } from './trpc.ts';

export interface PatientPickerProps {
  readonly label: string;
  readonly placeholder?: string;
  readonly description?: string;
  /** The chosen patient's id, `NEW_PATIENT` for a new one, '' for none. */
  readonly value: string;
  /** A choice: the id (or `NEW_PATIENT`, or '') and the name shown for it. */
  readonly onChange: (id: string, name: string) => void;
  readonly errorMessage?: string | undefined;
  /** Whether "New Patient" is offered (last); a payment names only a patient the practice has. */
  readonly allowNew?: boolean;
}

/**
 * One of the practice's patients, searched on the server as one types (`schedule.patientOptions`),
 * or "New Patient": the practice's matches first and "New Patient" last, so typing "Emm", ↓ and
 * Enter picks Emma (issue 26). A form that names a patient uses this, so a typo never becomes a
 * new patient by accident: a new one is chosen as such.
 */
export function PatientPicker({ label, placeholder, description, value, onChange, errorMessage, allowNew = true }: PatientPickerProps) {
  const trpc = useTRPC();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const options = useQuery({ ...trpc.schedule.patientOptions.queryOptions({ query: deferredQuery }), placeholderData: keepPreviousData });
  const items = [...(options.data ?? []).map(({ id, name }) => ({ id, label: name })), ...(allowNew ? [{ id: NEW_PATIENT, label: scheduleMessages.newPatient }] : [])];
  const chosenLabel = items.find((item) => item.id === value)?.label;

  const choose = (key: Key | null) => {
    const chosen = items.find((item) => item.id === key);
    onChange(chosen?.id ?? '', chosen?.label ?? '');
    // With the selection and the text both controlled, the combo box leaves it to us to put the
    // chosen name back in the field (and to clear text that chose nothing: Escape, leaving the field).
    setText(chosen?.label ?? '');
    setQuery('');
  };

  return (
    <ComboBox
      label={label}
      placeholder={placeholder ?? (allowNew ? 'Search patients or choose New Patient' : 'Search your patients')}
      {...(description ? { description } : {})}
      items={items}
      selectedKey={value === '' ? null : value}
      onSelectionChange={choose}
      inputValue={text}
      onInputChange={(next) => {
        setText(next);
        // Typing searches; the chosen patient's name filling the field does not.
        if (next !== chosenLabel) setQuery(next);
      }}
      onOpenChange={(isOpen, trigger) => {
        if (isOpen && trigger === 'manual') setQuery('');
      }}
      menuTrigger="focus"
      emptyText="No patients found"
      errorMessage={errorMessage}
    />
  );
}
