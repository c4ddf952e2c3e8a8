import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { EMERGENCY_DEFAULTS, formatPerthDateTime, mapUrlFrom } from '@towing/contracts';
import { ENVIRONMENT } from '@towing/backend/config/config.module';
import type { Environment } from '@towing/backend/config/environment';
import type { JobEntity } from '@towing/backend/jobs/job.entity';
import { findJobWithToken, trackingUrl } from '@towing/backend/jobs/tracking-link';

/** Everything a message about a job may show; absent values are null so strict templates render. */
export interface JobMessageFields {
  jobId: string;
  customerName: string;
  phone: string;
  email: string | null;
  service: string;
  location: string;
  notes: string | null;
  /** The named driver, or null when unassigned or both owners are going. */
  assignee: string | null;
  arrival: string | null;
  receivedAt: string;
  mapUrl: string | null;
  trackingUrl: string;
  feedbackUrl: string;
  boardUrl: string;
  callbackMinutes: number;
}

/** Loads a job for the worker's messages and the fields their templates use. */
@Injectable()
export class JobMessageContext {
  private readonly logger = new Logger(JobMessageContext.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  /** Null when the job was deleted before its messages went: there is no one to tell. */
  async load(jobId: string): Promise<{ job: JobEntity; fields: JobMessageFields } | null> {
    const job = await findJobWithToken(this.dataSource, jobId);
    if (!job) {
      this.logger.warn(`Job ${jobId} no longer exists; nothing to send`);
      return null;
    }
    const { publicUrl } = this.environment;
    return {
      job,
      fields: {
        jobId: job.id,
        customerName: job.customerName,
        phone: job.phone,
        email: job.email,
        service: job.service,
        location: job.location,
        notes: job.notes,
        assignee: job.assignedTo === 'Unassigned' || job.assignedTo === 'Both' ? null : job.assignedTo,
        arrival: job.estimatedArrival ? formatPerthDateTime(job.estimatedArrival) : null,
        receivedAt: formatPerthDateTime(job.createdAt),
        mapUrl: mapUrlFrom(job.location, job.notes),
        trackingUrl: trackingUrl(publicUrl, job),
        feedbackUrl: `${publicUrl}/feedback?job=${encodeURIComponent(job.id)}`,
        boardUrl: `${publicUrl}/admin`,
        callbackMinutes: EMERGENCY_DEFAULTS.callbackMinutes,
      },
    };
  }
}
