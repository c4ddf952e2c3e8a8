// `npm start`: build what is missing, prepare the database, then run the API and the
// worker, restarting either if it dies and stopping both cleanly on Ctrl-C or SIGTERM.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const log = (message) => console.log(`[start] ${message}`);

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// tsc -b is incremental: it only recompiles what changed.
// The REST contract's JSON Schema, which the API serves as its OpenAPI document.
run(process.execPath, ['scripts/build/api-schema.mjs']);
run(process.execPath, ['node_modules/typescript/bin/tsc', '-b']);
if (!existsSync(`${root}/frontend/dist/index.html`)) run('npm', ['run', 'build', '-w', 'frontend']);
run(process.execPath, ['backend/dist/cli/prepare.js']);

const children = new Map();
let stopping = false;

function supervise(name, entry) {
  let restarts = 0;
  let startedAt = 0;
  const launch = () => {
    startedAt = Date.now();
    const child = spawn(process.execPath, [entry], { cwd: root, stdio: 'inherit' });
    children.set(name, child);
    child.on('exit', (code, signal) => {
      children.delete(name);
      if (stopping) return;
      // Back off when it keeps dying at once, so a broken start does not spin the CPU.
      restarts = Date.now() - startedAt < 10_000 ? restarts + 1 : 0;
      const delay = Math.min(500 * 2 ** restarts, 10_000);
      log(`${name} exited (${signal ?? `code ${code}`}); restarting in ${delay} ms`);
      setTimeout(launch, delay);
    });
  };
  launch();
}

function stop(signal) {
  if (stopping) return;
  stopping = true;
  log(`${signal}: stopping api and worker`);
  for (const child of children.values()) child.kill('SIGTERM');
  const force = setTimeout(() => {
    for (const child of children.values()) child.kill('SIGKILL');
  }, 10_000);
  const waitAll = setInterval(() => {
    if (children.size > 0) return;
    clearInterval(waitAll);
    clearTimeout(force);
    log('stopped');
    process.exit(0);
  }, 100);
}

process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
// npm does not always pass SIGTERM on; when whoever started us is gone, stop too.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && stop('parent exited'), 1000).unref();
supervise('api', 'backend/dist/main.js');
supervise('worker', 'worker/dist/main.js');
