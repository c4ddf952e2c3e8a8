import type { DataSource } from 'typeorm';
import type { EmailCustomerInfo, NotificationChannel, NotificationStatus } from '@towing/contracts';
import { NotificationEntity, type PoolQuery, poolQuery, returnedEntities } from '@towing/db';

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

/** A written or claimed row, and whether its number texted STOP (read as its sending is decided). */
const RETURNING_WITH_OPT_OUT = '*, EXISTS (SELECT 1 FROM sms_opt_outs o WHERE o.phone = notifications.recipient_phone) AS opted_out';

/** An outcome's error is kept to this many characters (a provider's answer can be a whole page). */
const ERROR_LIMIT = 2000;

const INSERTED_COLUMNS = ['dedupe_key', 'type', 'job_id', 'quote_id', 'recipient_phone', 'recipient_email', 'subject', 'message', 'customer_info', 'request_id', 'status', 'error', 'attempts'];

/**
 * The statements on the notifications log (the notifier's, and the SOS pushes'), in plain SQL on the pool: each is one round
 * trip that answers the rows it wrote (read as entities by @towing/db's returnedEntities, as the
 * API reads its own RETURNING rows), with no query building, which cost more than the statements
 * themselves when an SOS flood writes a row a millisecond.
 */
export class NotificationRows {
  private readonly query: PoolQuery;

  constructor(private readonly dataSource: DataSource) {
    this.query = poolQuery(dataSource);
  }

  /** The rows a statement answered (`RETURNING`), read as TypeORM reads them. */
  private entities(raw: unknown[]): NotificationEntity[] {
    return returnedEntities(this.dataSource, NotificationEntity, raw);
  }

  /** ...with whether each one's number texted STOP, read in the statement that writes or claims it. */
  private withOptOut(raw: Array<{ opted_out: boolean }>): NotificationRow[] {
    return this.entities(raw).map((row, index) => Object.assign(row, { optedOut: raw[index]!.opted_out }));
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
    return this.withOptOut(
      await this.query(`INSERT INTO notifications (${INSERTED_COLUMNS.join(', ')}) VALUES ${tuples.join(', ')} ON CONFLICT (dedupe_key) DO NOTHING RETURNING ${RETURNING_WITH_OPT_OUT}`, values),
    );
  }

  /** Takes a row in one of the statuses given (or, with `except`, in any other) for sending. */
  async claim(dedupeKey: string, statuses: readonly NotificationStatus[], except = false): Promise<NotificationRow | undefined> {
    const [row] = this.withOptOut(
      await this.query(
        `UPDATE notifications SET status = 'sending', attempts = attempts + 1, error = NULL, updated_at = now()
          WHERE dedupe_key = $1 AND ${except ? 'status <> ALL($2)' : 'status = ANY($2)'} RETURNING ${RETURNING_WITH_OPT_OUT}`,
        [dedupeKey, statuses],
      ),
    );
    return row;
  }

  /** Records an outcome (an error cut to ERROR_LIMIT); answers the row as it now is. */
  async settle(dedupeKey: string, outcome: Outcome): Promise<NotificationEntity | undefined> {
    const [row] = this.entities(
      'error' in outcome
        ? await this.query(`UPDATE notifications SET status = $2, error = $3, updated_at = now() WHERE dedupe_key = $1 RETURNING *`, [dedupeKey, outcome.status, outcome.error.slice(0, ERROR_LIMIT)])
        : await this.query(`UPDATE notifications SET status = $2, sent_at = $3, provider_message_id = $4, error = NULL, updated_at = now() WHERE dedupe_key = $1 RETURNING *`, [
            dedupeKey,
            outcome.status,
            outcome.sentAt,
            outcome.providerMessageId,
          ]),
    );
    return row;
  }
}
