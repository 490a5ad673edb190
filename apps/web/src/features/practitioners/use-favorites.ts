import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { apiErrorCode } from '../../lib/api-errors.ts';
import { useTRPC, useTRPCClient } from '../../lib/trpc.ts';
import { useMaybeSignedIn } from '../../lib/session-hint.ts';
import { useSession } from '../../lib/use-session.ts';

/** Where a signed-out visitor's favorites are kept (still set after a reload). */
export const FAVORITES_STORAGE_KEY = 'wellspring-favorites';

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedIds: readonly string[] = [];

function readStoredIds(): readonly string[] {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(FAVORITES_STORAGE_KEY);
  } catch {
    raw = null; // storage blocked: favorites last for the page only
  }
  if (raw === cachedRaw) return cachedIds;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    cachedIds = Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    cachedIds = [];
  }
  return cachedIds;
}

function writeStoredIds(ids: readonly string[]): void {
  try {
    window.localStorage.setItem(FAVORITES_STORAGE_KEY, JSON.stringify(ids));
  } catch {
    cachedRaw = undefined;
    cachedIds = ids;
  }
  for (const listener of listeners) listener();
}

const storedFavorites = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === FAVORITES_STORAGE_KEY) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
  getSnapshot: readStoredIds,
};

/** Drops ids from this browser's favorites (kept: ids added meanwhile, e.g. in another tab). */
function forgetStoredIds(ids: readonly string[]): void {
  const stored = readStoredIds();
  const rest = stored.filter((id) => !ids.includes(id));
  if (rest.length !== stored.length) writeStoredIds(rest);
}

/** Answers after which an id is not worth sending again: saved, or no such practitioner. */
const isSettled = (result: PromiseSettledResult<unknown>): boolean =>
  result.status === 'fulfilled' || ['NOT_FOUND', 'BAD_REQUEST'].includes(apiErrorCode(result.reason) ?? '');

/** The one merge in flight, shared by every mounted `useFavorites` (and React's strict double effects). */
let merging: Promise<void> | null = null;

export interface Favorites {
  /** Until the session (and, signed in, the saved favorites) are known. */
  readonly isLoading: boolean;
  readonly isUpdating: boolean;
  isFavorite(practitionerId: string): boolean;
  /** Sets the favorite; resolves to the new state, rejects when it could not be saved. */
  setFavorite(practitionerId: string, favorite: boolean): Promise<boolean>;
}

/**
 * The visitor's favorite practitioners: saved on their account when signed in (`favorites.*`),
 * otherwise in this browser's local storage.
 */
export function useFavorites(): Favorites {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // A visitor without a session cookie is signed out: no need to ask (lib/session-hint).
  const maybeSignedIn = useMaybeSignedIn();
  const session = useSession({ enabled: maybeSignedIn });
  const signedIn = maybeSignedIn && Boolean(session.data?.user);
  const saved = useQuery({ ...trpc.favorites.ids.queryOptions(), enabled: signedIn });
  const save = useMutation(
    trpc.favorites.set.mutationOptions({
      onSuccess: ({ practitionerId, favorite }) => {
        queryClient.setQueryData(trpc.favorites.ids.queryKey(), (ids: string[] | undefined) => {
          const rest = (ids ?? []).filter((id) => id !== practitionerId);
          return favorite ? [...rest, practitionerId] : rest;
        });
      },
    }),
  );
  const storedIds = useSyncExternalStore(storedFavorites.subscribe, storedFavorites.getSnapshot);
  const savedIds = saved.data;
  // Signed in, hearts set while signed out are on their way to the account (see below): they count.
  const isFavorite = useCallback(
    (practitionerId: string) => (signedIn ? [...(savedIds ?? []), ...storedIds] : storedIds).includes(practitionerId),
    [signedIn, savedIds, storedIds],
  );

  // Signing in merges this browser's favorites into the account, then forgets them here; an id that
  // could not be saved (offline) stays for the next time.
  const trpcClient = useTRPCClient();
  useEffect(() => {
    if (!signedIn || storedIds.length === 0 || merging) return;
    const ids = [...storedIds];
    merging = Promise.allSettled(ids.map((practitionerId) => trpcClient.favorites.set.mutate({ practitionerId, favorite: true })))
      .then(async (results) => {
        const saved = trpc.favorites.ids.queryFilter();
        // The page's first read of the account's favorites may have left before the merge landed; an
        // invalidation would hand that same answer back (React Query joins a first fetch rather than
        // cancel it), so it is dropped and read again. Then the hearts here are forgotten: read first,
        // so a merged heart never shows off in between.
        await queryClient.cancelQueries(saved);
        await queryClient.invalidateQueries(saved);
        forgetStoredIds(ids.filter((_, index) => isSettled(results[index]!)));
      })
      .finally(() => {
        merging = null;
      });
  }, [signedIn, storedIds, trpcClient, queryClient, trpc]);

  const { mutateAsync } = save;
  const setFavorite = useCallback(
    async (practitionerId: string, favorite: boolean): Promise<boolean> => {
      if (signedIn) {
        const result = await mutateAsync({ practitionerId, favorite });
        // The account has the last word on this heart: a copy left here must not bring it back.
        forgetStoredIds([practitionerId]);
        return result.favorite;
      }
      const rest = readStoredIds().filter((id) => id !== practitionerId);
      writeStoredIds(favorite ? [...rest, practitionerId] : rest);
      return favorite;
    },
    [signedIn, mutateAsync],
  );

  return {
    isLoading: (maybeSignedIn && session.isPending) || (signedIn && saved.isPending),
    isUpdating: save.isPending,
    isFavorite,
    setFavorite,
  };
}
