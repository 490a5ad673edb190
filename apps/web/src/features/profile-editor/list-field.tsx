import { addListEntry, canAddListEntry, removeListEntry, type ProfileListField } from '@wellspring/domain';
import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '../../ui/button/button.tsx';
import { CloseIcon } from '../../ui/icons/icons.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import * as styles from './profile-editor.css.ts';

export interface ListFieldProps {
  readonly field: ProfileListField;
  /** The field's label ("Specialties"). */
  readonly label: string;
  /** One entry's name, for the Add and Remove buttons ("specialty"). */
  readonly entryName: string;
  readonly entries: readonly string[];
  readonly onChange: (entries: string[]) => void;
  readonly placeholder?: string;
  readonly description?: string;
  /** The server's message for the list, if the save was refused for it. */
  readonly errorMessage?: string | undefined;
  readonly isDisabled?: boolean;
  readonly inputRef?: (element: HTMLElement | null) => void;
}

/**
 * A list of the profile (docs/product.md#profile-editor): the entry is trimmed, an empty one is never added (Add is
 * disabled while the input is empty), and a duplicate is refused with its message. Enter adds too.
 */
export function ListField({ field, label, entryName, entries, onChange, placeholder, description, errorMessage, isDisabled, inputRef }: ListFieldProps) {
  const [draft, setDraft] = useState('');
  const [message, setMessage] = useState<string | undefined>(undefined);
  const listId = useId();

  const add = () => {
    if (!canAddListEntry(draft)) return;
    const result = addListEntry(entries, draft, field);
    if (!result.ok) {
      setMessage(result.message);
      return;
    }
    onChange([...result.list]);
    setDraft('');
    setMessage(undefined);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    // Enter adds the entry; it never submits the whole profile.
    event.preventDefault();
    add();
  };

  return (
    <div className={styles.listField}>
      <div className={styles.addRow}>
        <TextField
          className={styles.addInput}
          label={label}
          name={`${field}-entry`}
          value={draft}
          onChange={(value) => {
            setDraft(value);
            setMessage(undefined);
          }}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          description={description}
          errorMessage={message ?? errorMessage}
          isDisabled={isDisabled}
          autoComplete="off"
          inputRef={inputRef}
        />
        <Button variant="outline" className={styles.addButton} aria-label={`Add ${entryName}`} isDisabled={isDisabled || !canAddListEntry(draft)} onPress={add}>
          Add
        </Button>
      </div>
      {entries.length > 0 ? (
        <ul className={styles.entries} aria-label={label} id={listId}>
          {entries.map((entry, index) => (
            <li key={entry} className={styles.entry}>
              <span>{entry}</span>
              <Button
                variant="ghost"
                size="inline"
                className={styles.removeEntry}
                aria-label={`Remove ${entry}`}
                isDisabled={isDisabled}
                onPress={() => onChange(removeListEntry(entries, index))}
              >
                <CloseIcon size={14} />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.emptyList}>No {label.toLowerCase()} added yet.</p>
      )}
    </div>
  );
}
