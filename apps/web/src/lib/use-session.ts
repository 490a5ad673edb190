import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { reconcileSession } from './session-guard.ts';
import { sessionHint } from './session-hint.ts';
import { useTRPC } from './trpc.ts';

/** The signed-in practitioner, or null; `auth.me` is the one place the client learns about its session. */
export function useSession({ enabled = true }: { enabled?: boolean } = {}) {
  const trpc = useTRPC();
  const session = useQuery({ ...trpc.auth.me.queryOptions(), enabled, staleTime: 60_000 });
  // Only an answer that is not being fetched again counts: a cached "no user" from before a sign-in
  // (refetching now) must not end the session that sign-in just started.
  const userId = session.data && !session.isFetching ? (session.data.user?.id ?? null) : undefined;
  // No user while this tab was signed in: the session ended (idle limit, expiry), see lib/session-guard.
  useEffect(() => {
    if (userId !== undefined) reconcileSession(userId);
    if (userId) sessionHint.sessionSeen();
  }, [userId]);
  return session;
}
