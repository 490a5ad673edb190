import { useCallback, useRef, useState } from 'react';
import type { z } from 'zod';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** A form's values: text fields, and booleans for checkboxes. */
export type FormValues = Record<string, string | boolean>;

type FieldOf<Values extends FormValues> = keyof Values & string;

/** The fields that hold text (not checkboxes). */
type TextFieldOf<Values extends FormValues> = { [F in keyof Values]: Values[F] extends string ? F : never }[keyof Values] & string;

type FormSchema<Values extends FormValues, Output> = z.ZodType<Output, Partial<Values>>;

/**
 * The schema itself, or a loader for it: the landing page's forms load zod with their first
 * keystroke instead of with the page (see features/waitlist/waitlist-schemas).
 */
export type SchemaSource<Values extends FormValues, Output> = FormSchema<Values, Output> | (() => Promise<FormSchema<Values, Output>>);

/**
 * Form state for a domain schema whose fields are text (or booleans, for checkboxes): values, one
 * message per field (the schema's, to the letter), and server field errors merged in. The same
 * schema validates on the server.
 */
export function useZodForm<Values extends FormValues, Output>(source: SchemaSource<Values, Output>, initialValues: Values) {
  type Field = FieldOf<Values>;
  const [initial] = useState(initialValues);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const schemaRef = useRef<FormSchema<Values, Output> | null>(typeof source === 'function' ? null : source);

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
    setErrors(next);
    return null;
  }, [loadSchema, values]);

  const showServerErrors = useCallback(
    (fieldErrors: Record<string, string>) => {
      const next: FieldErrors<Field> = {};
      for (const [field, message] of Object.entries(fieldErrors)) {
        if (field in initial) next[field as Field] = message;
      }
      setErrors(next);
    },
    [initial],
  );

  const reset = useCallback(() => {
    setValues(initial);
    setErrors({});
  }, [initial]);

  /** The props that bind a text input to a field: `<TextField label="Email" {...form.textField('email')} />`. */
  const textField = <F extends TextFieldOf<Values>>(field: F) => ({
    name: field,
    value: values[field] as string,
    onChange: (value: string) => setValue(field, value as Values[F]),
    errorMessage: errors[field],
  });

  return { values, errors, setValue, textField, validate, showServerErrors, reset };
}
