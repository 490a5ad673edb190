import { lazy, Suspense } from 'react';
import { useTheme } from '../../lib/theme.tsx';
import { Button } from '../../ui/button/button.tsx';
import { MoonIcon, SunIcon } from '../../ui/icons/icons.tsx';
import { themeMenuLabel } from './theme-menu-label.ts';

// The menu (react-aria's Menu and Popover) is a sizeable share of react-aria: it loads just after
// the page instead of with it, and this look-alike button stands in meanwhile.
const ThemeMenu = lazy(() => import('./theme-menu.tsx').then((m) => ({ default: m.ThemeMenu })));

function ThemeButtonPlaceholder() {
  const { theme, resolvedTheme } = useTheme();
  return (
    <Button variant="ghost" size="icon" aria-label={themeMenuLabel(theme)}>
      {resolvedTheme === 'dark' ? <MoonIcon /> : <SunIcon />}
    </Button>
  );
}

export function ThemeControl({ placement }: { placement?: 'bottom end' | 'top start' }) {
  return (
    <Suspense fallback={<ThemeButtonPlaceholder />}>
      <ThemeMenu placement={placement} />
    </Suspense>
  );
}
