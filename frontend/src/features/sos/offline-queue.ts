import type { CreateSosRequest, Job, SosResponse } from '@towing/contracts';

export const QUEUE_STORAGE_KEY = 'emergencyQueue';

/** An SOS that could not be sent: the full payload and the key that makes resending it safe. */
export interface QueuedEmergency {
  idempotencyKey: string;
  request: CreateSosRequest;
  /** When the driver pressed send (ISO 8601). */
  timestamp: string;
}

export interface SentEmergency {
  entry: QueuedEmergency;
  job: Job;
  /** The job's tracking link, as its text carries it. */
  trackingPath: string;
}

function isQueuedEmergency(value: unknown): value is QueuedEmergency {
  const entry = value as QueuedEmergency | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.idempotencyKey === 'string' &&
    typeof entry.timestamp === 'string' &&
    typeof entry.request?.phone === 'string'
  );
}

/** The queue as stored; an unreadable entry (older format, hand-edited) is dropped rather than blocking the rest. */
export function readQueue(storage: Storage = localStorage): QueuedEmergency[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(QUEUE_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isQueuedEmergency) : [];
  } catch {
    return [];
  }
}

function writeQueue(entries: QueuedEmergency[], storage: Storage): void {
  if (entries.length === 0) storage.removeItem(QUEUE_STORAGE_KEY);
  else storage.setItem(QUEUE_STORAGE_KEY, JSON.stringify(entries));
}

/** Adds the request, or replaces the copy already queued under the same key. */
export function enqueue(entry: QueuedEmergency, storage: Storage = localStorage): QueuedEmergency[] {
  const entries = [...readQueue(storage).filter((queued) => queued.idempotencyKey !== entry.idempotencyKey), entry];
  writeQueue(entries, storage);
  return entries;
}

export function dequeue(idempotencyKey: string, storage: Storage = localStorage): QueuedEmergency[] {
  const entries = readQueue(storage).filter((queued) => queued.idempotencyKey !== idempotencyKey);
  writeQueue(entries, storage);
  return entries;
}

/**
 * A try with no answer after this counts as no signal: on one bar a request can hang for minutes
 * without failing, and it would hold the queue (and the Send button) all that time. The
 * Idempotency-Key makes a copy that did arrive change nothing.
 */
export const SEND_TIMEOUT_MS = 20_000;

let flushing: Promise<SentEmergency[]> | null = null;

/**
 * Sends the queue oldest first and removes each request the server accepted. Stops at the first
 * failure: the connection is still down, and the rest would fail the same way. A request the
 * server refuses for good (`isFinalRefusal`, e.g. a malformed phone number) is dropped instead, so
 * it cannot hold back the others forever. Calls while a flush
 * is running join it, so the online event and a page load never send one entry twice at once
 * (and if two tabs do, the Idempotency-Key still yields one job).
 */
export function flushQueue(
  send: (entry: QueuedEmergency) => Promise<SosResponse>,
  isFinalRefusal: (error: unknown) => boolean = () => false,
  storage: Storage = localStorage,
): Promise<SentEmergency[]> {
  flushing ??= (async () => {
    const sent: SentEmergency[] = [];
    try {
      for (const entry of readQueue(storage)) {
        let answer: SosResponse;
        try {
          answer = await send(entry);
        } catch (error) {
          if (!isFinalRefusal(error)) break;
          dequeue(entry.idempotencyKey, storage);
          continue;
        }
        dequeue(entry.idempotencyKey, storage);
        sent.push({ entry, job: answer.job, trackingPath: answer.trackingPath });
      }
      return sent;
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}
