import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, Not, In } from 'typeorm';
import type { EmailCustomerInfo, NotificationChannel } from '@towing/contracts';
import { EmailEntity } from '@towing/backend/notifications/email.entity';
import { NotificationEntity } from '@towing/backend/notifications/notification.entity';
import { toEmailView, toNotificationView } from '@towing/backend/notifications/notification.view';
import { EmailProvider } from '../channels/email/email-provider.js';
import type { Delivery } from '../channels/sms/sms-provider.js';
import { SmsProvider } from '../channels/sms/sms-provider.js';
import { RealtimeEmitter } from '../realtime/realtime.emitter.js';
import { toE164 } from './phone-number.js';

export interface Origin {
  /** The domain event that causes the message: with channel and recipient, its identity. */
  eventId: string;
  jobId?: string | null;
  quoteId?: string | null;
}

export interface OutgoingSms {
  channel: 'sms';
  to: string;
  body: string;
}

export interface OutgoingEmail {
  channel: 'email';
  to: string;
  subject: string;
  html: string;
  customerInfo?: EmailCustomerInfo;
}

export type OutgoingMessage = OutgoingSms | OutgoingEmail;

/** Final states: a message in one of them is never handed to a provider again. */
const SETTLED = ['sent', 'recorded'] as const;

/**
 * Sends one message at most once per (event, channel, recipient). A message whose send
 * completed is never repeated; one interrupted mid-send (worker killed) is retried.
 */
@Injectable()
export class NotifierService {
  private readonly logger = new Logger(NotifierService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sms: SmsProvider,
    private readonly email: EmailProvider,
    private readonly realtime: RealtimeEmitter,
  ) {}

  async deliver(origin: Origin, message: OutgoingMessage): Promise<void> {
    const recipient = message.channel === 'sms' ? (toE164(message.to) ?? message.to) : message.to.toLowerCase();
    const dedupeKey = `${origin.eventId}:${message.channel}:${recipient}`;
    await this.record(origin, message, recipient, dedupeKey);

    if (message.channel === 'sms' && !toE164(message.to)) {
      const error = `Not a phone number we can text: ${message.to}`;
      this.logger.warn(`${error} (event ${origin.eventId})`);
      await this.settle(dedupeKey, { status: 'failed', error });
      return;
    }
    const claimed = await this.claim(dedupeKey);
    if (!claimed) return;

    try {
      const delivery = await this.send(message, recipient);
      await this.settle(dedupeKey, {
        status: delivery.delivered ? 'sent' : 'recorded',
        sentAt: delivery.delivered ? new Date() : null,
        providerMessageId: delivery.providerMessageId,
        error: null,
      });
      if (message.channel === 'email' && delivery.delivered) await this.markEmailSent(claimed.id);
    } catch (error) {
      const reason = (error as Error).message || String(error);
      this.logger.warn(`${message.channel} to ${recipient} failed: ${reason}`);
      await this.settle(dedupeKey, { status: 'failed', error: reason.slice(0, 2000) });
      throw error;
    }
  }

  /** Sends each message on its own; fails after all were tried if any failed, so the event is retried. */
  async deliverAll(origin: Origin, messages: OutgoingMessage[]): Promise<void> {
    const results = await Promise.allSettled(messages.map((message) => this.deliver(origin, message)));
    const failures = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failures.length > 0) {
      throw new AggregateError(
        failures.map((failure) => failure.reason),
        `${failures.length} of ${messages.length} message(s) failed`,
      );
    }
  }

  private send(message: OutgoingMessage, recipient: string): Promise<Delivery> {
    return message.channel === 'sms'
      ? this.sms.send({ to: recipient, body: message.body })
      : this.email.send({ to: recipient, subject: message.subject, html: message.html });
  }

  /** The pending row, written once; an email also becomes a Contact Messages entry. */
  private async record(origin: Origin, message: OutgoingMessage, recipient: string, dedupeKey: string): Promise<void> {
    const created = await this.dataSource.transaction(async (manager) => {
      const channel: NotificationChannel = message.channel;
      const inserted = await manager
        .createQueryBuilder()
        .insert()
        .into(NotificationEntity)
        .values({
          dedupeKey,
          type: channel,
          jobId: origin.jobId ?? null,
          quoteId: origin.quoteId ?? null,
          recipientPhone: message.channel === 'sms' ? recipient : null,
          recipientEmail: message.channel === 'email' ? recipient : null,
          subject: message.channel === 'email' ? message.subject : null,
          message: message.channel === 'sms' ? message.body : message.html,
        })
        .orIgnore()
        .returning('id')
        .execute();
      const id = (inserted.raw as Array<{ id: number }>)[0]?.id;
      if (id === undefined) return null;
      if (message.channel !== 'email') return { email: null };
      const emails = manager.getRepository(EmailEntity);
      const email = await emails.save(
        emails.create({
          to: recipient,
          subject: message.subject,
          htmlContent: message.html,
          customerInfo: message.customerInfo ?? null,
          notificationId: id,
        }),
      );
      return { email };
    });
    if (created?.email) this.realtime.toAdmins('email:created', toEmailView(created.email));
  }

  private async claim(dedupeKey: string): Promise<NotificationEntity | null> {
    const repository = this.dataSource.getRepository(NotificationEntity);
    const result = await repository
      .createQueryBuilder()
      .update()
      .set({ status: 'sending', attempts: () => 'attempts + 1', error: null })
      .where({ dedupeKey, status: Not(In(SETTLED)) })
      .execute();
    return result.affected ? repository.findOneByOrFail({ dedupeKey }) : null;
  }

  /**
   * Records the outcome and pushes it. Only outcomes are pushed: pending and sending last
   * milliseconds, and every push goes to every dispatcher's browser.
   */
  private async settle(dedupeKey: string, changes: Partial<NotificationEntity>): Promise<void> {
    const repository = this.dataSource.getRepository(NotificationEntity);
    await repository.update({ dedupeKey }, changes);
    this.realtime.toAdmins('notification:updated', toNotificationView(await repository.findOneByOrFail({ dedupeKey })));
  }

  private async markEmailSent(notificationId: number): Promise<void> {
    const emails = this.dataSource.getRepository(EmailEntity);
    await emails.update({ notificationId }, { sent: true });
    const email = await emails.findOneBy({ notificationId });
    if (email) this.realtime.toAdmins('email:updated', toEmailView(email));
  }
}
