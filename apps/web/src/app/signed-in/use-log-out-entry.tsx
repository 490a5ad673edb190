import { dashboardMessages } from '@wellspring/domain';
import { useLocation } from 'wouter';
import { useSignOut } from '../../features/auth/use-auth-mutations.ts';
import { notify, type ToastMessage } from '../../lib/toast.tsx';
import { LogOutIcon } from '../../ui/icons/menu-icons.tsx';
import type { SideMenuAction } from '../../ui/side-menu/side-menu.tsx';

/**
 * A side menu's Log Out: ends the session on the server, toasts `signedOut` and goes home; reads
 * "Logging out..." and is disabled meanwhile (docs/product.md#side-menu); a failure toasts and leaves it ready again.
 */
export function useLogOutEntry(signedOut: ToastMessage): SideMenuAction {
  const [, navigate] = useLocation();
  const signOut = useSignOut({
    onSignedOut: () => {
      notify.success(signedOut);
      navigate('/');
    },
  });
  return {
    label: signOut.isPending ? dashboardMessages.loggingOut : 'Log Out',
    icon: <LogOutIcon />,
    isDisabled: signOut.isPending,
    onPress: () => signOut.mutate(undefined, { onError: () => notify.error(dashboardMessages.logoutFailed) }),
  };
}
