import type { SosResponse } from '@towing/contracts';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { dequeue, enqueue, flushQueue, type QueuedEmergency, readQueue, retryDelay, type SentEmergency } from '../offline-queue';

/**
 * The SOS requests waiting on this phone for a connection. They go out by themselves: when the
 * page opens, when the browser comes back online, when the driver returns to the tab, and,
 * because none of those may ever fire (an iPhone without Background Sync whose network comes
 * back silently), on a timer while the page is open, backing off from a few seconds to 30 s.
 * `sendNow` is the driver's own "try again".
 */
export function useEmergencyQueue(
  send: (entry: QueuedEmergency) => Promise<SosResponse>,
  isFinalRefusal: (error: unknown) => boolean,
  onSent: (sent: SentEmergency) => void,
) {
  // Read after mount: the page's HTML is rendered at build time, where there is no localStorage.
  const [queued, setQueued] = useState<QueuedEmergency[]>([]);
  const [sending, setSending] = useState(false);
  const failures = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  function retryLater() {
    clearTimeout(timer.current);
    const delay = retryDelay(failures.current);
    failures.current += 1;
    timer.current = setTimeout(() => void flush(), delay);
  }

  const flush = useEffectEvent(async () => {
    clearTimeout(timer.current);
    if (readQueue().length === 0) return;
    setSending(true);
    try {
      const sent = await flushQueue(send, isFinalRefusal);
      sent.forEach(onSent);
    } finally {
      setSending(false);
      const left = readQueue();
      setQueued(left);
      if (left.length === 0) failures.current = 0;
      else retryLater();
    }
  });

  useEffect(() => {
    setQueued(readQueue());
    void flush();
    const whenVisible = () => {
      if (document.visibilityState === 'visible') void flush();
    };
    const whenOnline = () => void flush();
    window.addEventListener('online', whenOnline);
    document.addEventListener('visibilitychange', whenVisible);
    return () => {
      clearTimeout(timer.current);
      window.removeEventListener('online', whenOnline);
      document.removeEventListener('visibilitychange', whenVisible);
    };
  }, []);

  return {
    queued,
    sending,
    /** A queued request starts its retries at once, from the shortest wait. */
    add(entry: QueuedEmergency) {
      setQueued(enqueue(entry));
      failures.current = 0;
      retryLater();
    },
    /** The request went through some other way (a manual resend): nothing left to do for it. */
    remove(idempotencyKey: string) {
      setQueued(dequeue(idempotencyKey));
    },
    sendNow() {
      void flush();
    },
  };
}
