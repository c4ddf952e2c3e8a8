import type { DataSource } from 'typeorm';
import type { EmailCustomerInfo, NotificationChannel, NotificationStatus } from '@towing/contracts';
import { NotificationEntity } from '@towing/db';
import { type PoolQuery, poolQuery } from './pool-query.js';
import { selectedColumns } from './selected-columns.js';

/** A row of the notifications log as the statements below answer it; `optedOut`: its number texted STOP. */
export type NotificationRow = NotificationEntity & { optedOut: boolean };

/** A message's row as it is first written. */
export interface NewNotification {
  dedupeKey: string;
  type: NotificationChannel;
  jobId: string | null;
  quoteId: string | null;
  recipientPhone: string | null;
  recipientEmail: string | null;
  subject: string | null;
  message: string;
  customerInfo: EmailCustomerInfo | null;
  requestId: string | null;
  /** `sending`: claimed by its writer; `refused`: settled as written, `error` saying why. */
  status: Extract<NotificationStatus, 'pending' | 'sending' | 'refused'>;
  error: string | null;
}

/** An outcome of sending, or of deciding not to. */
export type Outcome =
  | { status: 'sent' | 'recorded'; sentAt: Date | null; providerMessageId: string | null }
  | { status: 'failed' | 'refused' | 'pending'; error: string };

const INSERTED_COLUMNS = ['dedupe_key', 'type', 'job_id', 'quote_id', 'recipient_phone', 'recipient_email', 'subject', 'message', 'customer_info', 'request_id', 'status', 'error', 'attempts'];

/**
 * The notifier's statements on the notifications log, in plain SQL on the pool: each is one round
 * trip that answers the rows it wrote, with no query building or entity hydration, which cost
 * more than the statements themselves when an SOS flood writes a row a millisecond.
 */
export class NotificationRows {
  /** Every column under its entity property's name, so a row is a NotificationEntity. */
  private readonly columns: string;
  private readonly withOptOut: string;
  private readonly query: PoolQuery;

  constructor(dataSource: DataSource) {
    this.query = poolQuery(dataSource);
    this.columns = selectedColumns(dataSource, NotificationEntity);
    // Read in the statement that claims a text, as its sending is decided.
    this.withOptOut = `${this.columns}, EXISTS (SELECT 1 FROM sms_opt_outs o WHERE o.phone = notifications.recipient_phone) AS "optedOut"`;
  }

  /** Writes the rows not written before, in one statement; answers those it wrote. */
  async insert(rows: NewNotification[]): Promise<NotificationRow[]> {
    if (rows.length === 0) return [];
    const values: unknown[] = [];
    const tuples = rows.map((row) => {
      const first = values.length;
      values.push(
        row.dedupeKey,
        row.type,
        row.jobId,
        row.quoteId,
        row.recipientPhone,
        row.recipientEmail,
        row.subject,
        row.message,
        row.customerInfo && JSON.stringify(row.customerInfo),
        row.requestId,
        row.status,
        row.error,
        row.status === 'sending' ? 1 : 0,
      );
      return `(${INSERTED_COLUMNS.map((_, index) => `$${first + index + 1}`).join(', ')})`;
    });
    return this.query(
      `INSERT INTO notifications (${INSERTED_COLUMNS.join(', ')}) VALUES ${tuples.join(', ')} ON CONFLICT (dedupe_key) DO NOTHING RETURNING ${this.withOptOut}`,
      values,
    );
  }

  /** Takes a row in one of the statuses given (or, with `except`, in any other) for sending. */
  async claim(dedupeKey: string, statuses: readonly NotificationStatus[], except = false): Promise<NotificationRow | undefined> {
    const [row] = await this.query<NotificationRow>(
      `UPDATE notifications SET status = 'sending', attempts = attempts + 1, error = NULL, updated_at = now()
        WHERE dedupe_key = $1 AND ${except ? 'status <> ALL($2)' : 'status = ANY($2)'} RETURNING ${this.withOptOut}`,
      [dedupeKey, statuses],
    );
    return row;
  }

  /** Records an outcome; answers the row as it now is. */
  async settle(dedupeKey: string, outcome: Outcome): Promise<NotificationEntity | undefined> {
    const [row] = await ('error' in outcome
      ? this.query<NotificationEntity>(`UPDATE notifications SET status = $2, error = $3, updated_at = now() WHERE dedupe_key = $1 RETURNING ${this.columns}`, [dedupeKey, outcome.status, outcome.error])
      : this.query<NotificationEntity>(
          `UPDATE notifications SET status = $2, sent_at = $3, provider_message_id = $4, error = NULL, updated_at = now() WHERE dedupe_key = $1 RETURNING ${this.columns}`,
          [dedupeKey, outcome.status, outcome.sentAt, outcome.providerMessageId],
        ));
    return row;
  }
}
