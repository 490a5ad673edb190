import { useCallback, useRef, useState } from 'react';
import type { z } from 'zod';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

type FormSchema<Field extends string, Output> = z.ZodType<Output, Record<Field, string>>;

/**
 * The schema itself, or a loader for it: the landing page's forms load zod with their first
 * keystroke instead of with the page (see features/waitlist/waitlist-schemas).
 */
export type SchemaSource<Field extends string, Output> = FormSchema<Field, Output> | (() => Promise<FormSchema<Field, Output>>);

/**
 * Form state for a domain schema whose fields are all text: values, one message per field (the
 * schema's, to the letter), and server field errors merged in. The same schema validates on the server.
 */
export function useZodForm<Field extends string, Output>(source: SchemaSource<Field, Output>, initialValues: Record<Field, string>) {
  const [initial] = useState(initialValues);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const schemaRef = useRef<FormSchema<Field, Output> | null>(typeof source === 'function' ? null : source);

  const loadSchema = useCallback(async (): Promise<FormSchema<Field, Output>> => {
    if (schemaRef.current) return schemaRef.current;
    const schema = typeof source === 'function' ? await source() : source;
    schemaRef.current = schema;
    return schema;
  }, [source]);

  const setValue = useCallback(
    (field: Field, value: string) => {
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

  return { values, errors, setValue, validate, showServerErrors, reset };
}
