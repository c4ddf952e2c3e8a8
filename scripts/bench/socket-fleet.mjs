// A share of the admin boards (or, without a cookie, public pages) for `npm run bench:live` and `bench:load`, run in a worker thread so that parsing
// a thousand socket frames does not delay the load generator's own clock. Arrival times are
// testkit's epochMs(), wall-clock time that every thread of the process reads alike, read as a
// frame arrives.
//
// The boards share the host with the server they measure, so each is as cheap as a Socket.IO
// client can be (BoardSocket): WebSocket frames read off the TCP socket, Engine.IO's pings
// answered, an event's name read from its text and its payload parsed only when it names a
// job:created. With socket.io-client the thousand boards took about as much CPU per SOS as the
// API did to push it to them, on the same two cores.
//
// Messages from the main thread:
//   { type: 'round', jobId }  -> { type: 'round', jobId, received, last } once every socket of
//                                this thread has the job's job:created (last = latest arrival)
//   { type: 'reset' }         -> forgets the frames counted so far (after warm-up)
//   { type: 'report' }        -> { type: 'report', frames: {event: count}, duplicates, disconnects }
//   { type: 'progress', jobId } -> the same answer at once, however many have it
//   { type: 'close' }         -> { type: 'close' }
import { randomBytes, randomFillSync } from 'node:crypto';
import { request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { epochMs } from '@towing/testkit';

const { baseUrl, cookie, count } = workerData;
const CONNECT_BATCH = 50;

const OPCODE = { text: 0x1, close: 0x8, ping: 0x9, pong: 0xa };
/** Socket.IO's event packet with an ack id: `stats:watch`, as socket.io-client sends it. */
const STATS_WATCH = '420["stats:watch"]';

/**
 * One browser's Socket.IO connection on the main namespace, over a WebSocket (RFC 6455) without
 * a library: the page's Origin and the admin's cookie at the handshake, as the board's page sends
 * them. `onEvent(name, text)` gets each event's name and its whole packet text ('42[...]').
 */
class BoardSocket {
  connected = false;
  /** Bytes of a frame not yet whole. */
  pending = Buffer.alloc(0);

  constructor(onEvent, onClose) {
    this.onEvent = onEvent;
    this.onClose = onClose;
  }

  /** Resolves once the server has admitted the socket to the namespace ('40'); rejects with its connect_error. */
  open() {
    return new Promise((resolve, reject) => {
      this.settle = { resolve, reject };
      const handshake = request(new URL('/socket.io/?EIO=4&transport=websocket', baseUrl), {
        agent: false,
        headers: {
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': randomBytes(16).toString('base64'),
          origin: baseUrl,
          ...(cookie ? { cookie } : {}),
        },
      });
      handshake.on('upgrade', (_response, socket, head) => {
        this.socket = socket;
        socket.setNoDelay(true);
        socket.on('data', (chunk) => this.read(chunk));
        socket.on('close', () => {
          this.connected = false;
          this.settle?.reject(new Error('closed before the namespace was joined'));
          this.onClose();
        });
        socket.on('error', () => undefined);
        if (head.length) this.read(head);
      });
      handshake.on('response', (response) => reject(new Error(`the WebSocket handshake answered ${response.statusCode}`)));
      handshake.on('error', reject);
      handshake.end();
    });
  }

  close() {
    if (!this.socket || this.socket.destroyed) return;
    this.send(OPCODE.close, Buffer.alloc(0));
    this.socket.end();
  }

  /** Server frames are unmasked and, from Engine.IO, never fragmented. */
  read(chunk) {
    let data = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    for (;;) {
      if (data.length < 2) break;
      let length = data[1] & 0x7f;
      let start = 2;
      if (length === 126) {
        if (data.length < 4) break;
        length = data.readUInt16BE(2);
        start = 4;
      } else if (length === 127) {
        if (data.length < 10) break;
        length = Number(data.readBigUInt64BE(2));
        start = 10;
      }
      if (data.length < start + length) break;
      this.frame(data[0] & 0x0f, data.subarray(start, start + length));
      data = data.subarray(start + length);
    }
    this.pending = data;
  }

  frame(opcode, payload) {
    if (opcode === OPCODE.ping) return this.send(OPCODE.pong, payload);
    if (opcode === OPCODE.close) return this.socket.end();
    if (opcode !== OPCODE.text) return;
    const text = payload.toString();
    switch (text.slice(0, 2)) {
      case '42':
        return this.onEvent(text.slice(4, text.indexOf('"', 4)), text);
      case '2': // Engine.IO's ping: the pong keeps the connection.
        return this.send(OPCODE.text, Buffer.from('3'));
      case '40':
        // A public page shows the Live Status card: it watches the figures, as the site's pages do (useLiveStats).
        if (!cookie) this.send(OPCODE.text, Buffer.from(STATS_WATCH));
        this.connected = true;
        this.settle.resolve();
        this.settle = undefined;
        return;
      case '44':
        this.settle?.reject(new Error(JSON.parse(text.slice(2)).message));
        this.settle = undefined;
        return this.socket.end();
    }
    // Engine.IO's open packet ('0{sid,...}'): join the main namespace.
    if (text[0] === '0') this.send(OPCODE.text, Buffer.from('40'));
  }

  /** A client's frames are masked (RFC 6455 5.3); Engine.IO's are short. */
  send(opcode, payload) {
    const frame = Buffer.alloc(6 + payload.length);
    frame[0] = 0x80 | opcode;
    frame[1] = 0x80 | payload.length;
    randomFillSync(frame, 2, 4);
    for (let index = 0; index < payload.length; index += 1) frame[6 + index] = payload[index] ^ frame[2 + (index & 3)];
    this.socket.write(frame);
  }
}

const sockets = [];
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

function arrived(jobId, seenBy, at) {
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

/** How a job:created's text starts while the job's view begins with its id (toJobView): the id is read off it. */
const CREATED_PREFIX = '42["job:created",{"id":"';

/** The jobs an event (`job:created`, or a `board:batch` that may hold some) tells a board of. */
function createdJobs(event, text) {
  if (text.startsWith(CREATED_PREFIX)) return [text.slice(CREATED_PREFIX.length, text.indexOf('"', CREATED_PREFIX.length))];
  const [, payload] = JSON.parse(text.slice(2));
  if (event === 'job:created') return [payload.id];
  return payload.filter(([batched]) => batched === 'job:created').map(([, job]) => job.id);
}

function eventArrived(index, event, text) {
  const at = epochMs();
  frames[event] = (frames[event] ?? 0) + 1;
  if (event === 'job:created' || (event === 'board:batch' && text.includes('"job:created"'))) {
    for (const jobId of createdJobs(event, text)) arrived(jobId, index, at);
  }
}

function connect(index) {
  const socket = new BoardSocket(
    (event, text) => eventArrived(index, event, text),
    () => {
      if (!closing) disconnects += 1;
    },
  );
  sockets[index] = socket;
  return socket.open();
}

async function connectAll() {
  for (let first = 0; first < count; first += CONNECT_BATCH) {
    const batch = [];
    for (let index = first; index < Math.min(first + CONNECT_BATCH, count); index += 1) batch.push(connect(index));
    await Promise.all(batch);
  }
}

parentPort.on('message', (message) => {
  switch (message.type) {
    case 'round':
      if ((arrivals.get(message.jobId)?.received ?? 0) === count) parentPort.postMessage(roundReply(message.jobId));
      else waiting.set(message.jobId, true);
      break;
    case 'progress':
      parentPort.postMessage(roundReply(message.jobId, 'progress'));
      break;
    case 'reset':
      frames = {};
      duplicates = 0;
      parentPort.postMessage({ type: 'reset' });
      break;
    case 'report':
      parentPort.postMessage({ type: 'report', frames, duplicates, disconnects });
      break;
    case 'close':
      closing = true;
      for (const socket of sockets) socket?.close();
      parentPort.postMessage({ type: 'close' });
      break;
  }
});

connectAll().then(
  () => parentPort.postMessage({ type: 'ready', connected: sockets.filter((socket) => socket?.connected).length }),
  (error) => parentPort.postMessage({ type: 'failed', error: error.message }),
);
