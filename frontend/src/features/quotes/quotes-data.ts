import type { Quote } from '@towing/contracts';
import { api } from '../../shared/api/client';
import { queryClient } from '../../shared/query/queryClient';
import { removeById, socketToCache, upsertById, useLiveQuery } from '../../shared/realtime/live-query';

/** Every quote, newest first, as GET /api/quotes answers; kept current by quote:* pushes. */
export const QUOTES = ['quotes'] as const;

socketToCache('quote:created', QUOTES, (quotes: Quote[], quote) => upsertById(quotes, quote));
socketToCache('quote:updated', QUOTES, (quotes: Quote[], { emailOutcome: _outcome, ...quote }) => upsertById(quotes, quote));
socketToCache('quote:deleted', QUOTES, (quotes: Quote[], { id }) => removeById(quotes, id));

export const useQuotes = () => useLiveQuery({ queryKey: QUOTES, queryFn: () => api.call('GET /api/quotes') });

/** What this board's own change answered goes into the cache as a push would. */
export function quoteChanged(quote: Quote): void {
  queryClient.setQueryData<Quote[]>(QUOTES, (quotes) => quotes && upsertById(quotes, quote));
}

export function quoteRemoved(id: string): void {
  queryClient.setQueryData<Quote[]>(QUOTES, (quotes) => quotes && removeById(quotes, id));
}
