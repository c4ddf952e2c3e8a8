import type { HeldSosSource } from '@towing/contracts';
import { api } from '../../../shared/api/client';
import { refetchOn, useLiveQuery } from '../../../shared/realtime/live-query';

/** During a flood `sos:held` arrives for every held SOS: the list is re-read at most this often. */
export const HELD_REREAD_MS = 2000;

const HELD_SOURCES = ['sos-holds'] as const;

refetchOn('sos:held', HELD_SOURCES, { atMostEveryMs: HELD_REREAD_MS });

/** The addresses whose SOS are held, one line each, kept fresh by `sos:held` pushes. */
export function useHeldSosSources(): { sources: HeldSosSource[]; reload(): void } {
  const query = useLiveQuery({ queryKey: HELD_SOURCES, queryFn: () => api.call('GET /api/sos-holds') });
  return { sources: query.data ?? [], reload: () => void query.refetch() };
}
