import { lazy, Suspense, useRef, useState } from 'react';
import { useTheme, type Theme } from '../../lib/theme.tsx';
import { Button } from '../../ui/button/button.tsx';
import { MoonIcon, SunIcon } from '../../ui/icons/icons.tsx';

const themeLabels: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };

// react-aria's Menu and Popover are a large share of react-aria; the landing page should not pay
// for them up front, so the menu's code loads when the button is first pointed at or pressed.
const loadThemeMenu = () => import('./theme-menu.tsx').then((m) => ({ default: m.ThemeMenu }));
const ThemeMenu = lazy(loadThemeMenu);

/** The theme switch (Light / Dark / System): a menu button. */
export function ThemeControl({ placement }: { placement?: 'bottom end' | 'top start' }) {
  const { theme, resolvedTheme } = useTheme();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);

  const closeMenu = (open: boolean) => {
    setOpen(open);
    if (!open) triggerRef.current?.focus();
  };

  return (
    <>
      <Button
        ref={triggerRef}
        variant="ghost"
        size="icon"
        aria-label={`Change theme (current: ${themeLabels[theme]})`}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        onHoverStart={() => void loadThemeMenu()}
        onFocus={() => void loadThemeMenu()}
        onPress={() => {
          setMenuWanted(true);
          setOpen((open) => !open);
        }}
      >
        {resolvedTheme === 'dark' ? <MoonIcon /> : <SunIcon />}
      </Button>
      {menuWanted ? (
        <Suspense fallback={null}>
          <ThemeMenu triggerRef={triggerRef} isOpen={isOpen} onOpenChange={closeMenu} placement={placement} />
        </Suspense>
      ) : null}
    </>
  );
}
