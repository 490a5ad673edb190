import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { z } from 'zod';
import { discardDraft, loadDraft, saveDraft } from './form-drafts.ts';
import { signedInUserId } from './session-guard.ts';

const FOCUSABLE = 'input:not([type="hidden"]), textarea, select, button, [tabindex]:not([tabindex="-1"])';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** A form's values: text fields, and booleans for checkboxes. */
export type FormValues = Record<string, string | boolean>;

type FieldOf<Values extends FormValues> = keyof Values & string;

/** The fields that hold text (not checkboxes). */
type TextFieldOf<Values extends FormValues> = { [F in keyof Values]: Values[F] extends string ? F : never }[keyof Values] & string;

type FormSchema<Values extends FormValues, Output> = z.ZodType<Output, Partial<Values>>;

/**
 * The schema itself, or a loader for it: the landing page's forms load zod with their first
 * keystroke instead of with the page (see lib/waitlist/waitlist-schemas).
 */
export type SchemaSource<Values extends FormValues, Output> = FormSchema<Values, Output> | (() => Promise<FormSchema<Values, Output>>);

export interface ZodFormOptions {
  /**
   * Opt-in for signed-in forms: the form's name on its page (`'soap-note'`). What is typed is kept as
   * a draft for the signed-in user, this page (path + search) and this name (lib/form-drafts), and
   * comes back when the page opens again — after the session ended and the user signed in again,
   * too. `reset()` and `discardDraft()` (call it once a submit succeeded) drop it; signing out drops
   * all. Never for forms with secrets (passwords): drafts are stored in sessionStorage as typed.
   */
  readonly draft?: string;
}

/** The draft's values where they fit the form (same field, same kind), over the initial values. */
function withDraft<Values extends FormValues>(initial: Values, draft: Record<string, string | boolean> | null): Values {
  if (!draft) return initial;
  const merged: FormValues = { ...initial };
  for (const field of Object.keys(initial)) {
    const saved = draft[field];
    if (saved !== undefined && typeof saved === typeof initial[field]) merged[field] = saved;
  }
  return merged as Values;
}

/**
 * Form state for a domain schema whose fields are text (or booleans, for checkboxes): values, one
 * message per field (the schema's, to the letter), and server field errors merged in. The same
 * schema validates on the server. A submit refused (by the schema or by the server's field
 * errors) moves focus to the first invalid field. Why our own hook rather than a form library:
 * docs/decisions/0016-form-hook.md.
 */
export function useZodForm<Values extends FormValues, Output>(source: SchemaSource<Values, Output>, initialValues: Values, options: ZodFormOptions = {}) {
  type Field = FieldOf<Values>;
  const [initial] = useState(initialValues);
  const [path] = useLocation();
  const search = useSearch();
  const draftId = options.draft ? `${path}${search ? `?${search}` : ''}#${options.draft}` : null;
  const [values, setValues] = useState(() => {
    const owner = draftId ? signedInUserId() : null;
    return draftId && owner ? withDraft(initial, loadDraft(owner, draftId)) : initial;
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const fieldElements = useRef(new Map<string, HTMLElement>());
  // Set by a failed submit; the effect below moves focus once the messages are on screen.
  const [focusRequest, setFocusRequest] = useState<{ readonly fields: readonly string[] } | null>(null);

  const showErrors = useCallback((next: FieldErrors<Field>) => {
    setErrors(next);
    const fields = Object.keys(next).filter((field) => next[field as Field] !== undefined);
    if (fields.length > 0) setFocusRequest({ fields });
  }, []);

  // A failed submit moves focus to the first invalid field on the page (WCAG 3.3.1): keyboard and
  // screen reader users land on the message instead of searching for it.
  const focusFirstOf = useCallback((fields: readonly string[]) => {
    const invalid = fields
      .map((field) => fieldElements.current.get(field))
      .filter((element): element is HTMLElement => element?.isConnected === true)
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    const first = invalid[0];
    const target = first?.matches(FOCUSABLE) ? first : first?.querySelector<HTMLElement>(FOCUSABLE);
    target?.focus();
  }, []);
  useEffect(() => {
    if (focusRequest) focusFirstOf(focusRequest.fields);
  }, [focusRequest, focusFirstOf]);

  /** Moves focus to a field (an error summary's link to it). */
  const focusField = useCallback((field: Field) => focusFirstOf([field]), [focusFirstOf]);

  /**
   * Registers the element of a field that is not a text field (a select's wrapper, a checkbox) so a
   * failed submit can move focus to it: `ref={form.fieldRef('experience')}`.
   */
  const fieldRef = useCallback(
    (field: Field) => (element: HTMLElement | null) => {
      if (element) fieldElements.current.set(field, element);
      else fieldElements.current.delete(field);
    },
    [],
  );
  const schemaRef = useRef<FormSchema<Values, Output> | null>(typeof source === 'function' ? null : source);
  // A form whose fields change (a code from the app, or a recovery code instead) passes another
  // schema: the next submit checks with it.
  useEffect(() => {
    if (typeof source !== 'function') schemaRef.current = source;
  }, [source]);

  const loadSchema = useCallback(async (): Promise<FormSchema<Values, Output>> => {
    if (schemaRef.current) return schemaRef.current;
    const schema = typeof source === 'function' ? await source() : source;
    schemaRef.current = schema;
    return schema;
  }, [source]);

  const setValue = useCallback(
    <F extends Field>(field: F, value: Values[F]) => {
      if (!schemaRef.current) void loadSchema().catch(() => undefined);
      setValues((current) => ({ ...current, [field]: value }));
      // An edited field's message no longer applies; the next submit checks it again.
      setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    },
    [loadSchema],
  );

  /** Parses the values; on failure shows the messages and resolves to null. */
  const validate = useCallback(async (): Promise<Output | null> => {
    const schema = await loadSchema();
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const next: FieldErrors<Field> = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && field in values && next[field as Field] === undefined) {
        next[field as Field] = issue.message;
      }
    }
    showErrors(next);
    return null;
  }, [loadSchema, values, showErrors]);

  const showServerErrors = useCallback(
    (fieldErrors: Record<string, string>) => {
      const next: FieldErrors<Field> = {};
      for (const [field, message] of Object.entries(fieldErrors)) {
        if (field in initial) next[field as Field] = message;
      }
      showErrors(next);
    },
    [initial, showErrors],
  );

  // Every change is saved at once, for whoever is signed in now: the session can end between two
  // keystrokes. Signed out (no user known to this tab), nothing is kept.
  useEffect(() => {
    const owner = draftId ? signedInUserId() : null;
    if (draftId && owner && values !== initial) saveDraft(owner, draftId, values);
  }, [draftId, values, initial]);

  /** Drops the saved draft (after a successful submit); the values on screen stay. */
  const discardSavedDraft = useCallback(() => {
    const owner = draftId ? signedInUserId() : null;
    if (draftId && owner) discardDraft(owner, draftId);
  }, [draftId]);

  const reset = useCallback(() => {
    setValues(initial);
    setErrors({});
    discardSavedDraft();
  }, [initial, discardSavedDraft]);

  /** The props that bind a text input to a field: `<TextField label="Email" {...form.textField('email')} />`. */
  const textField = <F extends TextFieldOf<Values>>(field: F) => ({
    name: field,
    value: values[field] as string,
    onChange: (value: string) => setValue(field, value as Values[F]),
    errorMessage: errors[field],
    inputRef: fieldRef(field),
  });

  return { values, errors, setValue, textField, fieldRef, focusField, validate, showServerErrors, reset, discardDraft: discardSavedDraft };
}
