import type { Job } from '@towing/contracts';
import { useEffect, useEffectEvent, useState } from 'react';
import { dequeue, enqueue, flushQueue, type QueuedEmergency, readQueue, type SentEmergency } from './offline-queue';

/**
 * The SOS requests waiting on this phone for a connection. They go out by themselves when the
 * page opens, when the browser comes back online and when the driver returns to the tab: no
 * button to press while stranded.
 */
export function useEmergencyQueue(
  send: (entry: QueuedEmergency) => Promise<Job>,
  isFinalRefusal: (error: unknown) => boolean,
  onSent: (sent: SentEmergency) => void,
) {
  const [queued, setQueued] = useState<QueuedEmergency[]>(() => readQueue());
  const [sending, setSending] = useState(false);

  const flush = useEffectEvent(async () => {
    if (readQueue().length === 0) return;
    setSending(true);
    try {
      const sent = await flushQueue(send, isFinalRefusal);
      sent.forEach(onSent);
    } finally {
      setSending(false);
      setQueued(readQueue());
    }
  });

  useEffect(() => {
    void flush();
    const whenVisible = () => {
      if (document.visibilityState === 'visible') void flush();
    };
    const whenOnline = () => void flush();
    window.addEventListener('online', whenOnline);
    document.addEventListener('visibilitychange', whenVisible);
    return () => {
      window.removeEventListener('online', whenOnline);
      document.removeEventListener('visibilitychange', whenVisible);
    };
  }, []);

  return {
    queued,
    sending,
    add(entry: QueuedEmergency) {
      setQueued(enqueue(entry));
    },
    /** The request went through some other way (a manual resend): nothing left to do for it. */
    remove(idempotencyKey: string) {
      setQueued(dequeue(idempotencyKey));
    },
  };
}
