import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useTRPC } from '../../lib/trpc.ts';
import { useSession } from '../auth/use-session.ts';

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
  const session = useSession();
  const signedIn = Boolean(session.data?.user);
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
  const isFavorite = useCallback(
    (practitionerId: string) => (signedIn ? (savedIds ?? []) : storedIds).includes(practitionerId),
    [signedIn, savedIds, storedIds],
  );

  const { mutateAsync } = save;
  const setFavorite = useCallback(
    async (practitionerId: string, favorite: boolean): Promise<boolean> => {
      if (signedIn) {
        const result = await mutateAsync({ practitionerId, favorite });
        return result.favorite;
      }
      const rest = readStoredIds().filter((id) => id !== practitionerId);
      writeStoredIds(favorite ? [...rest, practitionerId] : rest);
      return favorite;
    },
    [signedIn, mutateAsync],
  );

  return {
    isLoading: session.isPending || (signedIn && saved.isPending),
    isUpdating: save.isPending,
    isFavorite,
    setFavorite,
  };
}
