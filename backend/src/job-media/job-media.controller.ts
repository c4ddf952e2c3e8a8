import { Controller, Headers, HttpCode, Param, Query, Req, UploadedFile, UseInterceptors } from '@nestjs/common';
import type { JobPhotoResponse } from '@towing/contracts';
import type { AuthenticatedRequest } from '../auth/access.guard.js';
import { Access } from '../common/access.js';
import { Endpoint } from '../common/endpoint.js';
import { fieldError } from '../common/errors.js';
import { idempotencyKeyFrom } from '../jobs/idempotency-key.js';
import { PhotoLimitMessages, photoError, photoUpload } from '../jobs/job-photos.controller.js';
import type { UploadedPhoto } from '../jobs/job-photos.service.js';
import { JobMediaFieldsDto } from './dto/job-media-fields.dto.js';
import { JobMediaService } from './job-media.service.js';

@Controller()
export class JobMediaController {
  constructor(private readonly media: JobMediaService) {}

  /**
   * Drivers and admins. The Idempotency-Key is required: every send comes from the phone's
   * queue, which may send it twice.
   */
  @Endpoint('POST /api/jobs/:id/media')
  @Access('staff')
  @HttpCode(201)
  @UseInterceptors(PhotoLimitMessages, photoUpload)
  async add(
    @Req() request: AuthenticatedRequest,
    @Param('id') jobId: string,
    @Query() fields: JobMediaFieldsDto,
    @UploadedFile() file: UploadedPhoto | undefined,
    @Headers('idempotency-key') header: string | undefined,
  ): Promise<JobPhotoResponse> {
    if (!request.is('multipart/form-data')) throw photoError(415, 'Send the photo as multipart/form-data');
    const idempotencyKey = idempotencyKeyFrom(header);
    if (!idempotencyKey) throw fieldError(400, 'Idempotency-Key', 'Idempotency-Key is required');
    if (!file) throw photoError(400, 'Please attach a photo');
    return { photo: await this.media.add(jobId, file, fields, request.user!, idempotencyKey) };
  }
}
