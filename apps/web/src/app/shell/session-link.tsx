import type { ReactNode } from 'react';
import { ApiProvider } from '../../lib/api.tsx';
import { useSession } from '../../lib/use-session.ts';

export interface SessionSwitchProps {
  /** What to show, signed in or not. */
  readonly children: (signedIn: boolean) => ReactNode;
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

function SessionSwitchWithSession({ children }: SessionSwitchProps) {
  const session = useSession();
  return children(Boolean(session.data?.user));
}
