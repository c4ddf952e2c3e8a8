import { BadRequestException, Body, Controller, Delete, Get, Headers, HttpCode, Param, Patch, Post, Req, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { Job, JobResponse } from '@towing/contracts';
import type { AuthenticatedRequest } from '../auth/access.guard.js';
import { Access } from '../common/access.js';
import { validateBody } from '../common/validation.js';
import { CreateEmergencyJobDto } from './dto/create-emergency-job.dto.js';
import { CreateJobDto } from './dto/create-job.dto.js';
import { UpdateJobDto } from './dto/update-job.dto.js';
import { JobsService } from './jobs.service.js';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

@Controller('jobs')
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  /** Anyone may send an SOS; an admin creates a job with the fields the admin chooses. */
  @Post()
  @Access('public')
  @HttpCode(201)
  async create(
    @Req() request: AuthenticatedRequest,
    @Body() body: unknown,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<JobResponse> {
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      const message = 'Idempotency-Key must be 8-100 letters, digits or _ . : -';
      throw new BadRequestException({ statusCode: 400, error: 'Bad Request', message, errors: [{ field: 'Idempotency-Key', message }] });
    }
    const created =
      request.user?.role === 'admin'
        ? await this.jobs.createByAdmin(await validateBody(CreateJobDto, body), idempotencyKey)
        : await this.jobs.createEmergency(await validateBody(CreateEmergencyJobDto, body), idempotencyKey);
    if (created.replayed) response.setHeader('Idempotent-Replayed', 'true');
    return { job: created.job };
  }

  @Get()
  @Access('admin')
  list(): Promise<Job[]> {
    return this.jobs.list();
  }

  /** The board's status buttons and assignment selector; refused with a 409 when the state machine says no. */
  @Patch(':id')
  @Access('admin')
  async update(@Param('id') id: string, @Body() dto: UpdateJobDto): Promise<JobResponse> {
    return { job: await this.jobs.update(id, dto) };
  }

  @Delete(':id')
  @Access('admin')
  @HttpCode(204)
  async remove(@Param('id') id: string): Promise<void> {
    await this.jobs.remove(id);
  }
}
