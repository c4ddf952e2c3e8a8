import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type FindOptionsWhere, In, Not } from 'typeorm';
import { type EmailCustomerInfo, type NotificationChannel, toE164, todayInPerth } from '@towing/contracts';
import { NotificationEntity, returnedEntities, toContactMessageView, toNotificationView } from '@towing/db';
import { type EmailAttachment, EmailProvider } from '../channels/email/email-provider.js';
import type { Delivery } from '../channels/sms/sms-provider.js';
import { SmsProvider } from '../channels/sms/sms-provider.js';
import { currentRequestId, ENVIRONMENT, type Environment, SocketEmitter } from '@towing/platform';
import { WorkerMetrics } from '../metrics/worker-metrics.js';
import { TemplatesService } from '../templates/templates.service.js';
import { EmailPolicy, type EmailRefusal } from './email-policy.js';
import { SmsPolicy } from './sms-policy.js';
import type { SmsSource } from './sms-source-budget.js';

export interface Origin {
  /** The domain event that causes the message: with channel and recipient, its identity. */
  eventId: string;
  jobId?: string | null;
  quoteId?: string | null;
  /** The address whose SOS causes the texts: they spend its share of the SMS budget (SmsSourcePartition). */
  smsSource?: SmsSource;
}

export interface OutgoingSms {
  channel: 'sms';
  to: string;
  body: string;
  /** When the SOS this text answers was made: the wait until the provider accepts it is measured (towing_sos_driver_sms_seconds). */
  requestedAt?: Date;
}

export interface OutgoingEmail {
  channel: 'email';
  to: string;
  subject: string;
  html: string;
  /** The plain-text part; the notification row keeps the HTML. */
  text?: string;
  attachments?: EmailAttachment[];
  customerInfo?: EmailCustomerInfo;
  /** A confirmation someone asked for on a public form: one address gets a few a day at most (EmailPolicy). */
  confirmation?: boolean;
}

export type OutgoingMessage = OutgoingSms | OutgoingEmail;

/** The notification and contact-message rows keep a subject of at most this many characters. */
export const SUBJECT_LIMIT = 255;

/** A message as its rows can keep it: handlers write the subject they mean, the notifier fits it. */
function fitted(message: OutgoingMessage): OutgoingMessage {
  return message.channel === 'email' && message.subject.length > SUBJECT_LIMIT ? { ...message, subject: message.subject.slice(0, SUBJECT_LIMIT) } : message;
}

/** Who a message goes to, as its notification row and its dedupe key name them. */
function recipientOf(message: OutgoingMessage): string {
  return message.channel === 'sms' ? (toE164(message.to) ?? message.to) : message.to.toLowerCase();
}

/** A message's identity: the event that causes it, its channel and its recipient. */
function dedupeKeyOf(origin: Origin, message: OutgoingMessage): string {
  return `${origin.eventId}:${message.channel}:${recipientOf(message)}`;
}

/** The notification row of a message, as it is first written. */
function notificationRow(origin: Origin, message: OutgoingMessage) {
  const recipient = recipientOf(message);
  const channel: NotificationChannel = message.channel;
  return {
    dedupeKey: dedupeKeyOf(origin, message),
    type: channel,
    jobId: origin.jobId ?? null,
    quoteId: origin.quoteId ?? null,
    recipientPhone: message.channel === 'sms' ? recipient : null,
    recipientEmail: message.channel === 'email' ? recipient : null,
    subject: message.channel === 'email' ? message.subject : null,
    message: message.channel === 'sms' ? message.body : message.html,
    customerInfo: message.channel === 'email' ? (message.customerInfo ?? null) : null,
    requestId: currentRequestId() ?? null,
  };
}

/** How far the provider's clock may be behind ours when its log is searched for a text. */
const CLOCK_SKEW_MS = 60_000;

/** Final states: a message in one of them is never handed to a provider again. */
const SETTLED = ['sent', 'recorded', 'refused'] as const;

/**
 * Sends one message at most once per (event, channel, recipient). A message whose send
 * completed is never repeated; one interrupted mid-send (worker killed) is retried, a text only
 * after the provider's log shows it was not sent. A text is put to the SMS policy once, when it
 * is first claimed.
 */
@Injectable()
export class NotifierService {
  private readonly logger = new Logger(NotifierService.name);
  /** The dispatch board, where every message to the owners and the office points. */
  readonly boardUrl: string;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sms: SmsProvider,
    private readonly email: EmailProvider,
    private readonly realtime: SocketEmitter,
    private readonly policy: SmsPolicy,
    private readonly emailPolicy: EmailPolicy,
    private readonly templates: TemplatesService,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
    private readonly metrics: WorkerMetrics,
  ) {
    this.boardUrl = `${environment.publicUrl}/admin`;
  }

  async deliver(origin: Origin, wanted: OutgoingMessage): Promise<void> {
    const message = fitted(wanted);
    const recipient = recipientOf(message);
    const dedupeKey = dedupeKeyOf(origin, message);
    await this.record(origin, message);

    if (message.channel === 'sms' && !toE164(message.to)) {
      const error = `Not a phone number we can text: ${message.to}`;
      this.logger.warn(`${error} (event ${origin.eventId})`);
      await this.settle(dedupeKey, { status: 'failed', error });
      return;
    }
    const claimed = await this.claim(dedupeKey);
    if (!claimed) return;

    if (claimed.first) {
      // Decided once per message, on its first claim: a retry after a failed send (a Twilio
      // outage gives an event many attempts) neither spends the budgets again nor ends refused.
      const refusal = await this.refusal(message, recipient, origin.smsSource).catch(async (error: unknown) => {
        // Undecided, so the next attempt decides again.
        await this.settle(dedupeKey, { status: 'pending', error: ((error as Error).message || String(error)).slice(0, 2000) });
        throw error;
      });
      if (refusal) {
        this.logger.warn(`Refused ${message.channel} to ${recipient}: ${refusal.reason} (event ${origin.eventId})`);
        // The office is told before the refusal is recorded: a refused row means the notice was dealt with.
        if (refusal.dailyLimitReached) await this.tellOfficeEmailStopped();
        await this.settle(dedupeKey, { status: 'refused', error: refusal.reason });
        return;
      }
    }
    try {
      const delivery = (!claimed.first && (await this.alreadySent(message, recipient, claimed.notification))) || (await this.send(message, recipient));
      await this.settle(dedupeKey, {
        status: delivery.delivered ? 'sent' : 'recorded',
        sentAt: delivery.delivered ? new Date() : null,
        providerMessageId: delivery.providerMessageId,
        error: null,
      });
      // The outcome, by the row's id (the row has the recipient): a grep on the request id finds it.
      this.logger.log(`${message.channel} #${claimed.notification.id} ${delivery.delivered ? 'sent' : 'recorded'}${delivery.providerMessageId ? ` (${delivery.providerMessageId})` : ''}`);
      if (message.channel === 'sms' && message.requestedAt && delivery.delivered) {
        this.metrics.sosDriverSmsSeconds.observe((Date.now() - message.requestedAt.getTime()) / 1000);
      }
      if (message.channel === 'email' && delivery.delivered) await this.pushEmailSent(claimed.notification.id);
    } catch (error) {
      const reason = (error as Error).message || String(error);
      this.logger.warn(`${message.channel} to ${recipient} failed: ${reason}`);
      await this.settle(dedupeKey, { status: 'failed', error: reason.slice(0, 2000) });
      throw error;
    }
  }

  /**
   * Keeps messages we chose not to send in the log with the reason, so every refusal is visible.
   * Written settled from the start, all in one statement that answers with the rows for the push:
   * during an SOS flood this runs for every SOS.
   */
  async recordRefused(origin: Origin, refusals: Array<{ message: OutgoingMessage; reason: string }>): Promise<void> {
    if (refusals.length === 0) return;
    const rows = refusals.map(({ message, reason }) => ({ ...notificationRow(origin, fitted(message)), status: 'refused' as const, error: reason }));
    const inserted = await this.dataSource.getRepository(NotificationEntity).createQueryBuilder().insert().values(rows).orIgnore().returning('*').execute();
    for (const notification of returnedEntities(this.dataSource, NotificationEntity, inserted.raw)) {
      this.realtime.toAdminLog('notifications', 'notification:updated', toNotificationView(notification));
    }
  }

  /**
   * Sends each message on its own; fails after all were tried if any failed, so the event is
   * retried. A message may still be in the making (an email waiting for its PDF): the others
   * do not wait for it, and its making failing counts as its sending failing. `settled` hears
   * how each went, in the order given, before a failure is thrown.
   */
  async deliverAll(
    origin: Origin,
    messages: Array<OutgoingMessage | Promise<OutgoingMessage>>,
    settled?: (results: Array<PromiseSettledResult<void>>) => Promise<void>,
  ): Promise<void> {
    const results = await Promise.allSettled(messages.map(async (message) => this.deliver(origin, await message)));
    await settled?.(results);
    const failures = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failures.length > 0) {
      throw new AggregateError(
        failures.map((failure) => failure.reason),
        `${failures.length} of ${messages.length} message(s) failed`,
      );
    }
  }

  /** Why a message must not be sent, by its channel's policy; when it may, it is counted against the budgets. */
  private async refusal(message: OutgoingMessage, recipient: string, smsSource?: SmsSource): Promise<EmailRefusal | null> {
    if (message.channel === 'email') return this.emailPolicy.refusal(recipient, message.confirmation === true);
    const reason = await this.policy.refusal(recipient, smsSource);
    return reason ? { reason, dailyLimitReached: false } : null;
  }

  /**
   * The office hears that customer email has stopped, once a Perth day: the notice is that
   * day's one message (its dedupe key), so later refusals add nothing but retry a notice that
   * failed. Its failing does not fail the refused message's event.
   */
  private async tellOfficeEmailStopped(): Promise<void> {
    const { businessEmail, email } = this.environment;
    await this.deliver(
      { eventId: `email-daily-limit:${todayInPerth()}` },
      {
        channel: 'email',
        to: businessEmail,
        subject: 'Customer emails stopped for today: daily limit reached',
        html: this.templates.email('email/email-limit-reached', { limit: email.dailyLimit, boardUrl: this.boardUrl }),
      },
    ).catch((error: Error) => this.logger.warn(`Could not tell the office that customer email stopped: ${error.message}`));
  }

  /**
   * A text tried before may have gone out although no answer came back (the worker was killed
   * between the provider accepting it and the row saying so): the provider's log is asked
   * before it is sent again, so nobody is texted twice.
   */
  private async alreadySent(message: OutgoingMessage, recipient: string, notification: NotificationEntity): Promise<Delivery | null> {
    if (message.channel !== 'sms') return null;
    const since = new Date(notification.createdAt.getTime() - CLOCK_SKEW_MS);
    const found = await this.sms.findSent({ to: recipient, body: message.body }, since);
    if (found) this.logger.log(`sms to ${recipient} was sent before the last attempt ended (${found.providerMessageId}); not sending it again`);
    return found;
  }

  private send(message: OutgoingMessage, recipient: string): Promise<Delivery> {
    return message.channel === 'sms'
      ? this.sms.send({ to: recipient, body: message.body })
      : this.email.send({ to: recipient, subject: message.subject, html: message.html, text: message.text, attachments: message.attachments });
  }

  /** The pending row, written once; an email is also a Contact Messages entry, pushed to the boards watching them. */
  private async record(origin: Origin, message: OutgoingMessage): Promise<void> {
    const inserted = await this.dataSource.getRepository(NotificationEntity).createQueryBuilder().insert().values(notificationRow(origin, message)).orIgnore().returning('*').execute();
    if (message.channel !== 'email') return;
    for (const email of returnedEntities(this.dataSource, NotificationEntity, inserted.raw)) this.realtime.toAdminLog('emails', 'email:created', toContactMessageView(email));
  }

  /**
   * Makes the message ours to send, or null when it is settled. `first` when it was still
   * pending: nothing was decided about it yet. A message left `sending` by a worker killed
   * mid-send, or `failed`, was decided before.
   */
  private async claim(dedupeKey: string): Promise<{ notification: NotificationEntity; first: boolean } | null> {
    const take = async (from: FindOptionsWhere<NotificationEntity>['status']) => {
      const taken = await this.dataSource
        .getRepository(NotificationEntity)
        .createQueryBuilder()
        .update()
        .set({ status: 'sending', attempts: () => 'attempts + 1', error: null })
        .where({ dedupeKey, status: from })
        .returning('*')
        .execute();
      return returnedEntities(this.dataSource, NotificationEntity, taken.raw)[0];
    };
    const pending = await take('pending');
    if (pending) return { notification: pending, first: true };
    const retried = await take(Not(In([...SETTLED, 'pending'])));
    return retried ? { notification: retried, first: false } : null;
  }

  /**
   * Records the outcome and pushes it to the boards watching the log. Only outcomes are pushed:
   * pending and sending last milliseconds.
   */
  private async settle(dedupeKey: string, changes: Partial<NotificationEntity>): Promise<void> {
    const settled = await this.dataSource.getRepository(NotificationEntity).createQueryBuilder().update().set(changes).where({ dedupeKey }).returning('*').execute();
    for (const notification of returnedEntities(this.dataSource, NotificationEntity, settled.raw)) {
      this.realtime.toAdminLog('notifications', 'notification:updated', toNotificationView(notification));
    }
  }

  /** A sent email shows as sent in the Contact Messages list: its notification row says so already. */
  private async pushEmailSent(notificationId: number): Promise<void> {
    const email = await this.dataSource.getRepository(NotificationEntity).findOneBy({ id: notificationId });
    if (email) this.realtime.toAdminLog('emails', 'email:updated', toContactMessageView(email));
  }
}
