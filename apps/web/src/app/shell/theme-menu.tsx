import type { RefObject } from 'react';
import type { Key } from 'react-aria-components';
import { MonitorIcon, MoonIcon, SunIcon } from '../../ui/icons/icons.tsx';
import { MenuItem, PopoverMenu } from '../../ui/menu/menu.tsx';
import { useTheme, type Theme } from '../../lib/theme.tsx';

const isTheme = (key: Key): key is Theme => key === 'light' || key === 'dark' || key === 'system';

export interface ThemeMenuProps {
  triggerRef: RefObject<HTMLElement | null>;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  placement?: 'bottom end' | 'top start' | undefined;
}

/** Light / Dark / System, remembered in localStorage (lib/theme). Opened by ThemeControl's button. */
export function ThemeMenu({ triggerRef, isOpen, onOpenChange, placement }: ThemeMenuProps) {
  const { theme, setTheme } = useTheme();
  return (
    <PopoverMenu
      triggerRef={triggerRef}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
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
    </PopoverMenu>
  );
}
