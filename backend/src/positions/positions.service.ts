import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import {
  type BoardTruck,
  isPositionSharingStatus,
  POSITION_SHARING_STATUSES,
  type PositionBatchResponse,
  type PositionFix,
  straightLineKm,
  type TruckPosition,
} from '@towing/contracts';
import { JobEntity, JobPositionEntity, type UserEntity } from '@towing/db';
import { assertOnTheJob } from '../drivers/on-the-job.js';
import { conflict, fieldError } from '../common/errors.js';
import { jobNotFound } from '../jobs/jobs.service.js';
import { RealtimeService } from '../realtime/realtime.service.js';

/** A phone's clock may run a little fast; a fix further in the future than this is not believed. */
const CLOCK_SKEW_MS = 2 * 60_000;

type Destination = Pick<JobEntity, 'id' | 'gpsLat' | 'gpsLng'>;

function toTruckPosition(row: JobPositionEntity, job: Destination): TruckPosition {
  const destination = job.gpsLat !== null && job.gpsLng !== null ? { lat: job.gpsLat, lng: job.gpsLng } : null;
  return {
    jobId: job.id,
    lat: row.lat,
    lng: row.lng,
    accuracyM: row.accuracyM,
    fixedAt: row.fixedAt.toISOString(),
    receivedAt: row.receivedAt.toISOString(),
    distanceKm: destination ? straightLineKm(row, destination) : null,
  };
}

/**
 * The truck's position while its job is on its way (contracts POSITION_SHARING_STATUSES): the
 * driver's phone sends its fixes, the newest goes to the tracking page of that job only (its
 * job:watch room, one frame per batch) and to the boards. Outside those statuses nothing is
 * taken and nothing is shown.
 */
@Injectable()
export class PositionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly realtime: RealtimeService,
  ) {}

  async record(id: string, sender: UserEntity, fixes: PositionFix[], now = Date.now()): Promise<PositionBatchResponse> {
    const sentBy = sender.username;
    if (fixes.some((fix) => Date.parse(fix.fixedAt) > now + CLOCK_SKEW_MS)) throw fieldError(400, 'fixes', 'fixedAt cannot be in the future');
    const job = await this.dataSource.getRepository(JobEntity).findOneBy({ id: id.toUpperCase() });
    if (!job) throw jobNotFound(id);
    assertOnTheJob(sender, job);
    if (!isPositionSharingStatus(job.status)) {
      throw conflict(`Job ${job.id} is ${job.status}: the truck's position is shared only while it is ${POSITION_SHARING_STATUSES.join(' or ')}`);
    }
    const inserted = await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(JobPositionEntity)
      .values(fixes.map((fix) => ({ jobId: job.id, lat: fix.lat, lng: fix.lng, accuracyM: fix.accuracyM ?? null, fixedAt: new Date(fix.fixedAt), sentBy })))
      // A batch resent after a lost answer stores nothing twice: a fix is its job and its time.
      .orIgnore()
      .returning(['id'])
      .execute();
    const stored = (inserted.raw as unknown[]).length;
    if (stored > 0) {
      const latest = await this.latestRow(job.id);
      if (latest) {
        const position = toTruckPosition(latest, job);
        this.realtime.toJobPosition(position);
        this.realtime.toAdmins('job:position', { ...position, assignedTo: job.assignedTo, status: job.status });
      }
    }
    return { stored };
  }

  /** The tracking page's truck: null once the job is no longer on its way. */
  async forTrackingPage(id: string): Promise<TruckPosition | null> {
    const job = await this.dataSource.getRepository(JobEntity).findOneBy({ id: id.toUpperCase() });
    if (!job || !isPositionSharingStatus(job.status)) return null;
    const latest = await this.latestRow(job.id);
    return latest ? toTruckPosition(latest, job) : null;
  }

  /** Every truck on its way or at a scene, where it was last seen. */
  async trucks(): Promise<BoardTruck[]> {
    const jobs = await this.dataSource.getRepository(JobEntity).findBy({ status: In([...POSITION_SHARING_STATUSES]) });
    if (jobs.length === 0) return [];
    const rows = await this.dataSource
      .getRepository(JobPositionEntity)
      .createQueryBuilder('position')
      .distinctOn(['position.jobId'])
      .where('position.jobId IN (:...ids)', { ids: jobs.map((job) => job.id) })
      .orderBy('position.jobId')
      .addOrderBy('position.fixedAt', 'DESC')
      .getMany();
    const byJob = new Map(jobs.map((job) => [job.id, job]));
    return rows.map((row) => {
      const job = byJob.get(row.jobId)!;
      return { ...toTruckPosition(row, job), assignedTo: job.assignedTo, status: job.status };
    });
  }

  private latestRow(jobId: string): Promise<JobPositionEntity | null> {
    return this.dataSource.getRepository(JobPositionEntity).findOne({ where: { jobId }, order: { fixedAt: 'DESC' } });
  }
}
