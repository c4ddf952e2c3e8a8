import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { ACTIVE_JOB_STATUSES, assignedDrivers, type DriverBoard, type DriverJob, todayInPerth } from '@towing/contracts';
import { BookingEntity, JobEntity, JobPhotoEntity } from '@towing/db';
import { toDriverBooking, toDriverJob } from './driver-views.js';

/** Open SOS shown at most: a flood is the board's to sort, the phone shows the newest. */
const SOS_SHOWN = 30;

/** What /driver shows a driver: open SOS, their own open jobs, today's bookings. */
@Injectable()
export class DriverBoardService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** `driver`: the first name jobs are assigned by. */
  async board(driver: string): Promise<DriverBoard> {
    const jobs = this.dataSource.getRepository(JobEntity);
    // Unacknowledged first, newest first within each: the one nobody has yet is at the top.
    const sos = await jobs
      .createQueryBuilder('job')
      .where('job.status = :status', { status: 'Emergency' })
      .andWhere('job.heldAt IS NULL')
      .orderBy('job.acknowledgedAt IS NULL', 'DESC')
      .addOrderBy('job.createdAt', 'DESC')
      .take(SOS_SHOWN)
      .getMany();
    const assigned = await jobs.find({
      where: { status: In(ACTIVE_JOB_STATUSES), assignedTo: In([driver, 'Both']) },
      order: { createdAt: 'DESC' },
    });
    // 'Both' names the two owners; a driver account with another name is not one of them.
    const mine = assigned.filter((job) => assignedDrivers(job.assignedTo).includes(driver));
    const today = await this.dataSource.getRepository(BookingEntity).find({
      where: { preferredDate: todayInPerth(), status: In(['pending', 'approved']) },
      order: { preferredTime: 'ASC', id: 'ASC' },
    });
    const photos = await this.photoIds([...sos, ...mine].map((job) => job.id));
    const view = (job: JobEntity): DriverJob => toDriverJob(job, photos.get(job.id) ?? []);
    return { sos: sos.map(view), mine: mine.map(view), today: today.map(toDriverBooking) };
  }

  async job(id: string): Promise<DriverJob> {
    const job = await this.dataSource.getRepository(JobEntity).findOneByOrFail({ id });
    return toDriverJob(job, (await this.photoIds([id])).get(id) ?? []);
  }

  private async photoIds(jobIds: string[]): Promise<Map<string, number[]>> {
    const byJob = new Map<string, number[]>();
    if (jobIds.length === 0) return byJob;
    const rows = await this.dataSource.getRepository(JobPhotoEntity).find({ select: { id: true, jobId: true }, where: { jobId: In(jobIds) }, order: { id: 'ASC' } });
    for (const row of rows) byJob.set(row.jobId, [...(byJob.get(row.jobId) ?? []), row.id]);
    return byJob;
  }
}
