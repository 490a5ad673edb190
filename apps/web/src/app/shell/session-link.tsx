import type { ReactNode } from 'react';
import { ApiProvider } from '../../lib/api.tsx';
import { useSession } from '../../lib/use-session.ts';

export interface SessionSwitchProps {
  /** What to show, signed in or not. */
  readonly children: (signedIn: boolean) => ReactNode;
  /** What holds the place while the session is being asked for (neither set of items, so neither flashes). */
  readonly pending: ReactNode;
}

/**
 * The header's session-dependent items (local and preview hosts only). The header loads this
 * lazily, with the API stack, and shows the signed-out items until then.
 */
export function SessionSwitch(props: SessionSwitchProps) {
  return (
    <ApiProvider>
      <SessionSwitchWithSession {...props} />
    </ApiProvider>
  );
}

function SessionSwitchWithSession({ children, pending }: SessionSwitchProps) {
  const session = useSession();
  if (session.isPending) return pending;
  return children(Boolean(session.data?.user));
}
