// A share of the admin boards (or, without a cookie, public pages) for `npm run bench:live` and `bench:load`, run in a worker thread so that parsing
// a thousand socket frames does not delay the load generator's own clock. Arrival times are
// testkit's epochMs(), wall-clock time that every thread of the process reads alike.
//
// Messages from the main thread:
//   { type: 'round', jobId }  -> { type: 'round', jobId, received, last } once every socket of
//                                this thread has the job's job:created (last = latest arrival)
//   { type: 'reset' }         -> forgets the frames counted so far (after warm-up)
//   { type: 'report' }        -> { type: 'report', frames: {event: count}, duplicates, disconnects }
//   { type: 'progress', jobId } -> the same answer at once, however many have it
//   { type: 'close' }         -> { type: 'close' }
import { parentPort, workerData } from 'node:worker_threads';
import { epochMs, SocketListener } from '@towing/testkit';

const { baseUrl, cookie, count } = workerData;
const CONNECT_BATCH = 50;

const listeners = [];
/** job id -> { received, last } over this thread's sockets. */
const arrivals = new Map();
/** job id -> reply to send once every socket has it. */
const waiting = new Map();
let frames = {};
let duplicates = 0;
let disconnects = 0;
let closing = false;

function roundReply(jobId, type = 'round') {
  const seen = arrivals.get(jobId) ?? { received: 0, last: Number.NaN };
  return { type, jobId, received: seen.received, last: seen.last };
}

function arrived(jobId, seenBy) {
  const at = epochMs();
  let seen = arrivals.get(jobId);
  if (!seen) arrivals.set(jobId, (seen = { received: 0, last: at, sockets: new Set() }));
  if (seen.sockets.has(seenBy)) {
    duplicates += 1;
    return;
  }
  seen.sockets.add(seenBy);
  seen.received += 1;
  seen.last = at;
  if (seen.received === count && waiting.has(jobId)) {
    waiting.delete(jobId);
    parentPort.postMessage(roundReply(jobId));
  }
}

/** Moves the frames the listeners recorded into the per-event counts, so memory stays flat over a long run. */
function drainFrames() {
  for (const listener of listeners) {
    for (const event of listener.frames) frames[event] = (frames[event] ?? 0) + 1;
    listener.frames.length = 0;
    listener.events.length = 0;
  }
}

async function connectAll() {
  for (let first = 0; first < count; first += CONNECT_BATCH) {
    const batch = [];
    for (let index = first; index < Math.min(first + CONNECT_BATCH, count); index += 1) {
      const listener = new SocketListener(baseUrl, cookie);
      listener.socket.on('job:created', (job) => arrived(job.id, index));
      listener.socket.on('disconnect', () => {
        if (!closing) disconnects += 1;
      });
      listeners[index] = listener;
      batch.push(listener.connected());
    }
    await Promise.all(batch);
  }
}

parentPort.on('message', (message) => {
  switch (message.type) {
    case 'round':
      if ((arrivals.get(message.jobId)?.received ?? 0) === count) parentPort.postMessage(roundReply(message.jobId));
      else waiting.set(message.jobId, true);
      drainFrames();
      break;
    case 'progress':
      parentPort.postMessage(roundReply(message.jobId, 'progress'));
      break;
    case 'reset':
      drainFrames();
      frames = {};
      duplicates = 0;
      parentPort.postMessage({ type: 'reset' });
      break;
    case 'report':
      drainFrames();
      parentPort.postMessage({ type: 'report', frames, duplicates, disconnects });
      break;
    case 'close':
      closing = true;
      for (const listener of listeners) listener?.close();
      parentPort.postMessage({ type: 'close' });
      break;
  }
});

connectAll().then(
  () => parentPort.postMessage({ type: 'ready', connected: listeners.filter((listener) => listener?.socket.connected).length }),
  (error) => parentPort.postMessage({ type: 'failed', error: error.message }),
);
