// A share of the admin boards for `npm run bench:live`, run in a worker thread so that parsing
// hundreds of socket frames does not delay the load generator's own clocks. Every time is read
// from process.hrtime, which all threads of the process share.
import { parentPort, workerData } from 'node:worker_threads';
import { io } from 'socket.io-client';

const { baseUrl, cookie, count } = workerData;
const CONNECT_BATCH = 50;
const now = () => Number(process.hrtime.bigint()) / 1e6;

const sockets = [];
/** job id -> arrival time at each socket of this thread (NaN until it arrives). */
const arrivals = new Map();
/** Frames of every event name, to show what else the boards are sent per SOS. */
const eventCounts = {};
let received = 0;
let duplicates = 0;
let disconnects = 0;
let closing = false;

function connectOne(index) {
  return new Promise((resolve, reject) => {
    const socket = io(baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie },
      reconnection: false,
      forceNew: true,
      timeout: 30_000,
    });
    socket.onAny((event) => {
      eventCounts[event] = (eventCounts[event] ?? 0) + 1;
    });
    socket.on('job:created', (job) => {
      const at = now();
      let times = arrivals.get(job.id);
      if (!times) {
        times = new Float64Array(count).fill(Number.NaN);
        arrivals.set(job.id, times);
      }
      if (Number.isNaN(times[index])) {
        times[index] = at;
        received += 1;
      } else {
        duplicates += 1;
      }
    });
    socket.once('connect', () => {
      socket.on('disconnect', () => {
        if (!closing) disconnects += 1;
      });
      resolve(socket);
    });
    socket.once('connect_error', (error) => reject(new Error(`socket ${index}: ${error.message}`)));
    sockets[index] = socket;
  });
}

async function connectAll() {
  for (let first = 0; first < count; first += CONNECT_BATCH) {
    const batch = [];
    for (let index = first; index < Math.min(first + CONNECT_BATCH, count); index += 1) batch.push(connectOne(index));
    await Promise.all(batch);
  }
}

parentPort.on('message', (message) => {
  switch (message.type) {
    case 'progress':
      parentPort.postMessage({ type: 'progress', received, disconnects });
      break;
    case 'report':
      parentPort.postMessage({ type: 'report', arrivals: [...arrivals], eventCounts, duplicates, disconnects });
      break;
    case 'close':
      closing = true;
      for (const socket of sockets) socket?.close();
      parentPort.postMessage({ type: 'closed' });
      break;
  }
});

connectAll().then(
  () => parentPort.postMessage({ type: 'ready', connected: sockets.filter((socket) => socket?.connected).length }),
  (error) => parentPort.postMessage({ type: 'failed', error: error.message }),
);
