import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc.ts';

/** Sign-in, sign-up and sign-out all change who `auth.me` returns, so each refreshes it. */
function useRefreshSession() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries(trpc.auth.me.pathFilter());
}

export function useSignIn() {
  const trpc = useTRPC();
  const refreshSession = useRefreshSession();
  return useMutation(trpc.auth.signIn.mutationOptions({ onSuccess: refreshSession }));
}

export function useSignUp() {
  const trpc = useTRPC();
  const refreshSession = useRefreshSession();
  return useMutation(trpc.auth.signUp.mutationOptions({ onSuccess: refreshSession }));
}

export function useSignOut() {
  const trpc = useTRPC();
  const refreshSession = useRefreshSession();
  return useMutation(trpc.auth.signOut.mutationOptions({ onSuccess: refreshSession }));
}
