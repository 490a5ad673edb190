import { dashboardMessages } from '@wellspring/domain';
import { billingPaths } from '../../lib/billing-paths.ts';
import { notify } from '../../lib/toast.tsx';
import { CalendarIcon, ClockIcon, CompassIcon, CreditCardIcon, FileTextIcon, MessageIcon, UserIcon, UsersIcon, VideoIcon } from '../../ui/icons/icons.tsx';
import { GridIcon, SettingsIcon } from '../../ui/icons/menu-icons.tsx';
import { SideMenu as Menu, type SideMenuEntry } from '../../ui/side-menu/side-menu.tsx';
import { useLogOutEntry } from './use-log-out-entry.tsx';

const { comingSoon } = dashboardMessages;

const comingSoonToast = (title: string) => () => notify.info({ title });

/**
 * docs/product.md#side-menu: one menu for every signed-in screen, in
 * the spec's order. An entry is a screen (a link) or a coming-soon placeholder (a toast) until the
 * feature is built (issue 26 turns Billing and Clinical Notes into screens).
 */
const entries: readonly SideMenuEntry[] = [
  { label: 'Dashboard', href: '/dashboard', icon: <GridIcon /> },
  { label: 'My Profile', href: '/practitioner-profile/edit', icon: <UserIcon /> },
  { label: 'Schedule', href: '/dashboard/schedule', icon: <CalendarIcon /> },
  { label: 'Online Booking', href: '/dashboard/booking', icon: <ClockIcon /> },
  { label: 'Patient Records', href: '/dashboard/patients', icon: <UsersIcon /> },
  { label: 'Telehealth', onPress: comingSoonToast(comingSoon.telehealthSetup), icon: <VideoIcon /> },
  { label: 'Billing', href: billingPaths.list, icon: <CreditCardIcon /> },
  { label: 'Messages', onPress: comingSoonToast(comingSoon.messages), icon: <MessageIcon /> },
  { label: 'Clinical Notes', href: '/dashboard/notes', icon: <FileTextIcon /> },
  { label: 'Community', href: '/community', icon: <CompassIcon /> },
  { label: 'Settings', href: '/dashboard/settings', icon: <SettingsIcon /> },
];

/** A screen's entry is current on that screen and below it (a patient's record is under Patient Records). */
function isCurrent(href: string, location: string): boolean {
  return href === '/dashboard' ? location === href : location === href || location.startsWith(`${href}/`);
}

/**
 * The side menu of the signed-in screens (ui/side-menu): links to the screens, coming-soon
 * placeholders (a toast) and Log Out, which ends the session on the server.
 */
export function SideMenu() {
  const logOut = useLogOutEntry({ title: dashboardMessages.loggedOut });
  return <Menu label="Dashboard" toggleLabel="Dashboard menu" entries={entries} endEntries={[logOut]} isCurrent={isCurrent} />;
}
