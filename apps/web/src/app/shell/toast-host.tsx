import { TOAST_DURATION_MS, TOAST_LIMIT } from '@wellspring/domain';
import { ToastContainer } from 'react-toastify';
import { useTheme } from '../../lib/theme.tsx';

/** Three toasts visible at once, 4 s each (SPEC §9). Loaded with the first toast (lib/toast). */
export function ToastHost() {
  const { resolvedTheme } = useTheme();
  return <ToastContainer position="bottom-right" limit={TOAST_LIMIT} autoClose={TOAST_DURATION_MS} theme={resolvedTheme} newestOnTop />;
}
