import { BadRequestException, type CallHandler, Controller, type ExecutionContext, Headers, HttpCode, Injectable, type NestInterceptor, Param, PayloadTooLargeException, Query, Req, Res, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import { catchError, type Observable } from 'rxjs';
import { JOB_PHOTO_MAX_BYTES, JOB_PHOTO_TYPES, type JobPhoto, type JobPhotoResponse } from '@towing/contracts';
import type { AuthenticatedRequest } from '../auth/access.guard.js';
import { Access } from '../common/access.js';
import { Endpoint } from '../common/endpoint.js';
import { fieldError } from '../common/errors.js';
import { IdParamPipe } from '../common/id-param.pipe.js';
import { RateLimit } from '../rate-limit/rate-limit.js';
import { JobPhotosService, PHOTO_TYPES_MESSAGE, type UploadedPhoto } from './job-photos.service.js';

const TOO_LARGE_MESSAGE = 'Photos can be at most 10 MB';

export function photoError(status: 400 | 413 | 415, message: string) {
  return fieldError(status, 'photo', message);
}

/**
 * Multer and busboy report an oversized file, a missing boundary or a cut-off body in their
 * own words and without a field; the form shows ours, on the photo field.
 */
@Injectable()
export class PhotoLimitMessages implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (error instanceof PayloadTooLargeException) throw photoError(413, TOO_LARGE_MESSAGE);
        const unfielded = error instanceof BadRequestException && !(error.getResponse() as { errors?: unknown }).errors;
        throw unfielded ? photoError(400, `The photo upload could not be read (${error.message})`) : error;
      }),
    );
  }
}

export const photoUpload = FileInterceptor('photo', {
  limits: { fileSize: JOB_PHOTO_MAX_BYTES, files: 1, fields: 0 },
  // Refused before the bytes are buffered: a video never reaches memory.
  fileFilter: (_request: unknown, file: { mimetype: string }, accept: (error: Error | null, keep: boolean) => void) =>
    (JOB_PHOTO_TYPES as readonly string[]).includes(file.mimetype)
      ? accept(null, true)
      : accept(photoError(415, PHOTO_TYPES_MESSAGE), false),
});

@Controller()
export class JobPhotosController {
  constructor(private readonly photos: JobPhotosService) {}

  /** The SOS sender (their Idempotency-Key or tracking token) or an admin attaches a photo. */
  @Endpoint('POST /api/jobs/:id/photos')
  @Access('public')
  @HttpCode(201)
  @RateLimit({ name: 'job-photos', points: 20, windowSeconds: 600 })
  @UseInterceptors(PhotoLimitMessages, photoUpload)
  async add(
    @Req() request: AuthenticatedRequest,
    @Param('id') jobId: string,
    @UploadedFile() file: UploadedPhoto | undefined,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Query('token') token: unknown,
  ): Promise<JobPhotoResponse> {
    if (!request.is('multipart/form-data')) throw photoError(415, 'Send the photo as multipart/form-data');
    if (!file) {
      const message = 'Please attach a photo';
      throw photoError(400, message);
    }
    const photo = await this.photos.add(jobId, file, {
      isAdmin: request.user?.role === 'admin',
      idempotencyKey,
      token: typeof token === 'string' ? token : undefined,
    });
    return { photo };
  }

  @Endpoint('GET /api/jobs/:id/photos')
  @Access('admin')
  list(@Param('id') jobId: string): Promise<JobPhoto[]> {
    return this.photos.list(jobId);
  }

  @Endpoint('GET /api/jobs/:id/photos/:photoId')
  @Access('staff')
  async file(
    @Param('id') jobId: string,
    @Param('photoId', IdParamPipe) photoId: number,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    const photo = await this.photos.file(jobId, photoId);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('Cache-Control', 'private, max-age=3600');
    return new StreamableFile(photo.data, { type: photo.contentType, disposition: 'inline' });
  }
}
