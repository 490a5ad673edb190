import type { ReactNode, RefObject } from 'react';
import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  MenuTrigger,
  Popover,
  type MenuItemProps as AriaMenuItemProps,
  type MenuProps as AriaMenuProps,
  type MenuTriggerProps,
} from 'react-aria-components';
import { CheckIcon } from '../icons/icons.tsx';
import * as styles from './menu.css.ts';

export type MenuProps<T extends object> = Omit<AriaMenuProps<T>, 'className'> & {
  /** The element that opens the menu: one of our Buttons. */
  button: ReactNode;
  placement?: 'bottom start' | 'bottom end' | 'top start' | 'top end';
} & Omit<MenuTriggerProps, 'children' | 'trigger'>;

export function Menu<T extends object>({ button, placement = 'bottom end', isOpen, defaultOpen, onOpenChange, ...props }: MenuProps<T>) {
  return (
    <MenuTrigger isOpen={isOpen} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {button}
      <Popover placement={placement} className={styles.popover}>
        <AriaMenu {...props} className={styles.menu} />
      </Popover>
    </MenuTrigger>
  );
}

export type MenuItemProps = Omit<AriaMenuItemProps, 'className' | 'children'> & { children: ReactNode; icon?: ReactNode };

export function MenuItem({ children, icon, ...props }: MenuItemProps) {
  const textValue = props.textValue ?? (typeof children === 'string' ? children : undefined);
  return (
    <AriaMenuItem {...props} textValue={textValue} className={styles.item}>
      {({ isSelected }) => (
        <>
          {icon}
          <span>{children}</span>
          {isSelected ? <CheckIcon size={16} className={styles.check} /> : null}
        </>
      )}
    </AriaMenuItem>
  );
}

export type PopoverMenuProps<T extends object> = Omit<AriaMenuProps<T>, 'className'> & {
  /** The button the menu belongs to; it keeps focus-ownership and aria-expanded itself. */
  triggerRef: RefObject<HTMLElement | null>;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  placement?: 'bottom start' | 'bottom end' | 'top start' | 'top end';
};

/**
 * A menu anchored to a button that lives outside it, for a menu whose code loads only when first
 * opened (the trigger renders at once, the menu later).
 */
export function PopoverMenu<T extends object>({
  triggerRef,
  isOpen,
  onOpenChange,
  placement = 'bottom end',
  ...props
}: PopoverMenuProps<T>) {
  return (
    <Popover
      triggerRef={triggerRef}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      placement={placement}
      aria-label={props['aria-label']}
      className={styles.popover}
    >
      <AriaMenu autoFocus="first" onClose={() => onOpenChange(false)} {...props} className={styles.menu} />
    </Popover>
  );
}
