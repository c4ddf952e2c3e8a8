import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, Not } from 'typeorm';
import { formatPerthDateTime, JOB_MEDIA_LABELS, JOB_MEDIA_MAX_PER_JOB, type JobMediaFields, type JobPhoto } from '@towing/contracts';
import { JobEntity, JobPhotoEntity, type UserEntity } from '@towing/db';
import { assertOnTheJob } from '../drivers/on-the-job.js';
import { conflict, fieldError } from '../common/errors.js';
import { type UnitOfWork, TransactionRunner } from '../outbox/transaction.runner.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { addHistoryLine } from '../jobs/job-history-line.js';
import { jobNotFound } from '../jobs/jobs.service.js';
import { PHOTO_TYPES_MESSAGE, toJobPhotoView, type UploadedPhoto } from '../jobs/job-photos.service.js';
import { decodePhoto } from '../jobs/photo-decoder.js';

/** A phone's clock may run a little fast; a time further in the future than this is not believed. */
const CLOCK_SKEW_MS = 2 * 60_000;

/** The history line: what was recorded and when the phone made it (the time shown is the phone's). */
function historyMessage(fields: JobMediaFields, takenAt: Date): string {
  const when = formatPerthDateTime(takenAt);
  return fields.kind === 'signature' ? `Vehicle released: signed by ${fields.signedBy} on the driver's phone at ${when}` : `${JOB_MEDIA_LABELS[fields.kind]} taken at ${when}`;
}

/**
 * The driver's photos of the vehicle and the customer's signature, stored as the SOS photo is
 * (job_photos: decoded and re-encoded, bytes in PostgreSQL) with the time the phone made them
 * beside the time they arrived. The phone's queue may send one twice (a lost answer): the
 * Idempotency-Key makes the second send answer the first's row.
 */
@Injectable()
export class JobMediaService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
    private readonly realtime: RealtimeService,
  ) {}

  async add(id: string, file: UploadedPhoto, fields: JobMediaFields, sender: UserEntity, idempotencyKey: string): Promise<JobPhoto> {
    const actor = sender.username;
    const takenAt = new Date(fields.takenAt);
    if (takenAt.getTime() > Date.now() + CLOCK_SKEW_MS) throw fieldError(400, 'takenAt', 'takenAt cannot be in the future');
    const jobId = id.toUpperCase();
    const earlier = await this.sent(jobId, idempotencyKey);
    if (earlier) return earlier;
    const decoded = await decodePhoto(file.buffer);
    if (!decoded) throw fieldError(415, 'photo', PHOTO_TYPES_MESSAGE);
    return this.transactions.run(async (unit: UnitOfWork) => {
      const jobs = unit.manager.getRepository(JobEntity);
      // Serialises uploads to one job, so the cap holds and two sends of one key store one row.
      const job = await jobs.findOne({ where: { id: jobId }, lock: { mode: 'pessimistic_write' } });
      if (!job) throw jobNotFound(id);
      assertOnTheJob(sender, job);
      const again = await this.sent(jobId, idempotencyKey, unit);
      if (again) return again;
      if (job.status === 'Cancelled') throw conflict(`Job ${job.id} is Cancelled: nothing more can be added to it`);
      const photos = unit.manager.getRepository(JobPhotoEntity);
      if ((await photos.countBy({ jobId, kind: Not('sos') })) >= JOB_MEDIA_MAX_PER_JOB) {
        throw conflict(`A job can hold at most ${JOB_MEDIA_MAX_PER_JOB} photos and signatures`);
      }
      const saved = await photos.save(
        photos.create({
          jobId,
          contentType: decoded.contentType,
          size: decoded.data.length,
          data: decoded.data,
          kind: fields.kind,
          takenAt,
          signedBy: fields.kind === 'signature' ? fields.signedBy! : null,
          addedBy: actor,
          idempotencyKey,
        }),
      );
      const photo = toJobPhotoView(saved);
      unit.afterCommit(() => this.realtime.toAdmins('job:photoAdded', photo));
      await addHistoryLine(unit, this.realtime, { jobId, status: job.status, message: historyMessage(fields, takenAt), actor });
      return photo;
    });
  }

  private async sent(jobId: string, idempotencyKey: string, unit?: UnitOfWork): Promise<JobPhoto | null> {
    const manager = unit?.manager ?? this.dataSource.manager;
    const row = await manager.getRepository(JobPhotoEntity).findOneBy({ jobId, idempotencyKey });
    return row ? toJobPhotoView(row) : null;
  }
}
