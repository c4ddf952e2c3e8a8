// Preloaded into the API and the worker by `bench:live --cpu-prof DIR` and `bench:cost --profile
// DIR` (NODE_OPTIONS=--import): a V8 CPU profile of just the part of the run the bench chooses.
// The first SIGWINCH starts it, the second writes DIR/<backend|worker>-PID-TIME.cpuprofile (open
// it in Chrome's DevTools, Performance).
// SIGWINCH because Nest's shutdown hooks already take SIGUSR2 and the others.
import { renameSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { relative } from 'node:path';

const session = new Session();
session.connect();
const post = (method, params = {}) => new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
let profiling = false;
/** backend or worker: the entry's top folder. */
const PROCESS = relative(process.cwd(), process.argv[1]).split('/')[0];

process.on('SIGWINCH', () => {
  profiling = !profiling;
  const done = profiling
    ? post('Profiler.enable').then(() => post('Profiler.start'))
    : post('Profiler.stop').then(({ profile }) => {
        // Renamed once whole: the bench takes the file as soon as it sees it.
        const file = `${process.env.CPU_PROFILE_DIR}/${PROCESS}-${process.pid}-${Date.now()}`;
        writeFileSync(`${file}.part`, JSON.stringify(profile));
        renameSync(`${file}.part`, `${file}.cpuprofile`);
      });
  done.catch((error) => console.error(`CPU profile: ${error.message}`));
});
