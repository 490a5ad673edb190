import { dashboardMessages } from '@wellspring/domain';
import { useId, useState, type ReactNode } from 'react';
import { Button as AriaButton, Link as AriaLink } from 'react-aria-components';
import { useLocation } from 'wouter';
import { useSignOut } from '../../features/auth/use-auth-mutations.ts';
import { billingPaths } from '../../lib/billing-paths.ts';
import { notify } from '../../lib/toast.tsx';
import { Button } from '../../ui/button/button.tsx';
import {
  CalendarIcon,
  ClockIcon,
  CloseIcon,
  CompassIcon,
  CreditCardIcon,
  FileTextIcon,
  MenuIcon,
  MessageIcon,
  UserIcon,
  UsersIcon,
  VideoIcon,
} from '../../ui/icons/icons.tsx';
import { GridIcon, LogOutIcon, SettingsIcon } from '../../ui/icons/menu-icons.tsx';
import * as styles from './signed-in.css.ts';

interface MenuLink {
  readonly label: string;
  readonly href: string;
  readonly icon: ReactNode;
}

interface ComingSoon {
  readonly label: string;
  readonly toast: string;
  readonly icon: ReactNode;
}

const { comingSoon } = dashboardMessages;

/**
 * docs/product.md#side-menu: one menu for every signed-in screen, in
 * the spec's order. An entry is a screen (a link) or a coming-soon placeholder (a toast) until the
 * feature is built (issue 26 turns Billing and Clinical Notes into screens).
 */
const entries: readonly (MenuLink | ComingSoon)[] = [
  { label: 'Dashboard', href: '/dashboard', icon: <GridIcon /> },
  { label: 'My Profile', href: '/practitioner-profile/edit', icon: <UserIcon /> },
  { label: 'Schedule', href: '/dashboard/schedule', icon: <CalendarIcon /> },
  { label: 'Online Booking', href: '/dashboard/booking', icon: <ClockIcon /> },
  { label: 'Patient Records', href: '/dashboard/patients', icon: <UsersIcon /> },
  { label: 'Telehealth', toast: comingSoon.telehealthSetup, icon: <VideoIcon /> },
  { label: 'Billing', href: billingPaths.list, icon: <CreditCardIcon /> },
  { label: 'Messages', toast: comingSoon.messages, icon: <MessageIcon /> },
  { label: 'Clinical Notes', href: '/dashboard/notes', icon: <FileTextIcon /> },
  { label: 'Community', href: '/community', icon: <CompassIcon /> },
  { label: 'Settings', href: '/dashboard/settings', icon: <SettingsIcon /> },
];

/** A screen's entry is current on that screen and below it (a patient's record is under Patient Records). */
function isCurrent(href: string, location: string): boolean {
  return href === '/dashboard' ? location === href : location === href || location.startsWith(`${href}/`);
}

/**
 * The side menu of the signed-in screens: links to the screens, coming-soon placeholders (a toast)
 * and Log Out, which ends the session on the server. On a phone it folds behind a "Menu" button
 * and folds again on each navigation.
 */
export function SideMenu() {
  const [location, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const navId = useId();

  // Folds again on every route change.
  const [openedAt, setOpenedAt] = useState(location);
  if (openedAt !== location) {
    setOpenedAt(location);
    setOpen(false);
  }

  const signOut = useSignOut({
    onSignedOut: () => {
      notify.success({ title: dashboardMessages.loggedOut });
      navigate('/');
    },
  });

  const link = ({ label, href, icon }: MenuLink) => (
    <li key={href}>
      <AriaLink href={href} className={styles.menuItem} aria-current={isCurrent(href, location) ? 'page' : undefined}>
        {icon}
        {label}
      </AriaLink>
    </li>
  );

  const placeholder = ({ label, toast, icon }: ComingSoon) => (
    <li key={label}>
      <AriaButton className={styles.menuItem} onPress={() => notify.info({ title: toast })}>
        {icon}
        {label}
      </AriaButton>
    </li>
  );

  return (
    <aside className={styles.sidebar}>
      <Button
        variant="ghost"
        className={styles.menuToggle}
        aria-expanded={open}
        aria-controls={navId}
        onPress={() => setOpen((isOpen) => !isOpen)}
      >
        {open ? <CloseIcon /> : <MenuIcon />}
        Dashboard menu
      </Button>
      <nav id={navId} aria-label="Dashboard" className={styles.nav} data-open={open || undefined}>
        <ul className={styles.menuList}>
          {entries.map((entry) => ('href' in entry ? link(entry) : placeholder(entry)))}
        </ul>
        <div className={styles.separator} role="presentation" />
        <AriaButton
          className={styles.menuItem}
          isDisabled={signOut.isPending}
          onPress={() => signOut.mutate(undefined, { onError: () => notify.error(dashboardMessages.logoutFailed) })}
        >
          <LogOutIcon />
          {signOut.isPending ? dashboardMessages.loggingOut : 'Log Out'}
        </AriaButton>
      </nav>
    </aside>
  );
}
