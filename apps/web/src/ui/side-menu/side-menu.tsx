import { useId, useState, type ReactNode } from 'react';
import { Button as AriaButton, Link as AriaLink } from 'react-aria-components';
import { useLocation } from 'wouter';
import { Button } from '../button/button.tsx';
import { CloseIcon, MenuIcon } from '../icons/icons.tsx';
import * as styles from './side-menu.css.ts';

/** An entry that goes to a screen. */
export interface SideMenuLink {
  readonly label: string;
  readonly href: string;
  readonly icon: ReactNode;
}

/** An entry that does something where it is (a coming-soon toast, Log Out). */
export interface SideMenuAction {
  readonly label: string;
  readonly icon: ReactNode;
  readonly onPress: () => void;
  readonly isDisabled?: boolean;
}

export type SideMenuEntry = SideMenuLink | SideMenuAction;

export interface SideMenuProps {
  /** The name of the navigation landmark ("Dashboard", "Provider portal"). */
  readonly label: string;
  /** The phone's button that unfolds the menu ("Dashboard menu"). */
  readonly toggleLabel: string;
  readonly entries: readonly SideMenuEntry[];
  /** Below a separator: leaving the area (Back to Home, Log Out). */
  readonly endEntries: readonly SideMenuEntry[];
  /** Whether a link's screen is the one shown: it is then marked as the current page. */
  readonly isCurrent: (href: string, location: string) => boolean;
  /** Above the menu, beside its phone button: the area's name, the user. */
  readonly heading?: ReactNode;
}

/**
 * The side menu of a signed-in area, fed its entries: links to screens and actions, then, below a
 * separator, the ways out. On a phone it folds behind a button above the screen and folds again on
 * each navigation.
 */
export function SideMenu({ label, toggleLabel, entries, endEntries, isCurrent, heading }: SideMenuProps) {
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  const navId = useId();

  // Folds again on every route change.
  const [openedAt, setOpenedAt] = useState(location);
  if (openedAt !== location) {
    setOpenedAt(location);
    setOpen(false);
  }

  // An action is keyed by its place, not its label: Log Out's label changes while it runs, and a new
  // key would remount the button and drop the keyboard focus from it.
  const entry = (item: SideMenuEntry, index: number) =>
    'href' in item ? (
      <li key={item.href}>
        <AriaLink href={item.href} className={styles.menuItem} aria-current={isCurrent(item.href, location) ? 'page' : undefined}>
          {item.icon}
          {item.label}
        </AriaLink>
      </li>
    ) : (
      <li key={`action-${index}`}>
        <AriaButton className={styles.menuItem} isDisabled={item.isDisabled} onPress={item.onPress}>
          {item.icon}
          {item.label}
        </AriaButton>
      </li>
    );

  return (
    <aside className={styles.sidebar}>
      {heading}
      <Button variant="ghost" className={styles.menuToggle} aria-expanded={open} aria-controls={navId} onPress={() => setOpen((isOpen) => !isOpen)}>
        {open ? <CloseIcon /> : <MenuIcon />}
        {toggleLabel}
      </Button>
      <nav id={navId} aria-label={label} className={styles.nav} data-open={open || undefined}>
        <ul className={styles.menuList}>{entries.map(entry)}</ul>
        <div className={styles.separator} role="presentation" />
        <ul className={styles.menuList}>{endEntries.map(entry)}</ul>
      </nav>
    </aside>
  );
}
