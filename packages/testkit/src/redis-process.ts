import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
// The module alone: the package's index loads Nest.
import { closeNow } from '@towing/platform/redis-connections';
import { eventually } from './eventually.js';
import { freePort } from './free-port.js';
import { trackGroup } from './process-groups.js';

export interface RedisOptions {
  /**
   * Keep the data across a stop, in an append-only file synced on every write, as a production
   * Redis with AOF keeps its queues (default: nothing kept, a stop loses everything).
   */
  persistent?: boolean;
}

/** A redis-server of the test's own, on a free port, that the test can stop and start again. */
export class RedisProcess {
  private child?: ChildProcess;
  private readonly dataDir?: string;

  private constructor(
    readonly port: number,
    options: RedisOptions,
  ) {
    if (options.persistent) this.dataDir = mkdtempSync(join(tmpdir(), 'towing-redis-'));
  }

  static async start(options: RedisOptions = {}): Promise<RedisProcess> {
    const redis = new RedisProcess(await freePort(), options);
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts the server unless it is already running (a second one could not bind the port). */
  async start(): Promise<void> {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) return;
    const persistence = this.dataDir ? ['--appendonly', 'yes', '--appendfsync', 'always', '--dir', this.dataDir] : ['--appendonly', 'no'];
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', ...persistence], {
      stdio: 'ignore',
      detached: true,
    });
    this.child = child;
    trackGroup(child, `redis-server :${this.port}`);
    const exited = () => child.exitCode !== null || child.signalCode !== null;
    // Up once it answers PING; a refused connection is "not listening yet". No deadline of its
    // own: the calling test's timeout is the limit, and one that exits has failed.
    await eventually(async () => {
      if (exited()) return true;
      const client = new Redis(this.url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
      client.on('error', () => undefined);
      try {
        await client.connect();
        await client.ping();
        return true;
      } finally {
        closeNow(client);
      }
    }, Number.POSITIVE_INFINITY);
    if (exited()) throw new Error(`redis-server on port ${this.port} exited with ${child.exitCode ?? child.signalCode} while starting`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  /** Stops it and deletes its data, if it kept any. */
  async remove(): Promise<void> {
    await this.stop();
    if (this.dataDir) rmSync(this.dataDir, { recursive: true, force: true });
  }
}
