import { useCallback, useEffect, useRef, useState } from 'react';
import type * as ApiCallsModule from './api-calls.ts';
import type { ApiClient } from './trpc.ts';

/*
 * API calls from the landing page, whose initial JavaScript leaves the API stack out (docs/architecture.md#budgets):
 * the client (lib/api, the same page-wide singleton the rest of the app uses) loads with the first
 * keystroke in a form (`preloadApi`) or, at the latest, with the first submit.
 */
type ApiCalls = typeof ApiCallsModule;

let loading: Promise<ApiCalls> | undefined;
let loaded: ApiCalls | undefined;

function loadApi(): Promise<ApiCalls> {
  loading ??= import('./api-calls.ts').then(
    (api) => (loaded = api),
    (error: unknown) => {
      loading = undefined; // a failed chunk load is retried by the next call
      throw error;
    },
  );
  return loading;
}

/** Starts loading the API client ahead of the first call. */
export function preloadApi(): void {
  if (!loaded) void loadApi().catch(() => undefined);
}

/** A failed call, as the UI reacts to it. */
class ApiCallError extends Error {
  constructor(
    /** The tRPC error code (CONFLICT, BAD_REQUEST...), undefined for a network failure. */
    readonly code: string | undefined,
    /** The server's field messages, first message per field. */
    readonly fieldErrors: Record<string, string>,
    options?: ErrorOptions,
  ) {
    super(code ?? 'Network failure', options);
    this.name = 'ApiCallError';
  }
}

function call<T>(api: ApiCalls, request: (client: ApiClient) => Promise<T>): Promise<T> {
  return request(api.apiClient).catch((error: unknown) => {
    throw new ApiCallError(api.apiErrorCode(error), api.apiFieldErrors(error), { cause: error });
  });
}

/** Calls the API once its client is loaded (at once if it already is); failures are `ApiCallError`s. */
function callApi<T>(request: (client: ApiClient) => Promise<T>): Promise<T> {
  if (loaded) return call(loaded, request);
  return loadApi().then(
    (api) => call(api, request),
    (error: unknown) => {
      throw new ApiCallError(undefined, {}, { cause: error });
    },
  );
}

export interface LazyMutateCallbacks<Output> {
  readonly onSuccess?: (data: Output) => void;
  readonly onError?: (error: ApiCallError) => void;
}

/**
 * React Query's `useMutation` in small, for `callApi`: `isPending` while a call is in flight (a
 * second `mutate` meanwhile is ignored), and callbacks that only run while the component is mounted.
 */
export function useLazyMutation<Input, Output>(request: (client: ApiClient, input: Input) => Promise<Output>) {
  const [isPending, setPending] = useState(false);
  const pendingRef = useRef(false);
  const mountedRef = useRef(false);
  const requestRef = useRef(request);
  useEffect(() => {
    requestRef.current = request;
  });
  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
    };
  }, []);

  const mutate = useCallback((input: Input, callbacks: LazyMutateCallbacks<Output> = {}) => {
    if (pendingRef.current) return;
    pendingRef.current = true;
    setPending(true);
    const settle = () => {
      pendingRef.current = false;
      if (mountedRef.current) setPending(false);
    };
    callApi((client) => requestRef.current(client, input)).then(
      (data) => {
        settle();
        if (mountedRef.current) callbacks.onSuccess?.(data);
      },
      (error: unknown) => {
        settle();
        const failure = error instanceof ApiCallError ? error : new ApiCallError(undefined, {}, { cause: error });
        if (mountedRef.current) callbacks.onError?.(failure);
      },
    );
  }, []);

  return { isPending, mutate };
}
