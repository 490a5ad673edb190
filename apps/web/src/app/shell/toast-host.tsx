import { ToastContainer } from 'react-toastify';
import { useTheme } from '../../lib/theme.tsx';

/** Three toasts visible at once, 4 s each (SPEC §9). Loaded with the first toast (lib/toast). */
export function ToastHost() {
  const { resolvedTheme } = useTheme();
  return <ToastContainer position="bottom-right" limit={3} autoClose={4000} theme={resolvedTheme} newestOnTop />;
}
