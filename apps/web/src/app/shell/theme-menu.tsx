import type { Key } from 'react-aria-components';
import { Button } from '../../ui/button/button.tsx';
import { MonitorIcon, MoonIcon, SunIcon } from '../../ui/icons/icons.tsx';
import { Menu, MenuItem } from '../../ui/menu/menu.tsx';
import { useTheme, type Theme } from '../../lib/theme.tsx';
import { themeMenuLabel } from './theme-menu-label.ts';

const isTheme = (key: Key): key is Theme => key === 'light' || key === 'dark' || key === 'system';

/** Light / Dark / System, remembered in localStorage (lib/theme). */
export function ThemeMenu({ placement = 'bottom end' }: { placement?: 'bottom end' | 'top start' | undefined }) {
  const { theme, resolvedTheme, setTheme } = useTheme();
  return (
    <Menu
      placement={placement}
      aria-label="Theme"
      selectionMode="single"
      selectedKeys={[theme]}
      disallowEmptySelection
      onSelectionChange={(keys) => {
        if (keys === 'all') return;
        const [key] = keys;
        if (key !== undefined && isTheme(key)) setTheme(key);
      }}
      button={
        <Button variant="ghost" size="icon" aria-label={themeMenuLabel(theme)}>
          {resolvedTheme === 'dark' ? <MoonIcon /> : <SunIcon />}
        </Button>
      }
    >
      <MenuItem id="light" icon={<SunIcon size={18} />}>
        Light
      </MenuItem>
      <MenuItem id="dark" icon={<MoonIcon size={18} />}>
        Dark
      </MenuItem>
      <MenuItem id="system" icon={<MonitorIcon size={18} />}>
        System
      </MenuItem>
    </Menu>
  );
}
