import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type EmailCustomerInfo, toE164, todayInPerth } from '@towing/contracts';
import { type NotificationEntity, toContactMessageView, toNotificationView } from '@towing/db';
import { type EmailAttachment, EmailProvider } from '../channels/email/email-provider.js';
import type { Delivery } from '../channels/sms/sms-provider.js';
import { SmsProvider } from '../channels/sms/sms-provider.js';
import { currentRequestId, ENVIRONMENT, type Environment, SocketEmitter } from '@towing/platform';
import { WorkerMetrics } from '../metrics/worker-metrics.js';
import { TemplatesService } from '../templates/templates.service.js';
import { EmailPolicy, type EmailRefusal } from './email-policy.js';
import { type NewNotification, type NotificationRow, NotificationRows, type Outcome } from './notification-rows.js';
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
  /** `to` as the phone rule read it where the number came in (a job's phoneE164): not parsed again. */
  toE164?: string | null;
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

/** A message refused before it is tried (an SOS folded into a burst's summary): its row is written settled, with why. */
export interface RefusedMessage {
  message: OutgoingMessage;
  reason: string;
}

/** A message with what its row and its sending need, each worked out once. */
interface Prepared {
  message: OutgoingMessage;
  /** As the row and the dedupe key name it: a text's number in E.164 (as given when it is none), an address in lower case. */
  recipient: string;
  /** A text to a number the phone rule cannot read is never tried. */
  textable: boolean;
  dedupeKey: string;
}

/** The notification and contact-message rows keep a subject of at most this many characters. */
export const SUBJECT_LIMIT = 255;

/**
 * A message as its rows can keep it (handlers write the subject they mean), its recipient and
 * its identity: the event that causes it, its channel and its recipient. `e164Of`: the phone rule.
 */
function prepare(origin: Origin, wanted: OutgoingMessage, e164Of: (typed: string) => string | null): Prepared {
  const message = wanted.channel === 'email' && wanted.subject.length > SUBJECT_LIMIT ? { ...wanted, subject: wanted.subject.slice(0, SUBJECT_LIMIT) } : wanted;
  const e164 = message.channel === 'sms' ? (message.toE164 ?? e164Of(message.to)) : null;
  const recipient = message.channel === 'sms' ? (e164 ?? message.to) : message.to.toLowerCase();
  return { message, recipient, textable: e164 !== null, dedupeKey: `${origin.eventId}:${message.channel}:${recipient}` };
}

/** The notification row of a message, as it is first written: claimed by its writer, or refused. */
function notificationRow(origin: Origin, { message, recipient, textable, dedupeKey }: Prepared, refusal?: string): NewNotification {
  return {
    dedupeKey,
    type: message.channel,
    jobId: origin.jobId ?? null,
    quoteId: origin.quoteId ?? null,
    recipientPhone: message.channel === 'sms' ? recipient : null,
    recipientEmail: message.channel === 'email' ? recipient : null,
    subject: message.channel === 'email' ? message.subject : null,
    message: message.channel === 'sms' ? message.body : message.html,
    customerInfo: message.channel === 'email' ? (message.customerInfo ?? null) : null,
    requestId: currentRequestId() ?? null,
    // A text that cannot go stays pending until it is settled failed, as on any later attempt.
    status: refusal !== undefined ? 'refused' : message.channel === 'sms' && !textable ? 'pending' : 'sending',
    error: refusal ?? null,
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
 * is first claimed. The rows of the messages an event has at hand are written in one statement,
 * claimed as they are written.
 */
@Injectable()
export class NotifierService {
  private readonly logger = new Logger(NotifierService.name);
  /** The dispatch board, where every message to the owners and the office points. */
  readonly boardUrl: string;
  private readonly rows: NotificationRows;
  /** The on-call phones by the phone rule, worked out once: every SOS texts them, or lists them refused. */
  private readonly oncallE164: Map<string, string | null>;

  constructor(
    @InjectDataSource() dataSource: DataSource,
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
    this.rows = new NotificationRows(dataSource);
    this.oncallE164 = new Map(environment.oncallPhones.map((phone) => [phone, toE164(phone)]));
  }

  private readonly e164 = (typed: string): string | null => (this.oncallE164.has(typed) ? this.oncallE164.get(typed)! : toE164(typed));

  async deliver(origin: Origin, wanted: OutgoingMessage): Promise<void> {
    const message = prepare(origin, wanted, this.e164);
    const [written] = await this.write(origin, [message]);
    await this.send(origin, message, written);
  }

  /**
   * Sends each message on its own; fails after all were tried if any failed, so the event is
   * retried. A message may still be in the making (an email waiting for its PDF): the others
   * do not wait for it, and its making failing counts as its sending failing. `refused` are kept
   * in the log with their reason, never sent. `settled` hears how each message went, in the
   * order given, before a failure is thrown. One message to one recipient is sent once, however
   * often it is listed.
   */
  async deliverAll(
    origin: Origin,
    messages: Array<OutgoingMessage | Promise<OutgoingMessage>>,
    { refused = [], settled }: { refused?: RefusedMessage[]; settled?: (results: Array<PromiseSettledResult<void>>) => Promise<void> } = {},
  ): Promise<void> {
    const prepared = messages.map((message) => (message instanceof Promise ? message.then((made) => prepare(origin, made, this.e164)) : prepare(origin, message, this.e164)));
    const ready = prepared.filter((message): message is Prepared => !(message instanceof Promise));
    const writing = this.write(origin, ready, refused.map(({ message, reason }) => ({ message: prepare(origin, message, this.e164), reason }))).then((rows) => new Map(rows.map((row) => [row.dedupeKey, row])));
    // Its failing fails each message at hand, and the event when there are none.
    writing.catch(() => undefined);
    const taken = new Set<string>();
    const results = await Promise.allSettled(
      prepared.map(async (making) => {
        const message = await making;
        if (taken.has(message.dedupeKey)) return;
        taken.add(message.dedupeKey);
        const row = making instanceof Promise ? (await this.write(origin, [message]))[0] : (await writing).get(message.dedupeKey);
        await this.send(origin, message, row);
      }),
    );
    await settled?.(results);
    const failures = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failures.length === 0) await writing;
    if (failures.length > 0) {
      throw new AggregateError(
        failures.map((failure) => failure.reason),
        `${failures.length} of ${messages.length} message(s) failed`,
      );
    }
  }

  /**
   * The rows not written before, in one statement that answers them (the refused ones settled as
   * written): a redelivered event's messages find theirs and write nothing. Each new email is a
   * Contact Messages entry, each refusal a line of the log, pushed to the boards watching them.
   */
  private async write(origin: Origin, messages: Prepared[], refused: Array<{ message: Prepared; reason: string }> = []): Promise<NotificationRow[]> {
    const written = await this.rows.insert([...refused.map(({ message, reason }) => notificationRow(origin, message, reason)), ...messages.map((message) => notificationRow(origin, message))]);
    for (const row of written) {
      if (row.status === 'refused') this.realtime.toAdminLog('notifications', 'notification:updated', toNotificationView(row));
      else if (row.type === 'email') this.realtime.toAdminLog('emails', 'email:created', toContactMessageView(row));
    }
    return written.filter((row) => row.status !== 'refused');
  }

  /** `written`: the message's row when this attempt wrote it, claimed. */
  private async send(origin: Origin, { message, recipient, textable, dedupeKey }: Prepared, written: NotificationRow | undefined): Promise<void> {
    if (message.channel === 'sms' && !textable) {
      const error = `Not a phone number we can text: ${message.to}`;
      this.logger.warn(`${error} (event ${origin.eventId})`);
      await this.settle(dedupeKey, { status: 'failed', error });
      return;
    }
    const claimed = written ? { notification: written, first: true } : await this.claim(dedupeKey);
    if (!claimed) return;

    if (claimed.first) {
      // Decided once per message, on its first claim: a retry after a failed send (a Twilio
      // outage gives an event many attempts) neither spends the budgets again nor ends refused.
      const refusal = await this.refusal(message, recipient, claimed.notification.optedOut, origin.smsSource).catch(async (error: unknown) => {
        // Undecided, so the next attempt decides again.
        await this.settle(dedupeKey, { status: 'pending', error: (error as Error).message || String(error) });
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
      const delivery = (!claimed.first && (await this.alreadySent(message, recipient, claimed.notification))) || (await this.handOver(message, recipient));
      const outcome = await this.settle(dedupeKey, {
        status: delivery.delivered ? 'sent' : 'recorded',
        sentAt: delivery.delivered ? new Date() : null,
        providerMessageId: delivery.providerMessageId,
      });
      // The outcome, by the row's id (the row has the recipient): a grep on the request id finds it.
      this.logger.log(`${message.channel} #${claimed.notification.id} ${delivery.delivered ? 'sent' : 'recorded'}${delivery.providerMessageId ? ` (${delivery.providerMessageId})` : ''}`);
      if (message.channel === 'sms' && message.requestedAt && delivery.delivered) {
        this.metrics.sosDriverSmsSeconds.observe((Date.now() - message.requestedAt.getTime()) / 1000);
      }
      // A sent email shows as sent in the Contact Messages list: its notification row says so already.
      if (message.channel === 'email' && delivery.delivered && outcome) this.realtime.toAdminLog('emails', 'email:updated', toContactMessageView(outcome));
    } catch (error) {
      const reason = (error as Error).message || String(error);
      this.logger.warn(`${message.channel} to ${recipient} failed: ${reason}`);
      await this.settle(dedupeKey, { status: 'failed', error: reason });
      throw error;
    }
  }

  /** Why a message must not be sent, by its channel's policy; when it may, it is counted against the budgets. */
  private async refusal(message: OutgoingMessage, recipient: string, optedOut: boolean, smsSource?: SmsSource): Promise<EmailRefusal | null> {
    if (message.channel === 'email') return this.emailPolicy.refusal(recipient, message.confirmation === true);
    const reason = await this.policy.refusal(recipient, optedOut, smsSource);
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

  private handOver(message: OutgoingMessage, recipient: string): Promise<Delivery> {
    return message.channel === 'sms'
      ? this.sms.send({ to: recipient, body: message.body })
      : this.email.send({ to: recipient, subject: message.subject, html: message.html, text: message.text, attachments: message.attachments });
  }

  /**
   * Makes a message written before ours to send, or null when it is settled. `first` when it was
   * still pending: nothing was decided about it yet. A message left `sending` by a worker killed
   * mid-send, or `failed`, was decided before.
   */
  private async claim(dedupeKey: string): Promise<{ notification: NotificationRow; first: boolean } | null> {
    const pending = await this.rows.claim(dedupeKey, ['pending']);
    if (pending) return { notification: pending, first: true };
    const retried = await this.rows.claim(dedupeKey, [...SETTLED, 'pending'], true);
    return retried ? { notification: retried, first: false } : null;
  }

  /**
   * Records the outcome and pushes it to the boards watching the log. Only outcomes are pushed:
   * pending and sending last milliseconds.
   */
  private async settle(dedupeKey: string, outcome: Outcome): Promise<NotificationEntity | undefined> {
    const notification = await this.rows.settle(dedupeKey, outcome);
    if (notification) this.realtime.toAdminLog('notifications', 'notification:updated', toNotificationView(notification));
    return notification;
  }
}
