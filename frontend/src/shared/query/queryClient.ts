import { type QueryKey, QueryClient, type Updater, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { HttpError } from '../api/client';

/** How often a failed read is tried again before the screen says it failed. */
export const READ_RETRIES = 2;

/** A refusal (4xx) stays a refusal however often it is asked; a dropped connection or a 5xx may pass. */
export function worthRetrying(failures: number, error: unknown): boolean {
  if (error instanceof HttpError && error.status >= 400 && error.status < 500) return false;
  return failures < READ_RETRIES;
}

/**
 * The browser's one copy of what the server said: every REST read is a query of this client
 * (through `api.call`), and socket pushes edit its cache (realtime/live-query.ts). Screens pass
 * it to TanStack's hooks themselves rather than through a provider, so the shell and /sos, which
 * read nothing through it, never load the library.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: worthRetrying,
      // A dispatcher switching windows is no reason to read everything again: live data is kept by
      // pushes, and the rest is read when its screen opens.
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});

// A provider would do this as it mounts: the client follows the browser's online and focus state.
queryClient.mount();

/**
 * Writes what the screen learnt itself (a sign-in, a sign-out, a lookup) over a read of the same
 * key still under way: that read asked before it, and its answer would undo it. The read is
 * cancelled first, which puts back what was shown before it began, then this is written.
 */
export async function settleQueryData<T>(queryKey: QueryKey, update: Updater<T | undefined, T | undefined>): Promise<void> {
  await queryClient.cancelQueries({ queryKey });
  queryClient.setQueryData<T>(queryKey, update);
}

/**
 * Reads a query again when `version` moves (a job's `updatedAt`: every change to it writes a
 * history line). The query keeps its key, so the last answer stays on screen meanwhile, and
 * after a failed read too.
 */
export function useRereadOnChange(read: Pick<UseQueryResult, 'refetch'>, version: string): void {
  const seen = useRef(version);
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    void read.refetch();
  }, [read, version]);
}
