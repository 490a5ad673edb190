import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A success message that stands in for its form for `durationMs` (SPEC: "thank-you for 3 s → reset
 * form"), keeping keyboard focus where the user is (WCAG 2.4.3): the message takes focus as it
 * appears, so a screen reader reads it and focus does not fall to the page body; if focus is still
 * on it when the form comes back, `onFormBack` puts it in the form (its first field).
 * The message element needs `tabIndex={-1}` and `ref={successRef}`.
 */
export function useSuccessScreen(durationMs: number, onFormBack: () => void) {
  const [shown, setShown] = useState(false);
  const element = useRef<HTMLElement | null>(null);
  const [refocus, setRefocus] = useState(false);
  const onFormBackRef = useRef(onFormBack);
  useEffect(() => {
    onFormBackRef.current = onFormBack;
  });

  // Stable, so a re-render while the message shows does not pull focus back to it.
  const successRef = useCallback((node: HTMLElement | null) => {
    element.current = node;
    node?.focus();
  }, []);

  useEffect(() => {
    if (!shown) return;
    const timer = window.setTimeout(() => {
      setRefocus(element.current?.contains(document.activeElement) ?? false);
      setShown(false);
    }, durationMs);
    return () => window.clearTimeout(timer);
  }, [shown, durationMs]);

  useEffect(() => {
    if (!refocus) return;
    onFormBackRef.current();
    setRefocus(false);
  }, [refocus]);

  const show = useCallback(() => setShown(true), []);
  return { shown, show, successRef };
}
