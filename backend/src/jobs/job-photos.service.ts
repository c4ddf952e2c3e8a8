import { timingSafeEqual } from 'node:crypto';
import {
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { JOB_PHOTO_TYPES, type JobPhoto } from '@towing/contracts';
import { JobEntity } from './job.entity.js';
import { JobPhotoEntity } from './job-photo.entity.js';

/** Enough for the scene, the vehicle and the track; more is a misuse of a public upload. */
export const MAX_PHOTOS_PER_JOB = 5;

export const PHOTO_TYPES_MESSAGE = 'Photos must be JPEG, PNG, WebP or HEIC images';

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

/** The first bytes every file of a type starts with; the declared type alone is the client's word. */
function looksLike(type: string, bytes: Buffer): boolean {
  switch (type) {
    case 'image/jpeg':
      return bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]));
    case 'image/png':
      return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case 'image/webp':
      return bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';
    case 'image/heic':
      return bytes.subarray(4, 8).toString('latin1') === 'ftyp';
    default:
      return false;
  }
}

function sameSecret(given: string | undefined, actual: string | null): boolean {
  if (!given || !actual) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(actual);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function toJobPhotoView(photo: JobPhotoEntity): JobPhoto {
  return {
    id: photo.id,
    jobId: photo.jobId,
    contentType: photo.contentType,
    size: photo.size,
    createdAt: photo.createdAt.toISOString(),
    url: `/api/jobs/${encodeURIComponent(photo.jobId)}/photos/${photo.id}`,
  };
}

@Injectable()
export class JobPhotosService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async add(jobId: string, file: UploadedPhoto, proof: UploadProof): Promise<JobPhoto> {
    const job = await this.dataSource
      .getRepository(JobEntity)
      .createQueryBuilder('job')
      .addSelect(['job.trackingToken', 'job.idempotencyKey'])
      .where('job.id = :jobId', { jobId })
      .getOne();
    if (!job) throw new NotFoundException('Job not found');
    const isSender = sameSecret(proof.idempotencyKey, job.idempotencyKey) || sameSecret(proof.token, job.trackingToken);
    if (!proof.isAdmin && !isSender) throw new ForbiddenException('Only the sender of this request can add photos to it');
    if (!(JOB_PHOTO_TYPES as readonly string[]).includes(file.mimetype) || !looksLike(file.mimetype, file.buffer)) {
      throw new UnsupportedMediaTypeException({
        statusCode: 415,
        error: 'Unsupported Media Type',
        message: PHOTO_TYPES_MESSAGE,
        errors: [{ field: 'photo', message: PHOTO_TYPES_MESSAGE }],
      });
    }
    return this.dataSource.transaction(async (manager) => {
      // Serialises concurrent uploads to one job so the cap holds.
      await manager.query('SELECT 1 FROM jobs WHERE id = $1 FOR UPDATE', [jobId]);
      const photos = manager.getRepository(JobPhotoEntity);
      if ((await photos.countBy({ jobId })) >= MAX_PHOTOS_PER_JOB) {
        throw new ConflictException(`A job can hold at most ${MAX_PHOTOS_PER_JOB} photos`);
      }
      const saved = await photos.save(photos.create({ jobId, contentType: file.mimetype, size: file.size, data: file.buffer }));
      return toJobPhotoView(saved);
    });
  }

  async list(jobId: string): Promise<JobPhoto[]> {
    if (!(await this.dataSource.getRepository(JobEntity).existsBy({ id: jobId }))) throw new NotFoundException('Job not found');
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
    if (!photo) throw new NotFoundException('Photo not found');
    return photo;
  }
}
