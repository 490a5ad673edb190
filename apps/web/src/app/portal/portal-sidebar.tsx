import { dashboardMessages } from '@wellspring/domain';
import { useId, useState, type ReactNode } from 'react';
import { Button as AriaButton, Link as AriaLink } from 'react-aria-components';
import { useLocation } from 'wouter';
import { useSignOut } from '../../features/auth/use-auth-mutations.ts';
import { portalPaths } from '../../features/portal/portal-paths.ts';
import { useSignedInUser } from '../../lib/signed-in-user.tsx';
import { notify } from '../../lib/toast.tsx';
import { Button } from '../../ui/button/button.tsx';
import { ArrowLeftIcon, CalendarIcon, CloseIcon, CreditCardIcon, FileTextIcon, MenuIcon, UsersIcon } from '../../ui/icons/icons.tsx';
import { GridIcon, LogOutIcon, SettingsIcon } from '../../ui/icons/menu-icons.tsx';
import * as menu from '../signed-in/signed-in.css.ts';
import * as styles from './portal.css.ts';

interface PortalMenuLink {
  readonly label: string;
  readonly href: string;
  readonly icon: ReactNode;
}

/** docs/product.md#portal: the sidebar's screens, in the spec's order. */
export const portalMenu: readonly PortalMenuLink[] = [
  { label: 'Dashboard', href: portalPaths.dashboard, icon: <GridIcon /> },
  { label: 'Appointments', href: portalPaths.appointments, icon: <CalendarIcon /> },
  { label: 'Patients', href: portalPaths.patients, icon: <UsersIcon /> },
  { label: 'EHR Records', href: portalPaths.ehr, icon: <FileTextIcon /> },
  { label: 'Payments', href: portalPaths.payments, icon: <CreditCardIcon /> },
  { label: 'Settings', href: portalPaths.settings, icon: <SettingsIcon /> },
];

/**
 * "Active item highlighted when the current path contains its route" (docs/product.md#portal): a screen's entry is
 * current on it and on everything below it (a patient's record, the new-appointment form).
 */
export const isPortalItemCurrent = (href: string, location: string): boolean => location === href || location.startsWith(`${href}/`);

/**
 * The provider portal's sidebar: its screens, Back to Home and Log Out, which ends the session on the
 * server (the same sign-out as the workspace's side menu, with the portal's toasts). On a phone it
 * folds behind a "Portal menu" button above the screen, and folds again on each navigation.
 */
export function PortalSidebar() {
  const [location, navigate] = useLocation();
  const user = useSignedInUser();
  const [open, setOpen] = useState(false);
  const navId = useId();

  const [openedAt, setOpenedAt] = useState(location);
  if (openedAt !== location) {
    setOpenedAt(location);
    setOpen(false);
  }

  const signOut = useSignOut({
    onSignedOut: () => {
      notify.success(dashboardMessages.portalLoggedOut);
      navigate('/');
    },
  });
  const logOut = () => signOut.mutate(undefined, { onError: () => notify.error(dashboardMessages.logoutFailed) });

  return (
    <aside className={menu.sidebar}>
      <div className={styles.portalHeader}>
        <p className={styles.portalName}>Provider Portal</p>
        <p className={styles.portalUser}>{user.name}</p>
      </div>
      <Button variant="ghost" className={menu.menuToggle} aria-expanded={open} aria-controls={navId} onPress={() => setOpen((isOpen) => !isOpen)}>
        {open ? <CloseIcon /> : <MenuIcon />}
        Portal menu
      </Button>
      <nav id={navId} aria-label="Provider portal" className={menu.nav} data-open={open || undefined}>
        <ul className={menu.menuList}>
          {portalMenu.map(({ label, href, icon }) => (
            <li key={href}>
              <AriaLink href={href} className={menu.menuItem} aria-current={isPortalItemCurrent(href, location) ? 'page' : undefined}>
                {icon}
                {label}
              </AriaLink>
            </li>
          ))}
        </ul>
        <div className={menu.separator} role="presentation" />
        <ul className={menu.menuList}>
          <li>
            <AriaLink href="/" className={menu.menuItem}>
              <ArrowLeftIcon />
              Back to Home
            </AriaLink>
          </li>
          <li>
            <AriaButton className={menu.menuItem} isDisabled={signOut.isPending} onPress={logOut}>
              <LogOutIcon />
              {signOut.isPending ? dashboardMessages.loggingOut : 'Log Out'}
            </AriaButton>
          </li>
        </ul>
      </nav>
    </aside>
  );
}
