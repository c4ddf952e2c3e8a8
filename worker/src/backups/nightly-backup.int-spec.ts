import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { QUEUES } from '@towing/contracts';
import { eventually, leaseSharedStack, type SystemLease } from '@towing/testkit';
import { NIGHTLY_BACKUP_JOB, NIGHTLY_BACKUP_SCHEDULER } from './nightly-backup.js';

describe('the nightly backup', () => {
  let stack: SystemLease;
  let backups: Queue;
  const directory = mkdtempSync(join(tmpdir(), 'nightly-backups-'));

  beforeAll(async () => {
    stack = await leaseSharedStack('system', { worker: true, workerEnv: { BACKUP_DIR: directory } });
    backups = new Queue(QUEUES.dbBackups, { connection: { url: stack.variables.REDIS_URL! }, prefix: stack.variables.REDIS_PREFIX });
  });
  afterAll(async () => {
    await backups?.close();
    await stack?.release();
    rmSync(directory, { recursive: true, force: true });
  });

  it('is scheduled at 2:30 am Perth, and a run writes a dump into BACKUP_DIR', async () => {
    await eventually(async () => (await backups.getJobScheduler(NIGHTLY_BACKUP_SCHEDULER)) !== undefined, 20_000);
    expect(await backups.getJobScheduler(NIGHTLY_BACKUP_SCHEDULER)).toMatchObject({ pattern: '30 2 * * *', tz: 'Australia/Perth' });

    const job = await backups.add(NIGHTLY_BACKUP_JOB, {});
    await eventually(async () => (await job.getState()) === 'completed', 30_000);
    expect(readdirSync(directory)).toEqual([expect.stringMatching(/^towing-\d{8}T\d{6}Z\.dump$/)]);
  });
});
