import { Suspense, type ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { signedInUserId, signInPathForVisitor } from '../../lib/session-guard.ts';
import { SignedInUserProvider } from '../../lib/signed-in-user.tsx';
import { useSession } from '../../lib/use-session.ts';
import { Button } from '../../ui/button/button.tsx';
import { FormAlert } from '../../ui/form/form.tsx';
import { Skeleton } from '../../ui/skeleton/skeleton.tsx';
import type { SignedInRouteEntry } from '../route-entry.ts';
import { LoginPrompt } from './login-prompt.tsx';
import * as styles from './signed-in.css.ts';

export interface RequireSessionProps {
  /** What a visitor without a session gets on this route (app/routes). */
  readonly visitor: SignedInRouteEntry['visitor'];
  readonly children: ReactNode;
}

/**
 * The one session check of the signed-in screens. Signed in: the screens, with the practitioner
 * given to them (`useSignedInUser`). A visitor is sent to sign in with the page asked for as `next`
 * (the sign-in page returns there), shown the login prompt on `/dashboard`, or the route's own
 * visitor screen (`/referral?code=`). A tab whose session
 * ended under it is left to the app's session-ended redirect (app/shell), which adds the reason.
 */
export function RequireSession({ visitor, children }: RequireSessionProps) {
  const [path] = useLocation();
  const search = useSearch();
  const session = useSession();

  // A cached "no user" that is being fetched again (a sign-in just happened) is not an answer yet.
  if (session.isPending || (session.isFetching && !session.data?.user)) return <SignedInLoading />;
  if (session.isError) return <SessionCheckFailed retry={() => void session.refetch()} />;

  const user = session.data.user;
  if (user) return <SignedInUserProvider user={user}>{children}</SignedInUserProvider>;

  // This tab still remembers a user: the session ended, and lib/session-guard is reporting it.
  if (signedInUserId() !== null) return null;
  if (visitor === 'login-prompt') return <LoginPrompt />;
  if (typeof visitor !== 'string') {
    const VisitorScreen = visitor;
    return (
      <Suspense fallback={<SignedInLoading />}>
        <VisitorScreen />
      </Suspense>
    );
  }
  return <Redirect to={signInPathForVisitor(path, search)} replace />;
}

export function SignedInLoading() {
  return (
    <div className={styles.loading} role="status" aria-label="Loading dashboard">
      <Skeleton height="2.5rem" width="50%" />
      <Skeleton height="1rem" width="30%" />
      <Skeleton height="10rem" />
    </div>
  );
}

function SessionCheckFailed({ retry }: { retry: () => void }) {
  return (
    <div className={styles.loading}>
      <FormAlert>We could not reach Wellspring to check your sign-in. Please check your connection.</FormAlert>
      <Button variant="outline" onPress={retry}>
        Try again
      </Button>
    </div>
  );
}
