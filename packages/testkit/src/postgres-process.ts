import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eventually } from './eventually.js';
import { processGroups } from './process-groups.js';
import { freePort } from './free-port.js';

const run = promisify(execFile);
const POSTGRES_HOME = '/usr/lib/postgresql';

/** The newest PostgreSQL server installed (Debian keeps each major version under /usr/lib/postgresql). */
function binary(name: string): string {
  const versions = readdirSync(POSTGRES_HOME).sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) throw new Error(`No PostgreSQL under ${POSTGRES_HOME}: apt-get install postgresql`);
  return join(POSTGRES_HOME, versions[0]!, 'bin', name);
}

/**
 * A PostgreSQL server of the test's own, in a temporary directory on a free port, that the
 * test can stop and start again (the shared server on 5432 is never touched). PostgreSQL
 * refuses to run as root, so as root it runs as the postgres user. pg_ctl starts the server in
 * a session (and process group) of its own, listed so that it ends with its test file.
 */
export class PostgresProcess {
  private postmaster?: number;

  private constructor(
    readonly port: number,
    private readonly dataDir: string,
  ) {}

  static async start(): Promise<PostgresProcess> {
    const dir = mkdtempSync(join(tmpdir(), 'towing-pg-'));
    const dataDir = join(dir, 'data');
    const server = new PostgresProcess(await freePort(), dataDir);
    if (process.getuid?.() === 0) {
      const { uid, gid } = await server.postgresUser();
      chownSync(dir, uid, gid);
      chmodSync(dir, 0o700);
    }
    await server.as(binary('initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
    await server.start();
    return server;
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}`;
  }

  /**
   * Starts the server and waits until it takes connections; pg_ctl notices a server that exits
   * while starting. Its wait needs a bound: an hour, so the calling test's timeout is the real
   * limit. The server is listed from the moment its pid file appears.
   */
  async start(): Promise<void> {
    let settled = false;
    const started = this.as(binary('pg_ctl'), ['-D', this.dataDir, '-w', '-t', '3600', '-o', `-p ${this.port} -k ${this.dataDir} -c listen_addresses=127.0.0.1 -c fsync=off`, '-l', join(this.dataDir, 'server.log'), 'start']).finally(
      () => (settled = true),
    );
    await eventually(() => this.listed() || settled, Number.POSITIVE_INFINITY);
    await started;
    this.listed();
  }

  /** Lists the running server's group once its pid file names it; true once listed. */
  private listed(): boolean {
    if (this.postmaster !== undefined) return true;
    const pidFile = join(this.dataDir, 'postmaster.pid');
    const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
    if (!pid) return false;
    this.postmaster = pid;
    processGroups().add({ pgid: pid, name: `postgres :${this.port}`, lastWords: () => this.log() });
    return true;
  }

  /** Stops at once, dropping every connection, as a crash or a failover would. */
  async stop(): Promise<void> {
    await this.as(binary('pg_ctl'), ['-D', this.dataDir, '-w', '-m', 'immediate', 'stop']).catch(() => undefined);
    if (this.postmaster !== undefined) processGroups().remove(this.postmaster);
    this.postmaster = undefined;
  }

  async remove(): Promise<void> {
    await this.stop();
    rmSync(join(this.dataDir, '..'), { recursive: true, force: true });
  }

  private log(): string {
    const file = join(this.dataDir, 'server.log');
    return existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-30).join('\n') : '';
  }

  private async postgresUser(): Promise<{ uid: number; gid: number }> {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
  }

  private async as(command: string, args: string[]): Promise<void> {
    if (process.getuid?.() === 0) await run('runuser', ['-u', 'postgres', '--', command, ...args]);
    else await run(command, args);
  }
}
