import { useMutation, useQueryClient } from '@tanstack/react-query';
import { forgetSignedInUser, rememberSignedInUser } from '../../lib/session-guard.ts';
import { useTRPC } from '../../lib/trpc.ts';

/** Sign-in, sign-up and sign-out all change who `auth.me` returns, so each refreshes it. */
function useRefreshSession() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries(trpc.auth.me.pathFilter());
}

/**
 * Signed in as `user`: the tab knows it at once, before `auth.me` is fetched again, so the page it
 * goes to next finds that user's drafts (lib/form-drafts).
 */
function useSignedIn() {
  const refreshSession = useRefreshSession();
  return ({ user }: { user: { id: string } }) => {
    rememberSignedInUser(user.id);
    return refreshSession();
  };
}

/** The password: signed in, or (2-step on) a code still owed through `useSecondFactor`. */
export function useSignIn() {
  const trpc = useTRPC();
  const signedIn = useSignedIn();
  const refreshSession = useRefreshSession();
  return useMutation(trpc.auth.signIn.mutationOptions({ onSuccess: (answer) => (answer.status === 'signed-in' ? signedIn(answer) : refreshSession()) }));
}

/** The sign-in's second step: a code from the authenticator app, or a recovery code. */
export function useSecondFactor() {
  const trpc = useTRPC();
  const signedIn = useSignedIn();
  return useMutation(trpc.auth.secondFactor.mutationOptions({ onSuccess: signedIn }));
}

/** Sign-up answers "check your e-mail" whatever the address: nobody is signed in by it. */
export function useSignUp() {
  const trpc = useTRPC();
  return useMutation(trpc.auth.signUp.mutationOptions());
}

/**
 * Signing out also discards every draft typed in this browser's tabs (shared clinic computers) and
 * everything read under the session. `onSignedOut` runs first (leave the signed-in page), so the
 * signed-in screens never see the visitor the tab has become; then the cache is emptied and
 * `auth.me` fetched again.
 */
export function useSignOut({ onSignedOut }: { onSignedOut: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.auth.signOut.mutationOptions({
      onSuccess: () => {
        forgetSignedInUser();
        onSignedOut();
        return queryClient.resetQueries();
      },
    }),
  );
}
