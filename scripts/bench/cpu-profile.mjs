// Preloaded into the API by `npm run bench:live -- --cpu-prof DIR` (NODE_OPTIONS=--import): a
// V8 CPU profile of just the part of the run the bench chooses. The first SIGWINCH starts it,
// the second writes DIR/api-PID-TIME.cpuprofile (open it in Chrome's DevTools, Performance).
// SIGWINCH because Nest's shutdown hooks already take SIGUSR2 and the others.
import { renameSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const session = new Session();
session.connect();
const post = (method, params = {}) => new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
let profiling = false;

process.on('SIGWINCH', () => {
  profiling = !profiling;
  const done = profiling
    ? post('Profiler.enable').then(() => post('Profiler.start'))
    : post('Profiler.stop').then(({ profile }) => {
        // Renamed once whole: the bench takes the file as soon as it sees it.
        const file = `${process.env.CPU_PROFILE_DIR}/api-${process.pid}-${Date.now()}`;
        writeFileSync(`${file}.part`, JSON.stringify(profile));
        renameSync(`${file}.part`, `${file}.cpuprofile`);
      });
  done.catch((error) => console.error(`CPU profile: ${error.message}`));
});
