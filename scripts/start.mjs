// `npm start`: build what is missing, prepare the database, then run the API and the
// worker, restarting either if it dies and stopping both cleanly on Ctrl-C or SIGTERM.
// Once the API answers, the last lines say what a person needs: where to open it, the admin
// account made on this start, and where texts and emails go.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const log = (message) => console.log(`[start] ${message}`);

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The REST contract's JSON Schema (the API serves it as its OpenAPI document), the TypeScript
// build (incremental: only what changed), and the API and worker bundled as the images run them.
run('npm', ['run', '--silent', 'build:server']);
if (!existsSync(`${root}/frontend/dist/index.html`)) run('npm', ['run', 'build', '-w', 'frontend']);

// prepare's own lines are shown as they come; its admin line is kept for the closing summary.
const prepared = spawnSync(process.execPath, ['backend/dist/cli/prepare.js'], { cwd: root, stdio: ['inherit', 'pipe', 'inherit'], encoding: 'utf8' });
process.stdout.write(prepared.stdout ?? '');
if (prepared.status !== 0) process.exit(prepared.status ?? 1);
const adminCreated = /Created admin "([^"]+)" with (password: (\S+)|the password from ADMIN_PASSWORD)/.exec(prepared.stdout ?? '');
// Compiled by the tsc -b above; read the same way the API and worker read it.
const { loadEnvironment, redactUrl } = await import('@towing/platform');
const environment = loadEnvironment();

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
supervise('api', 'backend/dist/main.bundle.js');
supervise('worker', 'worker/dist/main.bundle.js');

/** Where texts and emails go: real delivery when configured, else recorded for the board's Notifications tab. */
function deliveryLines() {
  const recorded = "recorded, not sent: open the board's Notifications tab";
  return [
    `Texts (SMS):  ${environment.twilio ? `sent through Twilio from ${environment.twilio.from}` : `${recorded} (set TWILIO_* to send)`}`,
    `Emails:       ${environment.smtpUrl ? `sent to ${redactUrl(environment.smtpUrl)}${/:1025\b/.test(environment.smtpUrl) ? ' (mailpit: http://localhost:8025)' : ''}` : `${recorded} (set SMTP_URL, e.g. mailpit)`}`,
  ];
}

function printSummary() {
  const lines = [`Open:         ${environment.publicUrl}`, `Dispatch board: ${environment.publicUrl}/admin`];
  if (adminCreated?.[3]) lines.push(`Admin user:   ${adminCreated[1]}`, `Password:     ${adminCreated[3]}   (shown only this once; set ADMIN_PASSWORD to choose your own)`);
  else if (adminCreated) lines.push(`Admin user:   ${adminCreated[1]} (password from ADMIN_PASSWORD)`);
  lines.push(...deliveryLines(), 'Stop:         Ctrl-C');
  const rule = '-'.repeat(Math.max(...lines.map((line) => line.length)));
  console.log(['', rule, ...lines, rule].join('\n'));
}

// The summary comes once the API answers, after its start-up lines; a few more worker lines may follow it.
const health = `http://127.0.0.1:${environment.port}/api/health`;
let summarised = false;
const waitForApi = setInterval(() => {
  if (stopping) return clearInterval(waitForApi);
  fetch(health)
    .then((answer) => {
      if (!answer.ok || stopping || summarised) return;
      summarised = true;
      clearInterval(waitForApi);
      printSummary();
    })
    .catch(() => {
      // Not listening yet.
    });
}, 500);
