import { dashboardMessages } from '@wellspring/domain';
import { portalPaths } from '../../features/portal/portal-paths.ts';
import { useSignedInUser } from '../../lib/signed-in-user.tsx';
import { ArrowLeftIcon, CalendarIcon, CreditCardIcon, FileTextIcon, UsersIcon } from '../../ui/icons/icons.tsx';
import { GridIcon, SettingsIcon } from '../../ui/icons/menu-icons.tsx';
import { SideMenu, type SideMenuLink } from '../../ui/side-menu/side-menu.tsx';
import { useLogOutEntry } from '../signed-in/use-log-out-entry.tsx';
import * as styles from './portal.css.ts';

/** docs/product.md#portal: the sidebar's screens, in the spec's order. */
const portalMenu: readonly SideMenuLink[] = [
  { label: 'Dashboard', href: portalPaths.dashboard, icon: <GridIcon /> },
  { label: 'Appointments', href: portalPaths.appointments, icon: <CalendarIcon /> },
  { label: 'Patients', href: portalPaths.patients, icon: <UsersIcon /> },
  { label: 'EHR Records', href: portalPaths.ehr, icon: <FileTextIcon /> },
  { label: 'Payments', href: portalPaths.payments, icon: <CreditCardIcon /> },
  { label: 'Settings', href: portalPaths.settings, icon: <SettingsIcon /> },
];

const backToHome: SideMenuLink = { label: 'Back to Home', href: '/', icon: <ArrowLeftIcon /> };

/**
 * "Active item highlighted when the current path contains its route" (docs/product.md#portal): a screen's entry is
 * current on it and on everything below it (a patient's record, the new-appointment form).
 */
export const isPortalItemCurrent = (href: string, location: string): boolean => location === href || location.startsWith(`${href}/`);

/**
 * The provider portal's sidebar (ui/side-menu): its screens, Back to Home and Log Out, which ends the
 * session on the server (the same sign-out as the workspace's side menu, with the portal's toasts),
 * under the portal's name and the signed-in user's. On a phone it folds behind "Portal menu".
 */
export function PortalSidebar() {
  const user = useSignedInUser();
  const logOut = useLogOutEntry(dashboardMessages.portalLoggedOut);
  return (
    <SideMenu
      label="Provider portal"
      toggleLabel="Portal menu"
      heading={
        <div className={styles.portalHeader}>
          <p className={styles.portalName}>Provider Portal</p>
          <p className={styles.portalUser}>{user.name}</p>
        </div>
      }
      entries={portalMenu}
      endEntries={[backToHome, logOut]}
      isCurrent={isPortalItemCurrent}
    />
  );
}
