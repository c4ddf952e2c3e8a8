import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { queryClient } from '../../../shared/query/queryClient';
import { DRIVER_BOARD } from '../driver-data';
import {
  askForBackgroundSync,
  dismiss,
  enqueue,
  flush,
  type FlushOutcome,
  type NewQueuedRequest,
  onQueueChange,
  type QueuedRequest,
  type RefusedRequest,
  refused as readRefused,
  waiting as readWaiting,
} from '../offline/request-queue';

/** While the page is open, the queue is also tried on this timer: a phone's network can come back without an `online` event. */
const RETRY_MS = 15_000;

export interface RequestQueue {
  waiting: QueuedRequest[];
  refused: RefusedRequest[];
  /** Why the last pass stopped before the end; null when everything went. */
  stoppedBy: FlushOutcome['stoppedBy'];
  add(request: NewQueuedRequest): Promise<QueuedRequest>;
  /** Queues through `make` (e.g. enqueueTap) and sends at once when it can. */
  send(make: () => Promise<QueuedRequest>): Promise<void>;
  sendNow(): void;
  dismiss(key: string): void;
}

/**
 * The phone's outbox as the screen shows it: what still waits to go and what the server refused
 * (with its reason), kept current from every page and the service worker. Sends on load, on
 * `online`, when the page comes back into view, on a timer while anything waits, and after each
 * new entry; and asks for Background Sync so the service worker sends it with the page closed.
 */
export function useRequestQueue(): RequestQueue {
  const [waiting, setWaiting] = useState<QueuedRequest[]>([]);
  const [refused, setRefused] = useState<RefusedRequest[]>([]);
  const [stoppedBy, setStoppedBy] = useState<FlushOutcome['stoppedBy']>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const reload = useEffectEvent(async () => {
    const [left, refusals] = await Promise.all([readWaiting(), readRefused()]);
    setWaiting(left);
    setRefused(refusals);
    clearTimeout(timer.current);
    if (left.length) timer.current = setTimeout(() => void send(), RETRY_MS);
  });

  const send = useEffectEvent(async () => {
    const outcome = await flush();
    setStoppedBy(outcome.stoppedBy);
    if (outcome.stoppedBy === 'offline' || outcome.stoppedBy === 'unavailable') {
      await askForBackgroundSync(await navigator.serviceWorker?.getRegistration());
    }
    await reload();
  });

  useEffect(() => {
    void send();
    const stop = onQueueChange((change) => {
      if (change.type === 'sent' || change.type === 'refused') void queryClient.invalidateQueries({ queryKey: DRIVER_BOARD });
      void reload();
    });
    const whenOnline = () => void send();
    const whenVisible = () => document.visibilityState === 'visible' && void send();
    window.addEventListener('online', whenOnline);
    document.addEventListener('visibilitychange', whenVisible);
    return () => {
      stop();
      clearTimeout(timer.current);
      window.removeEventListener('online', whenOnline);
      document.removeEventListener('visibilitychange', whenVisible);
    };
  }, []);

  async function queue(make: () => Promise<QueuedRequest>): Promise<void> {
    await make();
    await reload();
    await send();
  }

  return {
    waiting,
    refused,
    stoppedBy,
    add: async (request) => {
      const stored = await enqueue(request);
      void send();
      return stored;
    },
    send: queue,
    sendNow: () => void send(),
    dismiss: (key) => void dismiss(key).then(reload),
  };
}
