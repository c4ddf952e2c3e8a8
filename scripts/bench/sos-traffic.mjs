// What bench:load and bench:chaos share: SOS requests as phones send them, and the accounting
// of the texts that reach the Twilio stand-in (lost: an accepted SOS whose driver never got a
// text; duplicated: a driver texted more than once for one SOS).
import { randomUUID } from 'node:crypto';
import { subscribe } from 'node:diagnostics_channel';
import { request } from 'undici';
import { sosRetryDelay, toE164 } from '@towing/contracts';
import { sleep } from './harness.mjs';

/**
 * The Idempotency-Keys of SOS whose first attempt went out on a connection opened for it. Node
 * 20's libuv (1.45 on) accepts one new connection per event-loop turn, so on a busy API a request
 * on a new connection waits in the kernel's accept queue, where nothing can refuse it early; one
 * on a connection already open is read at the next turn. bench:load tells the two apart.
 */
const onNewConnection = new Set();
const usedSockets = new WeakSet();
subscribe('undici:client:sendHeaders', ({ headers, socket }) => {
  if (usedSockets.has(socket)) return;
  usedSockets.add(socket);
  const key = /^idempotency-key:\s*(\S+)/im.exec(headers)?.[1];
  if (key) onNewConnection.add(key);
});

/** A distinct Australian mobile per SOS, so the per-number SMS cap never hides a lost text. */
export function driverPhone(n) {
  return `04${String(10_000_000 + n).padStart(8, '0')}`;
}

/**
 * One SOS. With `retry`, it behaves like the SOS page's queue: a network error, a 429 or a 5xx
 * is tried again with the same Idempotency-Key, after the page's backoff (sosRetryDelay)
 * or Retry-After if that is longer, until `deadline`; without, the first answer counts.
 * `dispatcher` sends it from a local address of its own. `first` keeps the first attempt's
 * status and time.
 */
export async function sendSos(baseUrl, n, { retry = false, deadline = Date.now() + 30_000, timeoutMs = 30_000, phone = driverPhone(n), dispatcher } = {}) {
  const key = randomUUID();
  const sentAt = Date.now();
  const record = { n, phone, e164: phone.startsWith('04') ? (toE164(phone) ?? phone) : phone, sentAt, status: 0, ms: Number.NaN, attempts: 0, jobId: null, answeredAt: null };
  for (;;) {
    record.attempts += 1;
    const started = Date.now();
    // As the page waits after this many failures in a row, or longer if Retry-After says so.
    const wait = sosRetryDelay(record.attempts - 1);
    let retryAfterMs = wait;
    /** The attempt's outcome; the first attempt's also says whether it went out on a connection opened for it. */
    const settle = (status) => {
      record.status = status;
      record.ms = Date.now() - started;
      const newConnection = onNewConnection.delete(key);
      record.first ??= { status, ms: record.ms, newConnection };
    };
    try {
      // undici's request, not fetch: a phone's send costs the load generator a fraction of the
      // CPU, so on a shared box the generator measures the server instead of its own backlog.
      const response = await request(`${baseUrl}/api/sos`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ phone, customerName: `Bench driver ${n}`, situation: 'Bogged to the axles', gps: { lat: -20.7368, lng: 116.8462, accuracyM: 12 } }),
        signal: AbortSignal.timeout(timeoutMs),
        // From one local address (testkit's fromLocalAddress): a client of its own to per-address limits.
        ...(dispatcher ? { dispatcher } : {}),
      });
      const body = await response.body.json().catch(() => null);
      settle(response.statusCode);
      if (record.status >= 200 && record.status < 300) {
        record.jobId = body?.job?.id ?? null;
        record.answeredAt = Date.now();
        return record;
      }
      const header = Number(response.headers['retry-after']);
      if (header > 0) retryAfterMs = Math.max(wait, header * 1000);
      if (record.status < 500 && record.status !== 429) return record;
    } catch (error) {
      record.error = error.name === 'TimeoutError' || error.code === 'UND_ERR_ABORTED' ? 'timeout' : error.code ?? error.cause?.code ?? error.message;
      settle(0);
    }
    if (!retry || Date.now() + retryAfterMs > deadline) return record;
    await sleep(retryAfterMs);
  }
}

/** Fires `count` SOS at `rate` per second on an open-loop schedule (a slow answer never delays the next send). */
export async function sosAtRate(baseUrl, { rate, count, first = 0, retry = false, deadline }) {
  const started = Date.now();
  const pending = [];
  for (let i = 0; i < count; i += 1) {
    const due = started + (i * 1000) / rate;
    const delay = due - Date.now();
    if (delay > 0) await sleep(delay);
    pending.push(sendSos(baseUrl, first + i, { retry, deadline }));
  }
  return Promise.all(pending);
}

/** The driver texts ("help is on the way") per SOS, waited for up to graceMs. */
export async function driverTexts(twilio, records, graceMs) {
  const accepted = records.filter((record) => record.jobId);
  const byPhone = () => {
    const texts = new Map();
    for (const sms of twilio.received) {
      if (!sms.body.includes('help is on the way')) continue;
      texts.set(sms.to, [...(texts.get(sms.to) ?? []), sms]);
    }
    return texts;
  };
  const deadline = Date.now() + graceMs;
  let texts = byPhone();
  while (Date.now() < deadline && accepted.some((record) => !texts.has(record.e164))) {
    await sleep(250);
    texts = byPhone();
  }
  const delays = [];
  let lost = 0;
  let duplicated = 0;
  for (const record of accepted) {
    const sent = texts.get(record.e164) ?? [];
    if (sent.length === 0) lost += 1;
    if (sent.length > 1) duplicated += sent.length - 1;
    if (sent[0]) delays.push(sent[0].receivedAt - record.sentAt);
  }
  return { lost, duplicated, delays };
}
