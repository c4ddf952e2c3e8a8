import { type QueryKey, useQuery, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import type { ServerToClientEvents } from '@towing/contracts';
import { useEffect, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { queryClient } from '../query/queryClient';
import { type AppSocket, withSocket } from './socket';

type Payload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

interface CacheRule {
  queryKey: QueryKey;
  update(current: unknown, payload: unknown, queryKey: QueryKey): unknown;
  /** The push names no data: read the queries under the key it gives again instead. */
  refetch?: (payload: unknown) => QueryKey;
  /** A push that can come many times a second (a flood): read again at most this often. */
  refetchEveryMs?: number;
}

/** Rules whose throttled re-read is already due. */
const dueRereads = new WeakSet<CacheRule>();

/** Event name -> how it edits the cached queries; filled in by the features as their query modules load. */
const rules = new Map<string, CacheRule[]>();
/** The events the tab's socket already hands to the cache. */
const wired = new WeakMap<AppSocket, Set<string>>();

/** Marks the queries socket pushes keep current: they are read again on every (re)connect. */
const LIVE = { live: true };

/**
 * The one way a socket push reaches what the screens show: `event` edits every cached query under
 * `queryKey` (a prefix: ['job-photos'] reaches each job's ['job-photos', id]) with `update`, which
 * returns the new data; so data of another shape must never sit under the same key. A query nobody has read yet is left alone; its first read brings the news.
 */
export function socketToCache<E extends keyof ServerToClientEvents, T>(
  event: E,
  queryKey: QueryKey,
  update: (current: T, payload: Payload<E>, queryKey: QueryKey) => T,
): void {
  const list = rules.get(event) ?? [];
  list.push({ queryKey, update: update as CacheRule['update'] });
  rules.set(event, list);
}

function wire(opened: AppSocket): void {
  let events = wired.get(opened);
  if (!events) {
    events = new Set();
    wired.set(opened, events);
    // Socket delivery is at most once: whatever was pushed while the socket was away is lost, so
    // every live query is read again as it comes back.
    opened.on('connect', () => void queryClient.invalidateQueries({ predicate: (query) => query.meta?.live === true }));
  }
  // socket.io types listeners per event with a conditional type TypeScript cannot resolve for a
  // name known only at run time; socketToCache's signature already ties each update to its event.
  const socket: Socket = opened;
  for (const event of rules.keys()) {
    if (events.has(event)) continue;
    events.add(event);
    socket.on(event, (payload: unknown) => {
      for (const rule of rules.get(event) ?? []) {
        if (rule.refetch) {
          const queryKey = rule.refetch(payload);
          if (!rule.refetchEveryMs) {
            void queryClient.invalidateQueries({ queryKey });
          } else if (!dueRereads.has(rule)) {
            dueRereads.add(rule);
            setTimeout(() => {
              dueRereads.delete(rule);
              void queryClient.invalidateQueries({ queryKey });
            }, rule.refetchEveryMs);
          }
          continue;
        }
        for (const [queryKey, current] of queryClient.getQueriesData({ queryKey: rule.queryKey })) {
          if (current !== undefined) queryClient.setQueryData(queryKey, rule.update(current, payload, queryKey));
        }
      }
    });
  }
}

/**
 * Hands the events of every socketToCache rule on the tab's socket to the cache, opening the
 * socket if nothing has yet; answers whether it has connected.
 */
export function useSocketPushes(): boolean {
  const [connected, setConnected] = useState(false);
  useEffect(
    () =>
      withSocket((opened) => {
        wire(opened);
        const listening = () => setConnected(true);
        if (opened.connected) listening();
        opened.on('connect', listening);
        return () => {
          opened.off('connect', listening);
        };
      }),
    [],
  );
  return connected;
}

/**
 * A read kept current by socket pushes (their socketToCache rules) instead of polling: never
 * stale on its own, read again on every reconnect. Opens the tab's socket if nothing has yet, and
 * reads first once it is connected, so no push can fall between the answer and the listening.
 */
export function useLiveQuery<T>(options: UseQueryOptions<T, Error, T, QueryKey>): UseQueryResult<T, Error> {
  const connected = useSocketPushes();
  return useQuery(
    { staleTime: Number.POSITIVE_INFINITY, ...options, enabled: connected && options.enabled !== false, meta: { ...options.meta, ...LIVE } },
    queryClient,
  );
}

/** A push or an HTTP answer that carries its row's `updatedAt` is older than what is shown. */
function isOlder(incoming: object, shown: object): boolean {
  const [next, current] = [(incoming as { updatedAt?: unknown }).updatedAt, (shown as { updatedAt?: unknown }).updatedAt];
  return typeof next === 'string' && typeof current === 'string' && Date.parse(next) < Date.parse(current);
}

/**
 * Inserts `item` or replaces the entry with its id, keeping `order`; a list's most common push.
 * Pushes and HTTP answers race (the worker's push can overtake the answer to the request that
 * caused it): a row with an `updatedAt` older than the one shown is dropped, never shown over it.
 */
export function upsertById<T extends { id: string | number }>(items: readonly T[], item: T, order?: (a: T, b: T) => number): T[] {
  const shown = items.find((candidate) => candidate.id === item.id);
  if (shown && isOlder(item, shown)) return items as T[];
  const next = shown ? items.map((candidate) => (candidate.id === item.id ? item : candidate)) : [item, ...items];
  return order ? next.sort(order) : next;
}

export function removeById<T extends { id: string | number }>(items: readonly T[], id: T['id']): T[] {
  return items.filter((item) => item.id !== id);
}

/**
 * For a push that says only "this changed": the queries under `queryKey` (or the key the payload
 * names, e.g. one truck's records) are read again.
 */
export function refetchOn<E extends keyof ServerToClientEvents>(
  event: E,
  queryKey: QueryKey | ((payload: Payload<E>) => QueryKey),
  options: { atMostEveryMs?: number } = {},
): void {
  const list = rules.get(event) ?? [];
  const keyOf = typeof queryKey === 'function' ? (queryKey as (payload: unknown) => QueryKey) : () => queryKey;
  list.push({ queryKey: [], update: (current) => current, refetch: keyOf, refetchEveryMs: options.atMostEveryMs });
  rules.set(event, list);
}
