import { useCallback, useEffect, useRef, useState } from 'react';
import {
  messagesAfterRemoval,
  placeMessages,
  settingsOf,
  type BookingSettingsDraft,
  type FieldMessages,
} from './booking-settings-form.ts';

const FOCUSABLE = 'input, textarea, select, button, [tabindex]';

/** The first control inside a field's wrapper a keyboard user could reach (not a stepper or a hidden select). */
function firstFocusable(place: Element): HTMLElement | undefined {
  return [...place.querySelectorAll<HTMLElement>(FOCUSABLE)].find(
    (element) => element.tabIndex >= 0 && !element.closest('[aria-hidden="true"]') && !element.hasAttribute('disabled') && element.getAttribute('type') !== 'hidden',
  );
}

/**
 * The booking settings form's state: the draft as typed, and a message per place on the screen
 * (`data-field="sessionTypes.0.durationMinutes"` on the field's wrapper). The domain's schema checks
 * everything on submit (`validate`); a refused submit moves focus to the first field with a message
 * (WCAG 3.3.1), as lib/use-zod-form does for flat forms, whose errors it keys by top-level field
 * only. An edited field's message goes until the next submit.
 *
 * `latest()` reads the draft as of the last edit, even before React has rendered it: a number field
 * commits its text on Enter in the same keystroke that submits the form.
 */
export function useBookingSettingsForm(initial: BookingSettingsDraft) {
  const [draft, setDraft] = useState(initial);
  const current = useRef(initial);
  const [errors, setErrors] = useState<FieldMessages>({});
  const container = useRef<HTMLDivElement | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ readonly path: string } | null>(null);

  const change = useCallback((recipe: (draft: BookingSettingsDraft) => BookingSettingsDraft, nextErrors: (errors: FieldMessages) => FieldMessages) => {
    current.current = recipe(current.current);
    setDraft(current.current);
    setErrors(nextErrors);
  }, []);

  /** Changes one field (`path`), and drops its message. */
  const edit = useCallback(
    (path: string, recipe: (draft: BookingSettingsDraft) => BookingSettingsDraft) =>
      change(recipe, (messages) => {
        if (messages[path] === undefined) return messages;
        const { [path]: _dropped, ...rest } = messages;
        return rest;
      }),
    [change],
  );

  /** Adds an entry to the list at `listPath`; the list's own message ("add at least one") goes. */
  const add = useCallback((listPath: string, recipe: (draft: BookingSettingsDraft) => BookingSettingsDraft) => edit(listPath, recipe), [edit]);

  /** Removes entry `index` of the list at `listPath`; the later entries' messages move up with them. */
  const remove = useCallback(
    (listPath: string, index: number, recipe: (draft: BookingSettingsDraft) => BookingSettingsDraft) =>
      change(recipe, (messages) => messagesAfterRemoval(messages, listPath, index)),
    [change],
  );

  const focusPath = useCallback((path: string) => {
    const place = container.current?.querySelector(`[data-field="${CSS.escape(path)}"]`);
    const target = place ? firstFocusable(place) : undefined;
    target?.focus();
  }, []);

  useEffect(() => {
    if (focusRequest) focusPath(focusRequest.path);
  }, [focusRequest, focusPath]);

  /** Shows messages by full path (each at its place on the screen) and moves focus to the first. */
  const showErrors = useCallback((messages: FieldMessages) => {
    const placed = placeMessages(current.current, messages);
    setErrors(placed);
    const [first] = Object.keys(placed);
    if (first !== undefined) setFocusRequest({ path: first });
  }, []);

  /** The settings to send, or null after showing why not. */
  const validate = useCallback(() => {
    const result = settingsOf(current.current);
    if (result.ok) {
      setErrors({});
      return result.settings;
    }
    showErrors(result.errors);
    return null;
  }, [showErrors]);

  const errorAt = (path: string): string | undefined => errors[path];

  return { draft, latest: () => current.current, errors, errorAt, edit, add, remove, validate, showErrors, focusPath, container };
}

export type BookingSettingsForm = ReturnType<typeof useBookingSettingsForm>;
