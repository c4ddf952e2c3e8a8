import { Injectable, type NotFoundException, type UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  canDeleteJob,
  isOpenForChanges,
  type CreateJobRequest,
  type CreateSosRequest,
  EMERGENCY_DEFAULTS,
  gpsLocationText,
  type Job,
  type JobListQuery,
  progressAfter,
  type SosAdmission,
  textOrNull,
  trackingPath,
  transitionRefusal,
} from '@towing/contracts';
import { JobEntity, JobUpdateEntity, type PoolQuery, poolQuery, toJobView, toPublicJobView } from '@towing/db';
import { conflict, fieldError, notFound } from '../common/errors.js';
import { TransactionRunner, type UnitOfWork } from '../outbox/transaction.runner.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { StatsService } from '../stats/stats.service.js';
import type { UpdateJobDto } from './dto/update-job.dto.js';
import type { Idempotency } from './idempotency-key.js';
import { recordAcknowledgement } from './job-acknowledgement.js';
import { countJobs, listJobs } from './job-list.js';
import { insertJob, type JobCreatedEvent, type JobInsert, type NewJob } from './job-insert.js';

export interface CreatedJob {
  job: Job;
  /** True when the Idempotency-Key matched an earlier request: nothing new was created. */
  replayed: boolean;
  /** The path of the job's tracking link, as its texts carry it (with the site's origin in front). */
  trackingPath: string;
}

@Injectable()
export class JobsService {
  /** The new-job statement, one of a few texts run for every SOS: prepared once per connection. */
  private readonly preparedQuery: PoolQuery;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
    private readonly realtime: RealtimeService,
    private readonly stats: StatsService,
  ) {
    this.preparedQuery = poolQuery(dataSource);
  }

  /**
   * A stranded driver's SOS, whoever sends it: the server, not the caller, decides the status,
   * assignment and ETA and fills blank answers, and the worker alerts the on-call phones. The
   * vehicle, the situation and the fix are stored in their own columns; the notes keep only
   * what the sender wrote as notes.
   */
  createSos(request: CreateSosRequest, idempotency?: Idempotency, accountId?: number, admission?: SosAdmission): Promise<CreatedJob> {
    const gps = request.gps;
    const location = textOrNull(request.location) ?? (gps ? gpsLocationText(gps) : EMERGENCY_DEFAULTS.location);
    return this.create({
      fields: {
        customerName: textOrNull(request.customerName) ?? EMERGENCY_DEFAULTS.customerName,
        phone: request.phone.trim(),
        email: textOrNull(request.email),
        service: EMERGENCY_DEFAULTS.service,
        location,
        vehicle: textOrNull(request.vehicle) ?? EMERGENCY_DEFAULTS.vehicle,
        situation: textOrNull(request.situation) ?? EMERGENCY_DEFAULTS.situation,
        notes: textOrNull(request.notes),
        status: 'Emergency',
        assignedTo: 'Unassigned',
        progress: 0,
        estimatedArrival: new Date(Date.now() + EMERGENCY_DEFAULTS.arrivalMinutes * 60_000),
        gpsLat: gps?.lat ?? null,
        gpsLng: gps?.lng ?? null,
        gpsAccuracyM: gps?.accuracyM ?? null,
        gpsFixedAt: gps ? new Date(gps.fixedAt ?? Date.now()) : null,
        sourceKey: admission?.source ?? null,
        heldAt: admission?.held ? new Date() : null,
      },
      event: { name: 'sos.created', payload: admission ? { admission } : {} },
      idempotency,
      accountId,
    });
  }

  createByAdmin(request: CreateJobRequest, idempotency?: Idempotency, actor: string | null = null): Promise<CreatedJob> {
    return this.create({
      fields: {
        customerName: request.customerName.trim(),
        phone: request.phone.trim(),
        email: textOrNull(request.email),
        service: request.service.trim(),
        location: request.location.trim(),
        notes: textOrNull(request.notes),
        status: request.status ?? 'Assigned',
        assignedTo: request.assignedTo ?? 'Unassigned',
        progress: request.progress ?? 0,
        estimatedArrival: request.estimatedArrival ? new Date(request.estimatedArrival) : null,
      },
      event: { name: 'job.created', payload: {} },
      idempotency,
      actor,
    });
  }


  list(query: JobListQuery): Promise<Job[]> {
    return listJobs(this.dataSource, query);
  }

  count(): Promise<number> {
    return countJobs(this.dataSource);
  }

  /**
   * Applies the board's change under a row lock, so two dispatchers clicking at once are
   * serialised and the second sees the first one's status.
   */
  async update(id: string, dto: UpdateJobDto, actor: string | null = null): Promise<Job> {
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
        // The dispatcher who moves an SOS on has it: that is its acknowledgement, recorded as the button records it.
        if (from === 'Emergency' && !job.acknowledgedAt && actor) messages.push(await recordAcknowledgement(unit, job, actor));
        job.status = to;
        job.progress = progressAfter(to, job.progress);
        messages.push(`Status changed from ${from} to ${to}`);
      }
      if (dto.assignedTo !== undefined && dto.assignedTo !== job.assignedTo) {
        if (!isOpenForChanges(from)) throw conflict(`Job ${id} is ${from} and can no longer be reassigned`);
        messages.push(`Assigned to ${dto.assignedTo} (was ${job.assignedTo})`);
        job.assignedTo = dto.assignedTo;
      }
      // A status change sets its own progress; a bare progress figure only moves an open job.
      if (!to && dto.progress !== undefined && dto.progress !== job.progress) {
        if (!isOpenForChanges(from)) throw conflict(`Job ${id} is ${from} and can no longer be changed`);
        messages.push(`Progress set to ${dto.progress}%`);
        job.progress = dto.progress;
      }
      if (messages.length === 0) return toJobView(job);

      await jobs.save(job);
      await unit.manager.getRepository(JobUpdateEntity).insert({ jobId: id, status: job.status, message: messages.join('; '), actor });
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
  async insertInUnit(unit: UnitOfWork, fields: NewJob): Promise<JobEntity> {
    const { job } = (await insertJob(unit.manager, { fields }))!;
    unit.afterCommit(() => this.announce(job));
    return job;
  }

  /** The board hears of a new job; a held SOS is folded into its source's line there, not pushed one by one. */
  private announce(job: JobEntity): void {
    if (job.heldAt && job.sourceKey) this.realtime.toAdmins('sos:held', { source: job.sourceKey });
    else this.realtime.toAdmins('job:created', toJobView(job));
    this.stats.broadcast();
  }

  /**
   * The job, its first history line, its account link and its event in one statement. A resend
   * with the same Idempotency-Key answers the job the first request created (the statement
   * writes nothing); the same key with a different request is refused (422) and shows nothing of
   * the first one.
   */
  private async create(request: JobInsert & { event: JobCreatedEvent }): Promise<CreatedJob> {
    const { idempotency } = request;
    const inserted = await this.transactions.runStatement(async (manager) => {
      const result = await insertJob(manager, request, this.preparedQuery);
      return { result, events: result?.event ? [result.event] : [], afterCommit: () => result && this.announce(result.job) };
    });
    if (inserted) return created(inserted.job, false);
    const earlier = idempotency && (await this.findByIdempotencyKey(idempotency));
    if (!earlier) throw new Error('A job was refused as a resend but no job has its Idempotency-Key');
    return created(earlier, true);
  }

  /** The job an earlier request with this key created, with its tracking token. */
  private async findByIdempotencyKey({ key, fingerprint }: Idempotency): Promise<JobEntity | null> {
    const job = await this.dataSource
      .getRepository(JobEntity)
      .createQueryBuilder('job')
      .addSelect(['job.idempotencyFingerprint', 'job.trackingToken'])
      .where('job.idempotencyKey = :key', { key })
      .getOne();
    if (!job) return null;
    if (job.idempotencyFingerprint !== null && job.idempotencyFingerprint !== fingerprint) throw keyReused();
    return job;
  }
}

function created(job: JobEntity, replayed: boolean): CreatedJob {
  return { job: toJobView(job), replayed, trackingPath: trackingPath({ jobId: job.id, token: job.trackingToken }) };
}

export function jobNotFound(id: string): NotFoundException {
  return notFound(`Job ${id} not found`);
}

function keyReused(): UnprocessableEntityException {
  const message = 'This Idempotency-Key was already used for a different request';
  return fieldError(422, 'Idempotency-Key', message);
}
