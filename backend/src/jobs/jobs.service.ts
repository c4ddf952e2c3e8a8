import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { EMERGENCY_DEFAULTS, type Job } from '@towing/contracts';
import { isUniqueViolation } from '../database/pg-errors.js';
import { TransactionRunner } from '../outbox/transaction.runner.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { StatsService } from '../stats/stats.service.js';
import type { CreateEmergencyJobDto } from './dto/create-emergency-job.dto.js';
import type { CreateJobDto } from './dto/create-job.dto.js';
import { nextJobId } from './job-number.js';
import { JobEntity } from './job.entity.js';
import { JobUpdateEntity } from './job-update.entity.js';
import { toJobView } from './job.view.js';

export interface CreatedJob {
  job: Job;
  /** True when the Idempotency-Key matched an earlier request: nothing new was created. */
  replayed: boolean;
}

type NewJob = Pick<JobEntity, 'customerName' | 'phone' | 'email' | 'service' | 'location' | 'notes' | 'status' | 'assignedTo' | 'progress' | 'estimatedArrival'>;

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

  private async create(fields: NewJob, event: 'sos.created' | 'job.created', idempotencyKey?: string): Promise<CreatedJob> {
    if (idempotencyKey) {
      const earlier = await this.findByIdempotencyKey(idempotencyKey);
      if (earlier) return { job: earlier, replayed: true };
    }
    try {
      const job = await this.transactions.run(async (unit) => {
        const jobs = unit.manager.getRepository(JobEntity);
        const saved = await jobs.save(
          jobs.create({
            ...fields,
            id: await nextJobId(unit.manager),
            trackingToken: randomBytes(24).toString('base64url'),
            idempotencyKey: idempotencyKey ?? null,
          }),
        );
        await unit.manager
          .getRepository(JobUpdateEntity)
          .insert({ jobId: saved.id, status: saved.status, message: `Job created (${saved.service})` });
        await unit.record(event, { jobId: saved.id });
        const view = toJobView(await jobs.findOneByOrFail({ id: saved.id }));
        unit.afterCommit(() => {
          this.realtime.toAdmins('job:created', view);
          this.stats.broadcast();
        });
        return view;
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
