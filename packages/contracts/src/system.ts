/** A channel the business depends on, as the System tile says it. */
export interface SystemService {
  name: 'SMS' | 'Email' | 'Card payments' | 'Push';
  configured: boolean;
  /** In words, e.g. "Configured (Twilio)" or "Not configured: texts are recorded, not sent". */
  status: string;
}

/** What the admin board's System tile shows (GET /api/system). */
export interface SystemStatus {
  /** Seconds since any worker last wrote its heartbeat; null when none has in the last minute. */
  workerHeartbeatAgeSeconds: number | null;
  /** Age of the oldest outbox row not yet on the queue; null when every event is published. */
  oldestOutboxAgeSeconds: number | null;
  /** Jobs of every queue that failed in the last hour. */
  failedJobsLastHour: number;
  services: SystemService[];
}

/** Whose data: one phone number or one email address (GET /api/privacy/export, POST /api/privacy/erase). */
export interface PrivacySubjectQuery {
  phone?: string;
  email?: string;
}

/** Everything held about one phone number or email address, table by table, rows as stored. */
export interface PrivacyExport {
  subject: PrivacySubjectQuery;
  exportedAt: string;
  records: Record<string, Array<Record<string, unknown>>>;
}

/** What an erasure changed: jobs anonymised, photos removed; invoices kept, as the tax law requires. */
export interface PrivacyErasure {
  jobsAnonymised: number;
  photosRemoved: number;
  /** Other records about the person removed or anonymised (bookings, messages, quotes, accounts). */
  recordsAnonymised: number;
  invoicesKept: number;
}
