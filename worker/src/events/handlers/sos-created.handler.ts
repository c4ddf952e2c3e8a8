import { Inject, Injectable } from '@nestjs/common';
import type { DomainEventEnvelope } from '@towing/contracts';
import { ENVIRONMENT, type Environment } from '@towing/platform';
import { EscalationLadder, type Joining } from '../../escalation/escalation-ladder.js';
import { JobMessageContext, type LoadedJob } from '../../notifications/job-message-context.js';
import { NotifierService, type OutgoingEmail, type OutgoingSms } from '../../notifications/notifier.service.js';
import { FOLDED_EMAIL_REASON, FOLDED_REASON, SosAlertThrottle } from '../../notifications/sos-alert-throttle.js';
import { TemplatesService } from '../../templates/templates.service.js';
import { SosPushAlerts, type StaffDevice } from '../../channels/push/sos-push-alerts.js';
import type { DomainEventHandler } from '../domain-event-handler.js';

/** What the caller wrote shows at most this much in the owners' alert text; the board has the rest. */
export const ALERT_TEXT_LIMITS = { customerName: 40, location: 80 } as const;

/** An SOS as its handler reads it: the job, its message fields, and what was read beside it. */
type LoadedSos = LoadedJob<{ ladder: Joining; devices: StaffDevice[] }>;

function cut(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit - 1).trimEnd()}…` : text;
}

/**
 * A stranded driver pressed SOS: tell them help is coming, wake the on-call staff, email the
 * office. The SOS itself is already on the board; what is sent is bounded: the driver's number
 * by the SMS policy, the owners and the office by the burst throttle (one alert, then a summary
 * a minute), and the caller's words in the alert are cut short.
 */
@Injectable()
export class SosCreatedHandler implements DomainEventHandler<'sos.created'> {
  constructor(
    private readonly jobs: JobMessageContext,
    private readonly notifier: NotifierService,
    private readonly templates: TemplatesService,
    private readonly alerts: SosAlertThrottle,
    private readonly ladder: EscalationLadder,
    private readonly pushAlerts: SosPushAlerts,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  async handle(event: DomainEventEnvelope<'sos.created'>): Promise<void> {
    const { jobId, admission } = event.payload;
    // Held past its source's allowance (sos-admission): nobody is alerted until a dispatcher releases it.
    if (admission?.held) {
      await this.alerts.countHeld(event.id, admission.source);
      return;
    }
    // One round trip: the SOS, its place on the escalation ladder, and the staff devices to alert.
    const loaded = await this.jobs.load(jobId, { ladder: this.ladder.joining, devices: this.pushAlerts.devices });
    if (!loaded) return;
    // Web Push to the staff's devices goes out at once beside the texts, never instead of them.
    await Promise.all([this.pushAlerts.sosCreated(event.id, loaded.job, loaded.alongside.devices), this.textAndEmail(event, loaded)]);
  }

  private async textAndEmail(event: DomainEventEnvelope<'sos.created'>, { job, fields, alongside }: LoadedSos): Promise<void> {
    const { admission } = event.payload;
    await this.ladder.join(job.id, alongside.ladder);
    const origin = { eventId: event.id, jobId: job.id, smsSource: admission && { key: admission.source, newSource: admission.newSource } };
    const oncallSms = this.templates.sms('sms/sos-oncall', {
      ...fields,
      customerName: cut(fields.customerName, ALERT_TEXT_LIMITS.customerName),
      location: cut(fields.location, ALERT_TEXT_LIMITS.location),
    });
    const oncall: OutgoingSms[] = this.environment.oncallPhones.map((phone) => ({ channel: 'sms', to: phone, body: oncallSms }));
    const office: OutgoingEmail = {
      channel: 'email',
      to: this.environment.businessEmail,
      subject: `URGENT: SOS ${job.id} - ${job.customerName}, ${job.location}`,
      html: this.templates.email('email/sos-alert', fields),
      customerInfo: {
        name: job.customerName,
        phone: job.phone,
        email: job.email ?? undefined,
        service: job.service,
        message: job.notes ?? 'Emergency recovery needed',
      },
    };
    // An SOS by text is answered over the same number, perhaps a satellite messenger: one SMS, the job and its tracking link.
    const driver: OutgoingSms = { channel: 'sms', to: job.phone, toE164: job.phoneE164, body: this.templates.sms(admission?.byText ? 'sms/sos-by-text' : 'sms/sos-driver', fields), requestedAt: job.createdAt };
    // Decided once per event: a redelivered event gets the first answer and is not listed again.
    if (await this.alerts.shouldAlert(event.id, job.id)) {
      await this.notifier.deliverAll(origin, [driver, ...oncall, office]);
      return;
    }
    // Inside a burst the owners and the office hear of this SOS in the window's summary; the driver still hears at once.
    await this.notifier.deliverAll(origin, [driver], {
      refused: [...oncall.map((message) => ({ message, reason: FOLDED_REASON })), { message: office, reason: FOLDED_EMAIL_REASON }],
    });
  }
}
