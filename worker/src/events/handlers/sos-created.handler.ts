import { Inject, Injectable } from '@nestjs/common';
import type { DomainEventEnvelope } from '@towing/contracts';
import { ENVIRONMENT } from '@towing/backend/config/config.module';
import type { Environment } from '@towing/backend/config/environment';
import { JobMessageContext } from '../../notifications/job-message-context.js';
import { NotifierService } from '../../notifications/notifier.service.js';
import { TemplatesService } from '../../templates/templates.service.js';
import type { DomainEventHandler } from '../domain-event-handler.js';

/** A stranded driver pressed SOS: tell them help is coming, wake the on-call staff, email the office. */
@Injectable()
export class SosCreatedHandler implements DomainEventHandler<'sos.created'> {
  constructor(
    private readonly jobs: JobMessageContext,
    private readonly notifier: NotifierService,
    private readonly templates: TemplatesService,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  async handle(event: DomainEventEnvelope<'sos.created'>): Promise<void> {
    const loaded = await this.jobs.load(event.payload.jobId);
    if (!loaded) return;
    const { job, fields } = loaded;
    const oncallSms = this.templates.sms('sms/sos-oncall', fields);
    await this.notifier.deliverAll({ eventId: event.id, jobId: job.id }, [
      { channel: 'sms', to: job.phone, body: this.templates.sms('sms/sos-driver', fields) },
      ...this.environment.oncallPhones.map((phone) => ({ channel: 'sms' as const, to: phone, body: oncallSms })),
      {
        channel: 'email',
        to: this.environment.businessEmail,
        subject: `URGENT: SOS ${job.id} - ${job.customerName}, ${job.location}`.slice(0, 255),
        html: this.templates.email('email/sos-alert', fields),
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
