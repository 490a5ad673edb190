import { TOAST_DURATION_MS, TOAST_LIMIT } from '@wellspring/domain';
import { createPortal } from 'react-dom';
import { ToastContainer } from 'react-toastify';
import { useTheme } from '../../lib/theme.tsx';

/**
 * Three toasts visible at once, 4 s each (docs/product.md#toasts). Loaded with the first toast (lib/toast).
 * `data-react-aria-top-layer` keeps toasts heard while a react-aria dialog is open: a modal hides
 * everything else from screen readers, and a failed save's toast comes while its dialog stays open.
 */
export function ToastHost() {
  const { resolvedTheme } = useTheme();
  // A layer of its own directly under <body>: a dialog opened before the first toast has already
  // hidden the app's root, so the toasts cannot live inside it.
  return createPortal(
    <div data-react-aria-top-layer="true">
      <ToastContainer position="bottom-right" limit={TOAST_LIMIT} autoClose={TOAST_DURATION_MS} theme={resolvedTheme} newestOnTop />
    </div>,
    document.body,
  );
}
