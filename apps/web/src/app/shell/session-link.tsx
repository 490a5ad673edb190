import { useSession } from '../../lib/use-session.ts';
import { ApiProvider } from '../../lib/api.tsx';
import { SessionNavLink, type SessionNavLinkProps } from './session-nav-link.tsx';

/**
 * The header's session-dependent link (local and preview hosts only). The header loads it lazily,
 * with the API stack, and shows the signed-out link until then.
 */
export function SessionLink(props: SessionNavLinkProps) {
  return (
    <ApiProvider>
      <SessionLinkWithSession {...props} />
    </ApiProvider>
  );
}

function SessionLinkWithSession(props: SessionNavLinkProps) {
  const session = useSession();
  return <SessionNavLink {...props} signedIn={Boolean(session.data?.user)} />;
}
