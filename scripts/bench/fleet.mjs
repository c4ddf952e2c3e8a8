// Admin boards or public pages on Socket.IO, a share of them per worker thread
// (socket-fleet.mjs), so that parsing their frames does not delay the load generator's clock.
import { Worker } from 'node:worker_threads';

/** One thread of `count` sockets: admin boards with the admin's cookie, public pages without. */
export function startFleet(baseUrl, cookie, count) {
  const worker = new Worker(new URL('./socket-fleet.mjs', import.meta.url), { workerData: { baseUrl, cookie, count } });
  const next = (type, jobId) =>
    new Promise((resolve, reject) => {
      const listener = (message) => {
        if (message.type === 'failed') reject(new Error(message.error));
        if (message.type !== type || (jobId && message.jobId !== jobId)) return;
        worker.off('message', listener);
        resolve(message);
      };
      worker.on('message', listener);
    });
  const ask = (message) => {
    const answer = next(message.type, message.jobId);
    worker.postMessage(message);
    return answer;
  };
  return {
    ready: next('ready'),
    /** Resolves once every socket of the thread has the job's job:created. */
    heard: (jobId) => ask({ type: 'round', jobId }),
    /** Frames per event since the last reset. */
    report: () => ask({ type: 'report' }),
    reset: () => ask({ type: 'reset' }),
    async close() {
      await ask({ type: 'close' });
      await worker.terminate();
    },
  };
}
