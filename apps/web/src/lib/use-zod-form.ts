import { useCallback, useState } from 'react';
import type { z } from 'zod';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/**
 * Form state for a domain schema whose fields are all text: values, one message per field (the
 * schema's, to the letter), and server field errors merged in. The same schema validates on the server.
 */
export function useZodForm<Field extends string, Output>(
  schema: z.ZodType<Output, Record<Field, string>>,
  initialValues: Record<Field, string>,
) {
  const [initial] = useState(initialValues);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  const setValue = useCallback((field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // An edited field's message no longer applies; the next submit checks it again.
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }, []);

  /** Parses the values; on failure shows the messages and returns null. */
  const validate = useCallback((): Output | null => {
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
  }, [schema, values]);

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
