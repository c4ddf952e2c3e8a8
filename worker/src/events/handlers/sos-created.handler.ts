import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type DomainEventEnvelope, EMERGENCY_DEFAULTS, formatPerthDateTime, mapUrlFrom } from '@towing/contracts';
import { ENVIRONMENT } from '@towing/backend/config/config.module';
import type { Environment } from '@towing/backend/config/environment';
import { findJobWithToken, trackingUrl } from '@towing/backend/jobs/tracking-link';
import { NotifierService } from '../../notifications/notifier.service.js';
import { TemplatesService } from '../../templates/templates.service.js';
import type { DomainEventHandler } from '../domain-event-handler.js';

/** A stranded driver pressed SOS: tell them help is coming, wake the on-call staff, email the office. */
@Injectable()
export class SosCreatedHandler implements DomainEventHandler<'sos.created'> {
  private readonly logger = new Logger(SosCreatedHandler.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly notifier: NotifierService,
    private readonly templates: TemplatesService,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  async handle(event: DomainEventEnvelope<'sos.created'>): Promise<void> {
    const job = await findJobWithToken(this.dataSource, event.payload.jobId);
    if (!job) {
      this.logger.warn(`SOS ${event.payload.jobId} no longer exists; nothing to send`);
      return;
    }
    const context = {
      jobId: job.id,
      customerName: job.customerName,
      phone: job.phone,
      email: job.email,
      location: job.location,
      notes: job.notes,
      mapUrl: mapUrlFrom(job.location, job.notes),
      receivedAt: formatPerthDateTime(job.createdAt),
      callbackMinutes: EMERGENCY_DEFAULTS.callbackMinutes,
      trackingUrl: trackingUrl(this.environment.publicUrl, job),
      boardUrl: `${this.environment.publicUrl}/admin`,
    };
    const oncallSms = this.templates.sms('sms/sos-oncall', context);
    await this.notifier.deliverAll({ eventId: event.id, jobId: job.id }, [
      { channel: 'sms', to: job.phone, body: this.templates.sms('sms/sos-driver', context) },
      ...this.environment.oncallPhones.map((phone) => ({ channel: 'sms' as const, to: phone, body: oncallSms })),
      {
        channel: 'email',
        to: this.environment.businessEmail,
        subject: `URGENT: SOS ${job.id} - ${job.customerName}, ${job.location}`.slice(0, 255),
        html: this.templates.email('email/sos-alert', context),
        customerInfo: {
          name: job.customerName,
          phone: job.phone,
          email: job.email ?? undefined,
          service: job.service,
          message: job.notes ?? 'Emergency recovery needed',
        },
      },
    ]);
  }
}
