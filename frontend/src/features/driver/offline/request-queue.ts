import type { ApiError, DriverTapRequest } from '@towing/contracts';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { timeoutSignal } from '../../../shared/api/timeout-signal';

/**
 * The driver's outbox: every tap (and any other upload a driver makes in the field: photos,
 * positions, a signature) is written here first, on the phone, with its Idempotency-Key and the
 * time it was made, and sent from here in the order it was made. The page and the service worker
 * (sw/driver-taps.ts, on Background Sync) both send from this one store, one at a time (a Web
 * Lock), so a request goes out once however many of them wake up; and if a copy does go twice,
 * the server answers the second with what the first got.
 *
 * No DOM, no React: this module runs in the page and in the service worker alike.
 */

/** The Background Sync tag the page registers and the service worker answers. */
export const SYNC_TAG = 'driver-queue';
const DATABASE = 'driver-queue';
const LOCK = 'driver-queue-flush';
const CHANNEL = 'driver-queue';

/** The body of a queued request: JSON, or form fields (a photo is a Blob) sent as multipart. */
export type QueuedBody = { json: unknown } | { form: Record<string, string | Blob> };

/** What a feature hands to {@link enqueue}. */
export type NewQueuedRequest = QueuedBody & {
  /** What it is, for the feature that made it: 'tap', 'photo', 'position', 'signature'. */
  kind: string;
  /** Same-origin path, e.g. `/api/driver/jobs/J-1001/taps`. */
  url: string;
  method?: 'POST' | 'PUT' | 'PATCH';
  /** What the driver reads while it waits, e.g. "On my way - J-1001". */
  label: string;
  jobId?: string | null;
  /** When the driver made it (ISO 8601); now when not given. */
  madeAt?: string;
};

/** A request on the phone, waiting to go. `seq` orders the queue. */
export type QueuedRequest = NewQueuedRequest & {
  seq: number;
  /** The Idempotency-Key it is sent with, every time. */
  key: string;
  method: 'POST' | 'PUT' | 'PATCH';
  jobId: string | null;
  madeAt: string;
};

/** A request the server refused for good: kept, with the server's reason, until the driver has read it. */
export type RefusedRequest = QueuedRequest & {
  status: number;
  reason: string;
  refusedAt: string;
};

/** What one pass through the queue did, and why it stopped before the end, if it did. */
export interface FlushOutcome {
  sent: Array<{ request: QueuedRequest; answer: unknown }>;
  refused: RefusedRequest[];
  /** null: the queue is empty. 'offline': no network. 'signed-out': the session is gone. 'unavailable': the server asked to come back later. */
  stoppedBy: null | 'offline' | 'signed-out' | 'unavailable';
}

/** Told to every page and the service worker whenever the queue changes. */
export type QueueChange =
  | { type: 'queued'; request: QueuedRequest }
  | { type: 'sent'; request: QueuedRequest; answer: unknown }
  | { type: 'refused'; request: RefusedRequest }
  | { type: 'dismissed'; key: string };

interface QueueSchema extends DBSchema {
  waiting: { key: number; value: QueuedRequest };
  refused: { key: string; value: RefusedRequest; indexes: { bySeq: number } };
}

let database: Promise<IDBPDatabase<QueueSchema>> | null = null;

function open(): Promise<IDBPDatabase<QueueSchema>> {
  database ??= openDB<QueueSchema>(DATABASE, 1, {
    upgrade(db) {
      db.createObjectStore('waiting', { keyPath: 'seq', autoIncrement: true });
      db.createObjectStore('refused', { keyPath: 'key' }).createIndex('bySeq', 'seq');
    },
  });
  return database;
}

function announce(change: QueueChange): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(change);
  channel.close();
}

/** Calls `listener` on every change made by this or any other page, or the service worker. */
export function onQueueChange(listener: (change: QueueChange) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<QueueChange>) => listener(event.data);
  return () => channel.close();
}

/**
 * Stores the request on the phone and answers it as stored. It is not sent here: call
 * {@link flush} (the page does after every tap) and {@link askForBackgroundSync}.
 */
export async function enqueue(request: NewQueuedRequest): Promise<QueuedRequest> {
  const db = await open();
  const entry = {
    ...request,
    method: request.method ?? 'POST',
    jobId: request.jobId ?? null,
    madeAt: request.madeAt ?? new Date().toISOString(),
    key: `drv-${crypto.randomUUID()}`,
  };
  const seq = await db.add('waiting', entry as QueuedRequest);
  const stored: QueuedRequest = { ...entry, seq };
  announce({ type: 'queued', request: stored });
  return stored;
}

/** A /driver tap on a job, stamped with the phone's time now. */
export function enqueueTap(jobId: string, tap: Omit<DriverTapRequest, 'madeAt'>, label: string): Promise<QueuedRequest> {
  const madeAt = new Date().toISOString();
  const body: DriverTapRequest = { ...tap, madeAt };
  return enqueue({ kind: 'tap', url: `/api/driver/jobs/${encodeURIComponent(jobId)}/taps`, json: body, label, jobId, madeAt });
}

/** Everything still waiting to go, oldest first. */
export async function waiting(): Promise<QueuedRequest[]> {
  return (await open()).getAll('waiting');
}

/** Everything the server refused that the driver has not dismissed, oldest first. */
export async function refused(): Promise<RefusedRequest[]> {
  return (await open()).getAllFromIndex('refused', 'bySeq');
}

/** The driver has read the refusal. */
export async function dismiss(key: string): Promise<void> {
  await (await open()).delete('refused', key);
  announce({ type: 'dismissed', key });
}

/**
 * Asks the browser to wake the service worker when there is a network, even with the page closed
 * (Background Sync). Browsers without it (Safari, Firefox) rely on the page's own flushes.
 */
export async function askForBackgroundSync(registration: ServiceWorkerRegistration | undefined): Promise<void> {
  const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
  await sync?.register(SYNC_TAG).catch(() => undefined);
}

function bodyOf(request: QueuedRequest): { body: BodyInit; headers: Record<string, string> } {
  if ('json' in request) return { body: JSON.stringify(request.json), headers: { 'Content-Type': 'application/json' } };
  const form = new FormData();
  for (const [name, value] of Object.entries(request.form)) form.append(name, value);
  return { body: form, headers: {} };
}

/** An answer read whole: what sendOne decides on. */
interface Answer {
  status: number;
  statusText: string;
  json: boolean;
  text: string;
}

function reasonOf(answer: Answer): string {
  try {
    const error = JSON.parse(answer.text) as Partial<ApiError>;
    const message = error.errors?.length ? error.errors.map((field) => field.message) : error.message;
    if (message) return Array.isArray(message) ? message.join('; ') : message;
  } catch {
    // Not our error shape (a proxy's page): its status says what it can.
  }
  return answer.text.trim().slice(0, 200) || answer.statusText || `Refused (${answer.status})`;
}

/** A refusal that will not change by sending again; anything else (5xx, 408, 429) is tried later. */
function isFinal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 408 && status !== 429;
}

/**
 * How long one request may take, answer and all. On one bar a request can hang for minutes
 * without failing, and the queue's lock is held while it does: past this it counts as no signal
 * and goes again later (its Idempotency-Key makes a second copy change nothing).
 */
const SEND_TIMEOUT_MS = 30_000;

/** The request sent and its answer read whole; null when none came (no signal, or too slow). */
async function exchange(request: QueuedRequest): Promise<Answer | null> {
  const { body, headers } = bodyOf(request);
  try {
    const response = await fetch(request.url, {
      method: request.method,
      body,
      headers: { ...headers, Accept: 'application/json', 'Idempotency-Key': request.key },
      credentials: 'same-origin',
      signal: timeoutSignal(SEND_TIMEOUT_MS),
    });
    const json = response.headers.get('Content-Type')?.includes('json') ?? false;
    return { status: response.status, statusText: response.statusText, json, text: await response.text() };
  } catch {
    return null;
  }
}

async function sendOne(db: IDBPDatabase<QueueSchema>, request: QueuedRequest, outcome: FlushOutcome): Promise<boolean> {
  const response = await exchange(request);
  if (!response) {
    outcome.stoppedBy = 'offline';
    return false;
  }
  if (response.status >= 200 && response.status < 300) {
    const answer: unknown = response.text && response.json ? JSON.parse(response.text) : undefined;
    await db.delete('waiting', request.seq);
    outcome.sent.push({ request, answer });
    announce({ type: 'sent', request, answer });
    return true;
  }
  if (isFinal(response.status)) {
    const refusal: RefusedRequest = { ...request, status: response.status, reason: reasonOf(response), refusedAt: new Date().toISOString() };
    const tx = db.transaction(['waiting', 'refused'], 'readwrite');
    await Promise.all([tx.objectStore('waiting').delete(request.seq), tx.objectStore('refused').put(refusal), tx.done]);
    outcome.refused.push(refusal);
    announce({ type: 'refused', request: refusal });
    return true;
  }
  outcome.stoppedBy = response.status === 401 || response.status === 403 ? 'signed-out' : 'unavailable';
  return false;
}

async function sendAll(): Promise<FlushOutcome> {
  const db = await open();
  const outcome: FlushOutcome = { sent: [], refused: [], stoppedBy: null };
  // One at a time, oldest first: "On scene" must not overtake "On my way". A request that
  // cannot go now holds back the ones after it.
  for (let next = await db.getAll('waiting', null, 1); next[0]; next = await db.getAll('waiting', null, 1)) {
    if (!(await sendOne(db, next[0], outcome))) break;
  }
  return outcome;
}

/**
 * Sends what is waiting, in order, and answers what happened. Page and service worker share one
 * Web Lock, so only one of them sends at a time; the other waits and then finds the queue as the
 * first one left it.
 */
export function flush(): Promise<FlushOutcome> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? locks.request(LOCK, sendAll) : sendAll();
}
