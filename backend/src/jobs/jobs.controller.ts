import { Body, Controller, Header, Headers, HttpCode, Inject, Param, Query, Req, Res, StreamableFile, UseFilters } from '@nestjs/common';
import type { Response } from 'express';
import { buildSosRequest, type Job, type JobCount, type JobResponse, type SosAdmission, type SosResponse } from '@towing/contracts';
import { ENVIRONMENT, type Environment } from '@towing/platform';
import type { AuthenticatedRequest } from '../auth/access.guard.js';
import { Access } from '../common/access.js';
import { Endpoint } from '../common/endpoint.js';
import { validateBody } from '../common/validation.js';
import { CreateEmergencyJobDto, sosCommandOf } from './dto/create-emergency-job.dto.js';
import { CreateJobDto } from './dto/create-job.dto.js';
import { CreateSosDto } from './dto/create-sos.dto.js';
import { JobListQueryDto } from './dto/job-list-query.dto.js';
import { UpdateJobDto } from './dto/update-job.dto.js';
import { SosAdmissionService } from '../sos-admission/sos-admission.service.js';
import { type Idempotency, idempotencyOf } from './idempotency-key.js';
import { type CreatedJob, JobsService } from './jobs.service.js';
import { htmlPage, SosFormRefusals, sosFormValues, sosSentPage } from './sos-form.page.js';

/** True when the body is the spec's emergency payload rather than an admin's job form. */
function isEmergencyPayload(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'Emergency';
}

/** The signed-in customer sending the request: the job is linked to their account. */
function customerId(request: AuthenticatedRequest): number | undefined {
  return request.user?.role === 'customer' ? request.user.id : undefined;
}

function answer(created: CreatedJob, response: Response): JobResponse {
  if (created.replayed) response.setHeader('Idempotent-Replayed', 'true');
  return { job: created.job };
}

@Controller()
export class JobsController {
  constructor(
    private readonly jobs: JobsService,
    private readonly admission: SosAdmissionService,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  /** Staff are never held; anyone else's SOS is counted against its address before the job is written. */
  private admit(request: AuthenticatedRequest, phone: string, idempotency: Idempotency | undefined): Promise<SosAdmission | undefined> {
    if (request.user && request.user.role !== 'customer') return Promise.resolve(undefined);
    return this.admission.decide(request.ip, phone, idempotency?.key);
  }

  /** The SOS command: anyone, signed in or not; an admin's SOS is an SOS too. */
  @Endpoint('POST /api/sos')
  @Access('public')
  @HttpCode(201)
  async sos(
    @Req() request: AuthenticatedRequest,
    @Body() dto: CreateSosDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SosResponse> {
    const idempotency = idempotencyOf(idempotencyKey, 'POST /api/sos', request.body);
    const admission = await this.admit(request, dto.phone, idempotency);
    const created = await this.jobs.createSos(dto, idempotency, customerId(request), admission);
    // The sender sees the link their text carries: they gave every detail it shows.
    return { ...answer(created, response), trackingPath: created.trackingPath };
  }

  /**
   * The SOS page's form posted natively, before (or without) its script: urlencoded, answered
   * with a page (bad input: the form again with the reasons, 400). No Idempotency-Key can come
   * this way; the answer is a page of its own, so going back does not post it again unasked.
   */
  @Endpoint('POST /api/sos/form')
  @Access('public')
  @HttpCode(201)
  @Header('Cache-Control', 'no-store')
  @UseFilters(SosFormRefusals)
  async sosForm(@Req() request: AuthenticatedRequest): Promise<StreamableFile> {
    const command = await validateBody(CreateSosDto, buildSosRequest(sosFormValues(request.body), null));
    const admission = await this.admit(request, command.phone, undefined);
    const created = await this.jobs.createSos(command, undefined, customerId(request), admission);
    return htmlPage(sosSentPage(created.job.id, `${this.environment.publicUrl}${created.trackingPath}`));
  }

  /**
   * An admin creates a job with the fields the admin chooses. From anyone else, or carrying
   * the spec's emergency status, the body is the spec's SOS payload: an alias of POST /api/sos,
   * translated here into the same command.
   */
  @Endpoint('POST /api/jobs')
  @Access('public')
  @HttpCode(201)
  async create(
    @Req() request: AuthenticatedRequest,
    @Body() body: unknown,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<JobResponse> {
    const key = idempotencyOf(idempotencyKey, 'POST /api/jobs', body);
    if (request.user?.role === 'admin' && !isEmergencyPayload(body)) {
      return answer(await this.jobs.createByAdmin(await validateBody(CreateJobDto, body), key, request.user.username), response);
    }
    const command = sosCommandOf(await validateBody(CreateEmergencyJobDto, body));
    const admission = await this.admit(request, command.phone, key);
    return answer(await this.jobs.createSos(command, key, customerId(request), admission), response);
  }

  @Endpoint('GET /api/jobs')
  @Access('admin')
  list(@Query() query: JobListQueryDto): Promise<Job[]> {
    return this.jobs.list(query);
  }

  /** The board's Total Jobs: its list holds only a window, so the count comes from here. */
  @Endpoint('GET /api/jobs/count')
  @Access('admin')
  async count(): Promise<JobCount> {
    return { total: await this.jobs.count() };
  }

  /** The board's status buttons and assignment selector; refused with a 409 when the state machine says no. */
  @Endpoint('PATCH /api/jobs/:id')
  @Access('admin')
  async update(@Req() request: AuthenticatedRequest, @Param('id') id: string, @Body() dto: UpdateJobDto): Promise<JobResponse> {
    return { job: await this.jobs.update(id, dto, request.user!.username) };
  }

  @Endpoint('DELETE /api/jobs/:id')
  @Access('admin')
  @HttpCode(204)
  async remove(@Param('id') id: string): Promise<void> {
    await this.jobs.remove(id);
  }
}
