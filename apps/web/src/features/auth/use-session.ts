import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc.ts';

/** The signed-in practitioner, or null; `auth.me` is the one place the client learns about its session. */
export function useSession({ enabled = true }: { enabled?: boolean } = {}) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.auth.me.queryOptions(), enabled, staleTime: 60_000 });
}
