import { randomBytes } from 'node:crypto';
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
  toE164,
  trackingPath,
  transitionRefusal,
} from '@towing/contracts';
import { isUniqueViolation, JobEntity, JobUpdateEntity, toJobView, toPublicJobView } from '@towing/db';
import { conflict, fieldError, notFound } from '../common/errors.js';
import { TransactionRunner, type UnitOfWork } from '../outbox/transaction.runner.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { StatsService } from '../stats/stats.service.js';
import { AccountJobsService } from './account-jobs.service.js';
import type { UpdateJobDto } from './dto/update-job.dto.js';
import type { Idempotency } from './idempotency-key.js';
import { recordAcknowledgement } from './job-acknowledgement.js';
import { countJobs, listJobs } from './job-list.js';
import { nextJobId } from './job-number.js';

export interface JobOrigin {
  idempotency?: Idempotency;
  /** The signed-in customer who asked for it: the job is linked to their account. */
  accountId?: number;
  /** The staff member who created it, for its history. */
  actor?: string | null;
  /** An SOS's admission, decided at the edge (sos-admission): stored with the job and carried in its event. */
  admission?: SosAdmission;
}

export interface CreatedJob {
  job: Job;
  /** True when the Idempotency-Key matched an earlier request: nothing new was created. */
  replayed: boolean;
  /** The path of the job's tracking link, as its texts carry it (with the site's origin in front). */
  trackingPath: string;
}

export type NewJob = Pick<JobEntity, 'customerName' | 'phone' | 'email' | 'service' | 'location' | 'notes' | 'status' | 'assignedTo' | 'progress' | 'estimatedArrival'> &
  Partial<Pick<JobEntity, 'vehicle' | 'situation' | 'gpsLat' | 'gpsLng' | 'gpsAccuracyM' | 'gpsFixedAt' | 'sourceKey' | 'heldAt'>>;

@Injectable()
export class JobsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
    private readonly realtime: RealtimeService,
    private readonly stats: StatsService,
    private readonly accountJobs: AccountJobsService,
  ) {}

  /**
   * A stranded driver's SOS, whoever sends it: the server, not the caller, decides the status,
   * assignment and ETA and fills blank answers, and the worker alerts the on-call phones. The
   * vehicle, the situation and the fix are stored in their own columns; the notes keep only
   * what the sender wrote as notes.
   */
  createSos(request: CreateSosRequest, idempotency?: Idempotency, accountId?: number, admission?: SosAdmission): Promise<CreatedJob> {
    const gps = request.gps;
    const location = textOrNull(request.location) ?? (gps ? gpsLocationText(gps) : EMERGENCY_DEFAULTS.location);
    return this.create(
      {
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
      'sos.created',
      { idempotency, accountId, admission },
    );
  }

  createByAdmin(request: CreateJobRequest, idempotency?: Idempotency, actor: string | null = null): Promise<CreatedJob> {
    return this.create(
      {
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
      'job.created',
      { idempotency, actor },
    );
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
   * `origin`: how it was asked for (a resend's key, the account that created it, who on the board did).
   */
  async insertInUnit(unit: UnitOfWork, fields: NewJob, origin: JobOrigin = {}): Promise<JobEntity> {
    const jobs = unit.manager.getRepository(JobEntity);
    const id = await nextJobId(unit.manager);
    const trackingToken = randomBytes(24).toString('base64url');
    // insert, not save: the id is ours, and save would first look for a row with it.
    await jobs.insert({
      ...fields,
      phoneE164: toE164(fields.phone),
      id,
      trackingToken,
      idempotencyKey: origin.idempotency?.key ?? null,
      idempotencyFingerprint: origin.idempotency?.fingerprint ?? null,
    });
    await unit.manager.getRepository(JobUpdateEntity).insert({ jobId: id, status: fields.status, message: `Job created (${fields.service})`, actor: origin.actor ?? null });
    // Ordinary reads leave the token out; this one was just made here.
    const job = Object.assign(await jobs.findOneByOrFail({ id }), { trackingToken });
    unit.afterCommit(() => {
      // A held SOS is folded into its source's line on the board, not pushed one by one.
      if (job.heldAt && job.sourceKey) this.realtime.toAdmins('sos:held', { source: job.sourceKey });
      else this.realtime.toAdmins('job:created', toJobView(job));
      this.stats.broadcast();
    });
    return job;
  }

  /**
   * A resend with the same Idempotency-Key answers the job the first request created; the same
   * key with a different request is refused (422) and shows nothing of the first one.
   */
  private async create(fields: NewJob, event: 'sos.created' | 'job.created', origin: JobOrigin = {}): Promise<CreatedJob> {
    const { idempotency, accountId } = origin;
    if (idempotency) {
      const earlier = await this.findByIdempotencyKey(idempotency);
      if (earlier) return created(earlier, true);
    }
    try {
      const job = await this.transactions.run(async (unit) => {
        const saved = await this.insertInUnit(unit, fields, origin);
        if (accountId !== undefined) await this.accountJobs.linkInUnit(unit, accountId, saved.id, 'created');
        await unit.record(event, origin.admission ? { jobId: saved.id, admission: origin.admission } : { jobId: saved.id });
        return saved;
      });
      return created(job, false);
    } catch (error) {
      // Two copies of one request raced: the loser answers with the winner's job.
      if (idempotency && isUniqueViolation(error)) {
        const earlier = await this.findByIdempotencyKey(idempotency);
        if (earlier) return created(earlier, true);
      }
      throw error;
    }
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
