import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type HeldSosJobs, type HeldSosSource, JOB_LIST_MAX_PAGE, type SettleHeldSosRequest } from '@towing/contracts';
import { JobEntity, JobUpdateEntity, toJobView } from '@towing/db';
import { TransactionRunner } from '../outbox/transaction.runner.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { StatsService } from '../stats/stats.service.js';

/** Held sources the board lists at most: past this many addresses a flood is read by search. */
const SOURCES_LISTED = 50;

/** A held SOS nobody has settled: a discarded one keeps heldAt (it stays out of the board's window) and is Cancelled. */
const STILL_HELD = `job.heldAt IS NOT NULL AND job.status = 'Emergency'`;

interface SourceRow {
  source: string;
  count: number;
  phones: number;
  first_at: Date;
  last_at: Date;
}

function toSource(row: SourceRow): HeldSosSource {
  return { source: row.source, count: row.count, phones: row.phones, firstAt: row.first_at.toISOString(), lastAt: row.last_at.toISOString() };
}

/**
 * The held SOS, folded by the address they came from: the board shows one line per source
 * that a dispatcher opens, releases (each SOS is then texted and alerted as a new one) or
 * discards (cancelled, never texted, still stored).
 */
@Injectable()
export class HeldSosService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
    private readonly realtime: RealtimeService,
    private readonly stats: StatsService,
  ) {}

  private sourcesQuery() {
    return this.dataSource
      .getRepository(JobEntity)
      .createQueryBuilder('job')
      .select('job.sourceKey', 'source')
      .addSelect('count(*)::int', 'count')
      .addSelect('count(DISTINCT job.phoneE164)::int', 'phones')
      .addSelect('min(job.createdAt)', 'first_at')
      .addSelect('max(job.createdAt)', 'last_at')
      .where(STILL_HELD)
      .groupBy('job.sourceKey');
  }

  async sources(): Promise<HeldSosSource[]> {
    const rows = await this.sourcesQuery().orderBy('last_at', 'DESC').limit(SOURCES_LISTED).getRawMany<SourceRow>();
    return rows.map(toSource);
  }

  /** The newest held SOS of one source. */
  async jobs(source: string): Promise<HeldSosJobs> {
    const [row] = await this.sourcesQuery().andWhere('job.sourceKey = :source', { source }).getRawMany<SourceRow>();
    const jobs = await this.dataSource
      .getRepository(JobEntity)
      .createQueryBuilder('job')
      .where(STILL_HELD)
      .andWhere('job.sourceKey = :source', { source })
      .orderBy('job.createdAt', 'DESC')
      .limit(JOB_LIST_MAX_PAGE)
      .getMany();
    return { source: row ? toSource(row) : null, jobs: jobs.map(toJobView) };
  }

  /** The oldest held SOS of the source first (or the ones named), a page at a time: the answer says how many. */
  release(source: string, request: SettleHeldSosRequest, actor: string): Promise<number> {
    return this.settle(source, request, actor, 'release');
  }

  discard(source: string, request: SettleHeldSosRequest, actor: string): Promise<number> {
    return this.settle(source, request, actor, 'discard');
  }

  private async settle(source: string, request: SettleHeldSosRequest, actor: string, action: 'release' | 'discard'): Promise<number> {
    return this.transactions.run(async (unit) => {
      const repository = unit.manager.getRepository(JobEntity);
      const query = repository
        .createQueryBuilder('job')
        .setLock('pessimistic_write')
        .where(STILL_HELD)
        .andWhere('job.sourceKey = :source', { source })
        .orderBy('job.createdAt', 'ASC')
        .limit(JOB_LIST_MAX_PAGE);
      if (request.jobIds) query.andWhere('job.id IN (:...ids)', { ids: request.jobIds.length > 0 ? request.jobIds : [''] });
      const held = await query.getMany();
      if (held.length === 0) return 0;
      const ids = held.map((job) => job.id);
      const released = action === 'release';
      await repository.update(ids, released ? { heldAt: null } : { status: 'Cancelled' });
      await unit.manager.getRepository(JobUpdateEntity).insert(
        held.map((job) => ({
          jobId: job.id,
          status: released ? job.status : 'Cancelled',
          message: released ? 'Held SOS released: the caller is texted and the on-call phones alerted' : 'Held SOS discarded: cancelled, nobody texted',
          actor,
        })),
      );
      // A released SOS is admitted now: its texts and alerts go out as for a new one.
      if (released) {
        for (const id of ids) await unit.record('sos.created', { jobId: id, admission: { source, held: false, newSource: false } });
      }
      const settled = await repository.findBy(ids.map((id) => ({ id })));
      unit.afterCommit(() => {
        for (const job of settled) this.realtime.toAdmins('job:updated', toJobView(job));
        this.realtime.toAdmins('sos:held', { source });
        this.stats.broadcast();
      });
      return held.length;
    });
  }
}
