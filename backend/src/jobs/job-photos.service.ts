import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { JobPhoto } from '@towing/contracts';
import { JobEntity, JobPhotoEntity } from '@towing/db';
import { conflict, fieldError, notFound } from '../common/errors.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { sameSecret } from '../common/same-secret.js';
import { decodePhoto } from './photo-decoder.js';

/** Enough for the scene, the vehicle and the track; more is a misuse of a public upload. */
export const MAX_PHOTOS_PER_JOB = 5;

export const PHOTO_TYPES_MESSAGE = 'Photos must be JPEG, PNG or WebP images';

export interface UploadedPhoto {
  mimetype: string;
  size: number;
  buffer: Buffer;
}

/** Who is uploading: the SOS's own Idempotency-Key or tracking token proves it is the sender. */
export interface UploadProof {
  isAdmin: boolean;
  idempotencyKey?: string;
  token?: string;
}

export function toJobPhotoView(photo: JobPhotoEntity): JobPhoto {
  return {
    id: photo.id,
    jobId: photo.jobId,
    contentType: photo.contentType,
    size: photo.size,
    createdAt: photo.createdAt.toISOString(),
    url: `/api/jobs/${encodeURIComponent(photo.jobId)}/photos/${photo.id}`,
    kind: photo.kind,
    takenAt: photo.takenAt?.toISOString() ?? null,
    signedBy: photo.signedBy,
  };
}

@Injectable()
export class JobPhotosService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly realtime: RealtimeService,
  ) {}

  async add(jobId: string, file: UploadedPhoto, proof: UploadProof): Promise<JobPhoto> {
    const job = await this.dataSource
      .getRepository(JobEntity)
      .createQueryBuilder('job')
      .addSelect(['job.trackingToken', 'job.idempotencyKey'])
      .where('job.id = :jobId', { jobId })
      .getOne();
    const isSender = job !== null && (sameSecret(proof.idempotencyKey, job.idempotencyKey) || sameSecret(proof.token, job.trackingToken));
    // An unknown job and one the caller cannot prove answer alike, so this route tells nobody which ids exist.
    if (!job || (!proof.isAdmin && !isSender)) throw notFound('Job not found');
    const decoded = await decodePhoto(file.buffer);
    if (!decoded) {
      throw fieldError(415, 'photo', PHOTO_TYPES_MESSAGE);
    }
    const photo = await this.dataSource.transaction(async (manager) => {
      // Serialises concurrent uploads to one job so the cap holds.
      await manager.query('SELECT 1 FROM jobs WHERE id = $1 FOR UPDATE', [jobId]);
      const photos = manager.getRepository(JobPhotoEntity);
      if ((await photos.countBy({ jobId, kind: 'sos' })) >= MAX_PHOTOS_PER_JOB) {
        throw conflict(`A job can hold at most ${MAX_PHOTOS_PER_JOB} photos`);
      }
      const saved = await photos.save(photos.create({ jobId, contentType: decoded.contentType, size: decoded.data.length, data: decoded.data }));
      // The first position a photo carried is kept on the job, since the stored copy has none.
      if (decoded.gps) {
        await manager
          .createQueryBuilder()
          .update(JobEntity)
          .set({ photoGpsLat: decoded.gps.lat, photoGpsLng: decoded.gps.lng })
          .where('id = :jobId AND photo_gps_lat IS NULL', { jobId })
          .execute();
      }
      return toJobPhotoView(saved);
    });
    // The photo usually lands a moment after the SOS itself: the open SOS card shows it when it does.
    this.realtime.toAdmins('job:photoAdded', photo);
    return photo;
  }

  async list(jobId: string): Promise<JobPhoto[]> {
    if (!(await this.dataSource.getRepository(JobEntity).existsBy({ id: jobId }))) throw notFound('Job not found');
    const photos = await this.dataSource.getRepository(JobPhotoEntity).find({ where: { jobId }, order: { createdAt: 'ASC' } });
    return photos.map(toJobPhotoView);
  }

  async file(jobId: string, photoId: number): Promise<Pick<JobPhotoEntity, 'contentType' | 'data'>> {
    const photo = await this.dataSource
      .getRepository(JobPhotoEntity)
      .createQueryBuilder('photo')
      .addSelect('photo.data')
      .where('photo.id = :photoId AND photo.jobId = :jobId', { photoId, jobId })
      .getOne();
    if (!photo) throw notFound('Photo not found');
    return photo;
  }
}
