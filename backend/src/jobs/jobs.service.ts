import { randomBytes } from 'node:crypto';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  canDeleteJob,
  canReassign,
  EMERGENCY_DEFAULTS,
  type Job,
  progressAfter,
  transitionRefusal,
} from '@towing/contracts';
import { isUniqueViolation } from '../database/pg-errors.js';
import { TransactionRunner, type UnitOfWork } from '../outbox/transaction.runner.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { StatsService } from '../stats/stats.service.js';
import type { CreateEmergencyJobDto } from './dto/create-emergency-job.dto.js';
import type { CreateJobDto } from './dto/create-job.dto.js';
import type { UpdateJobDto } from './dto/update-job.dto.js';
import { nextJobId } from './job-number.js';
import { JobEntity } from './job.entity.js';
import { JobUpdateEntity } from './job-update.entity.js';
import { toJobView, toPublicJobView } from './job.view.js';

export interface CreatedJob {
  job: Job;
  /** True when the Idempotency-Key matched an earlier request: nothing new was created. */
  replayed: boolean;
}

export type NewJob = Pick<JobEntity, 'customerName' | 'phone' | 'email' | 'service' | 'location' | 'notes' | 'status' | 'assignedTo' | 'progress' | 'estimatedArrival'>;

const blankToNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);

@Injectable()
export class JobsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
    private readonly realtime: RealtimeService,
    private readonly stats: StatsService,
  ) {}

  /** A stranded driver's SOS: the server, not the caller, decides status, assignment and ETA. */
  createEmergency(dto: CreateEmergencyJobDto, idempotencyKey?: string): Promise<CreatedJob> {
    return this.create(
      {
        customerName: blankToNull(dto.customerName) ?? EMERGENCY_DEFAULTS.customerName,
        phone: dto.phone.trim(),
        email: blankToNull(dto.email),
        service: blankToNull(dto.service) ?? EMERGENCY_DEFAULTS.service,
        location: blankToNull(dto.location) ?? EMERGENCY_DEFAULTS.location,
        notes: blankToNull(dto.notes),
        status: 'Emergency',
        assignedTo: 'Unassigned',
        progress: 0,
        estimatedArrival: new Date(Date.now() + EMERGENCY_DEFAULTS.arrivalMinutes * 60_000),
      },
      'sos.created',
      idempotencyKey,
    );
  }

  createByAdmin(dto: CreateJobDto, idempotencyKey?: string): Promise<CreatedJob> {
    return this.create(
      {
        customerName: dto.customerName.trim(),
        phone: dto.phone.trim(),
        email: blankToNull(dto.email),
        service: dto.service.trim(),
        location: dto.location.trim(),
        notes: blankToNull(dto.notes),
        status: dto.status ?? 'Assigned',
        assignedTo: dto.assignedTo ?? 'Unassigned',
        progress: dto.progress ?? 0,
        estimatedArrival: dto.estimatedArrival ? new Date(dto.estimatedArrival) : null,
      },
      'job.created',
      idempotencyKey,
    );
  }

  async list(): Promise<Job[]> {
    const jobs = await this.dataSource.getRepository(JobEntity).find({ order: { createdAt: 'DESC' } });
    return jobs.map(toJobView);
  }

  /**
   * Applies the board's change under a row lock, so two dispatchers clicking at once are
   * serialised and the second sees the first one's status.
   */
  async update(id: string, dto: UpdateJobDto): Promise<Job> {
    return this.transactions.run(async (unit) => {
      const jobs = unit.manager.getRepository(JobEntity);
      const job = await jobs.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!job) throw jobNotFound(id);
      const from = job.status;
      const messages: string[] = [];

      const to = dto.status !== undefined && dto.status !== from ? dto.status : null;
      if (to) {
        const refusal = transitionRefusal(id, from, to);
        if (refusal) throw conflict(refusal);
        job.status = to;
        job.progress = progressAfter(to, job.progress);
        messages.push(`Status changed from ${from} to ${to}`);
      }
      if (dto.assignedTo !== undefined && dto.assignedTo !== job.assignedTo) {
        if (!canReassign(from)) throw conflict(`Job ${id} is ${from} and can no longer be reassigned`);
        messages.push(`Assigned to ${dto.assignedTo} (was ${job.assignedTo})`);
        job.assignedTo = dto.assignedTo;
      }
      // A status change sets its own progress; a bare progress figure only moves an open job.
      if (!to && dto.progress !== undefined && dto.progress !== job.progress) {
        if (!canReassign(from)) throw conflict(`Job ${id} is ${from} and can no longer be changed`);
        messages.push(`Progress set to ${dto.progress}%`);
        job.progress = dto.progress;
      }
      if (messages.length === 0) return toJobView(job);

      await jobs.save(job);
      await unit.manager.getRepository(JobUpdateEntity).insert({ jobId: id, status: job.status, message: messages.join('; ') });
      if (to) {
        await unit.record('job.statusChanged', { jobId: id, from, to });
        if (to === 'Completed') await unit.record('job.completed', { jobId: id });
      }
      const saved = await jobs.findOneByOrFail({ id });
      unit.afterCommit(() => {
        this.realtime.toAdmins('job:updated', toJobView(saved));
        this.realtime.toJobWatchers(toPublicJobView(saved));
        if (to) this.stats.broadcast();
      });
      return toJobView(saved);
    });
  }

  /** Only closed jobs may go; a live one is refused so no call-out vanishes from the board. */
  async remove(id: string): Promise<void> {
    await this.transactions.run(async (unit) => {
      const jobs = unit.manager.getRepository(JobEntity);
      const job = await jobs.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!job) throw jobNotFound(id);
      if (!canDeleteJob(job.status)) {
        throw conflict(`Job ${id} is ${job.status}; only Completed or Cancelled jobs can be deleted`);
      }
      await jobs.delete({ id });
      unit.afterCommit(() => {
        this.realtime.toAdmins('job:deleted', { id });
        this.stats.broadcast();
      });
    });
  }

  /**
   * Writes a new job and its first history line inside the caller's transaction, for flows
   * (booking approval) that create a job as part of a larger change and record their own event.
   */
  async insertInUnit(unit: UnitOfWork, fields: NewJob, idempotencyKey: string | null = null): Promise<JobEntity> {
    const jobs = unit.manager.getRepository(JobEntity);
    const saved = await jobs.save(
      jobs.create({
        ...fields,
        id: await nextJobId(unit.manager),
        trackingToken: randomBytes(24).toString('base64url'),
        idempotencyKey,
      }),
    );
    await unit.manager
      .getRepository(JobUpdateEntity)
      .insert({ jobId: saved.id, status: saved.status, message: `Job created (${saved.service})` });
    const job = await jobs.findOneByOrFail({ id: saved.id });
    unit.afterCommit(() => {
      this.realtime.toAdmins('job:created', toJobView(job));
      this.stats.broadcast();
    });
    return job;
  }

  private async create(fields: NewJob, event: 'sos.created' | 'job.created', idempotencyKey?: string): Promise<CreatedJob> {
    if (idempotencyKey) {
      const earlier = await this.findByIdempotencyKey(idempotencyKey);
      if (earlier) return { job: earlier, replayed: true };
    }
    try {
      const job = await this.transactions.run(async (unit) => {
        const saved = await this.insertInUnit(unit, fields, idempotencyKey ?? null);
        await unit.record(event, { jobId: saved.id });
        return toJobView(saved);
      });
      return { job, replayed: false };
    } catch (error) {
      // Two copies of one request raced: the loser answers with the winner's job.
      if (idempotencyKey && isUniqueViolation(error)) {
        const earlier = await this.findByIdempotencyKey(idempotencyKey);
        if (earlier) return { job: earlier, replayed: true };
      }
      throw error;
    }
  }

  private async findByIdempotencyKey(idempotencyKey: string): Promise<Job | null> {
    const job = await this.dataSource.getRepository(JobEntity).findOneBy({ idempotencyKey });
    return job ? toJobView(job) : null;
  }
}

function jobNotFound(id: string): NotFoundException {
  return new NotFoundException({ statusCode: 404, error: 'Not Found', message: `Job ${id} not found` });
}

function conflict(message: string): ConflictException {
  return new ConflictException({ statusCode: 409, error: 'Conflict', message });
}
