import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  canPlanEta,
  formatPerthDateTime,
  isClosedJobStatus,
  type Job,
  type JobHistoryEntry,
  type JobStatus,
  type JobTimeline,
  textOrNull,
  timelineSteps,
} from '@towing/contracts';
import { JobEntity, JobUpdateEntity, toJobView, toPublicJobView } from '@towing/db';
import { conflict } from '../common/errors.js';
import { TransactionRunner, type UnitOfWork } from '../outbox/transaction.runner.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import type { UpdateJobDetailsDto } from './dto/update-job-details.dto.js';
import { recordAcknowledgement } from './job-acknowledgement.js';
import { jobNotFound } from './jobs.service.js';

/**
 * What the dispatcher does to a job besides moving its status: acknowledging an SOS, setting
 * the ETA, keeping notes; and the job's history, read back for the board and the customer.
 */
@Injectable()
export class JobDispatchService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
    private readonly realtime: RealtimeService,
  ) {}

  /**
   * The first acknowledgement is the one recorded: a second dispatcher clicking a moment later
   * gets the job back as the first one left it, so the board shows who has it. Moving an SOS
   * on to another status acknowledges it too (JobsService.update).
   */
  acknowledge(id: string, actor: string): Promise<Job> {
    return this.change(id, actor, async (job, unit) => {
      if (job.acknowledgedAt) return null;
      if (isClosedJobStatus(job.status)) throw conflict(`Job ${id} is ${job.status} and no longer needs acknowledging`);
      return [await recordAcknowledgement(unit, job, actor)];
    });
  }

  updateDetails(id: string, actor: string, dto: UpdateJobDetailsDto): Promise<Job> {
    return this.change(id, actor, (job) => {
      const messages: string[] = [];
      if (dto.estimatedArrival !== undefined) {
        const eta = dto.estimatedArrival === null ? null : new Date(dto.estimatedArrival);
        if (eta?.getTime() !== job.estimatedArrival?.getTime()) {
          if (!canPlanEta(job.status)) throw conflict(`Job ${id} is ${job.status}; its ETA can no longer change`);
          messages.push(eta ? `ETA set to ${formatPerthDateTime(eta)}` : 'ETA cleared');
          job.estimatedArrival = eta;
        }
      }
      if (dto.notes !== undefined) {
        const notes = textOrNull(dto.notes);
        if (notes !== job.notes) {
          messages.push(notes ? 'Notes edited' : 'Notes cleared');
          job.notes = notes;
        }
      }
      return messages.length ? messages : null;
    });
  }

  async history(id: string): Promise<JobHistoryEntry[]> {
    await this.requireJob(id);
    const rows = await this.historyRows(id);
    return rows.map((row) => ({
      id: row.id,
      at: (row.occurredAt ?? row.createdAt).toISOString(),
      ...(row.occurredAt ? { receivedAt: row.createdAt.toISOString() } : {}),
      actor: row.actor,
      status: row.status as JobStatus,
      message: row.message,
    }));
  }

  /** The customer's timeline: only statuses and their times, never who or what was written. */
  async timeline(id: string): Promise<JobTimeline> {
    const job = await this.requireJob(id);
    const rows = await this.historyRows(job.id);
    const history = rows.map((row) => ({ status: row.status as JobStatus, at: (row.occurredAt ?? row.createdAt).toISOString() }));
    return { jobId: job.id, steps: timelineSteps(job, history, Date.now()) };
  }

  /**
   * Applies `edit` under a row lock and, when it changed anything, writes one history line
   * naming who did it and pushes the job to the board and to the customer's tracking page.
   * `edit` answers the history messages, or null when there was nothing to change.
   */
  private change(id: string, actor: string, edit: (job: JobEntity, unit: UnitOfWork) => string[] | null | Promise<string[] | null>): Promise<Job> {
    return this.transactions.run(async (unit: UnitOfWork) => {
      const jobs = unit.manager.getRepository(JobEntity);
      const job = await jobs.findOne({ where: { id: id.toUpperCase() }, lock: { mode: 'pessimistic_write' } });
      if (!job) throw jobNotFound(id);
      const messages = await edit(job, unit);
      if (!messages) return toJobView(job);
      await jobs.save(job);
      await unit.manager.getRepository(JobUpdateEntity).insert({ jobId: job.id, status: job.status, message: messages.join('; '), actor });
      const saved = await jobs.findOneByOrFail({ id: job.id });
      unit.afterCommit(() => {
        this.realtime.toAdmins('job:updated', toJobView(saved));
        this.realtime.toJobWatchers(toPublicJobView(saved));
      });
      return toJobView(saved);
    });
  }

  private async requireJob(id: string): Promise<JobEntity> {
    const job = await this.dataSource.getRepository(JobEntity).findOneBy({ id: id.toUpperCase() });
    if (!job) throw jobNotFound(id);
    return job;
  }

  private historyRows(jobId: string): Promise<JobUpdateEntity[]> {
    return this.dataSource.getRepository(JobUpdateEntity).find({ where: { jobId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }
}
