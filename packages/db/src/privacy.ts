import type { EntityManager } from 'typeorm';

/** What replaces a name, a phone number, an address once a person's details are anonymised. */
export const ANONYMISED = 'Anonymised';

/** Australian tax records are kept five years; an invoice's customer details are anonymised after that. */
export const INVOICE_RETENTION_YEARS = 5;

/** One person, as the tables hold them: a phone number (typed, and its E.164 form) or an email address. */
export interface PrivacySubject {
  phone?: { typed: string; e164: string | null };
  email?: string;
}

/** The SQL condition matching the subject on a table's phone and email columns, with its parameters from $1. */
function matching(subject: PrivacySubject, columns: { phone: string; phoneE164?: string; email: string }): { where: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (subject.phone) {
    // As typed, or the same number in E.164 form (in the E.164 column, or a column that keeps E.164 only).
    params.push(subject.phone.typed, subject.phone.e164 ?? subject.phone.typed);
    const e164Column = 'phoneE164' in columns ? columns.phoneE164 : columns.phone;
    parts.push(`("${columns.phone}" = $${params.length - 1} OR "${columns.phone}" = $${params.length} OR "${e164Column}" = $${params.length})`);
  }
  if (subject.email) {
    params.push(subject.email.toLowerCase());
    parts.push(`lower("${columns.email}") = $${params.length}`);
  }
  return { where: parts.length > 0 ? parts.join(' OR ') : 'false', params };
}

/** The subject's phone as the tables may hold it (as typed, and E.164); none for an email-only subject. */
function phonesOf(subject: PrivacySubject): string[] {
  return subject.phone ? [subject.phone.typed, subject.phone.e164 ?? subject.phone.typed] : [];
}

/** Where each table keeps a person's phone and email. */
const PERSON_COLUMNS = {
  jobs: { phone: 'phone', phoneE164: 'phone_e164', email: 'email' },
  bookings: { phone: 'phone', phoneE164: 'phone_e164', email: 'email' },
  contact_submissions: { phone: 'phone', phoneE164: 'phone_e164', email: 'email' },
  fleet_inquiries: { phone: 'phone', phoneE164: 'phone_e164', email: 'email' },
  quotes: { phone: 'customer_phone', phoneE164: 'customer_phone_e164', email: 'customer_email' },
  invoices: { phone: 'customer_phone', phoneE164: 'customer_phone_e164', email: 'customer_email' },
  notifications: { phone: 'recipient_phone', email: 'recipient_email' },
  users: { phone: 'phone', phoneE164: 'phone_e164', email: 'email' },
} as const;

/** Columns never handed out, even to the person they describe: secrets and credentials. */
const SECRET_COLUMNS = ['password_hash', 'tracking_token', 'idempotency_key', 'idempotency_fingerprint', 'code', 'code_hash', 'data'];

function withoutSecrets(rows: Array<Record<string, unknown>>): Array<Record<string, unknown>> {
  return rows.map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !SECRET_COLUMNS.includes(column))));
}

/** The tables that also name a job: the subject's jobs bring their rows along. */
const WITH_JOB_ID = new Set(['bookings', 'quotes', 'invoices', 'notifications']);

/** Every row held about the subject, table by table (photos as their metadata, no secrets). */
export async function exportSubject(manager: EntityManager, subject: PrivacySubject): Promise<Record<string, Array<Record<string, unknown>>>> {
  const jobs = matching(subject, PERSON_COLUMNS.jobs);
  const records: Record<string, Array<Record<string, unknown>>> = { jobs: withoutSecrets(await manager.query(`SELECT * FROM jobs WHERE ${jobs.where} ORDER BY created_at`, jobs.params)) };
  const jobIds = records.jobs!.map((job) => job.id);
  for (const [table, columns] of Object.entries(PERSON_COLUMNS).filter(([name]) => name !== 'jobs')) {
    const { where, params } = matching(subject, columns);
    const theirJobs = WITH_JOB_ID.has(table) ? ` OR job_id = ANY($${params.length + 1})` : '';
    const rows = await manager.query(`SELECT * FROM "${table}" WHERE (${where})${theirJobs} ORDER BY 1`, WITH_JOB_ID.has(table) ? [...params, jobIds] : params);
    records[table] = withoutSecrets(rows);
  }
  for (const table of ['job_updates', 'job_photos', 'feedback', 'account_jobs', 'job_messages']) {
    records[table] = withoutSecrets(await manager.query(`SELECT * FROM "${table}" WHERE job_id = ANY($1) ORDER BY 1`, [jobIds]));
  }
  records.inbound_sms = await manager.query('SELECT * FROM inbound_sms WHERE from_phone = ANY($1) OR job_id = ANY($2) ORDER BY 1', [phonesOf(subject), jobIds]);
  return records;
}

export interface ErasureCounts {
  jobsAnonymised: number;
  photosRemoved: number;
  recordsAnonymised: number;
  invoicesKept: number;
}

/** Rows an UPDATE or DELETE of manager.query touched (pg answers [rows, count] for them). */
function affected(result: unknown): number {
  return Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0;
}

/**
 * Erases a customer: their jobs keep their ids, times and statuses (the board's history and the
 * invoices point at them) but lose names, phones, emails, locations, notes and GPS fixes; their
 * photos are deleted; their bookings, messages, texts, form submissions and quotes are anonymised
 * alike, and their customer account can no longer sign in. Invoices are kept whole: Australian tax law wants them for five years
 * (anonymiseExpiredInvoices takes them after that). Run it in a transaction.
 */
export async function eraseSubject(manager: EntityManager, subject: PrivacySubject): Promise<ErasureCounts> {
  const jobs = matching(subject, PERSON_COLUMNS.jobs);
  const jobIds = ((await manager.query(`SELECT id FROM jobs WHERE ${jobs.where}`, jobs.params)) as Array<{ id: string }>).map((job) => job.id);
  const photosRemoved = affected(await manager.query('DELETE FROM job_photos WHERE job_id = ANY($1)', [jobIds]));
  const jobsAnonymised = affected(
    await manager.query(
      `UPDATE jobs SET customer_name = $2::text, phone = $2::text, phone_e164 = NULL, email = NULL, location = $2::text, notes = NULL, vehicle = NULL,
         situation = NULL, gps_lat = NULL, gps_lng = NULL, gps_accuracy_m = NULL, gps_fixed_at = NULL, photo_gps_lat = NULL,
         photo_gps_lng = NULL, source_key = NULL, anonymised_at = now()
       WHERE id = ANY($1)`,
      [jobIds, ANONYMISED],
    ),
  );
  // In each assignment list `?` stands for ANONYMISED.
  const anonymise = async (table: keyof typeof PERSON_COLUMNS, assignments: string, alsoTheirJobs: boolean) => {
    const { where, params } = matching(subject, PERSON_COLUMNS[table]);
    const jobClause = alsoTheirJobs ? ` OR job_id = ANY($${params.length + 2})` : '';
    const sql = `UPDATE "${table}" SET ${assignments.replaceAll('?', `$${params.length + 1}::text`)} WHERE (${where})${jobClause}`;
    return affected(await manager.query(sql, [...params, ANONYMISED, ...(alsoTheirJobs ? [jobIds] : [])]));
  };
  let recordsAnonymised = 0;
  recordsAnonymised += await anonymise('bookings', 'customer_name = ?, phone = ?, phone_e164 = NULL, email = ?, location = ?, description = ?, vehicle_details = NULL', true);
  recordsAnonymised += await anonymise('contact_submissions', 'first_name = ?, last_name = ?, phone = ?, phone_e164 = NULL, email = ?, message = ?', false);
  recordsAnonymised += await anonymise('fleet_inquiries', 'contact_name = ?, phone = ?, phone_e164 = NULL, email = ?, requirements = NULL', false);
  recordsAnonymised += await anonymise('quotes', 'customer_name = ?, customer_phone = ?, customer_phone_e164 = NULL, customer_email = NULL, from_location = ?, to_location = ?, notes = NULL', true);
  recordsAnonymised += await anonymise('notifications', 'recipient_phone = NULL, recipient_email = NULL, message = ?, subject = NULL, customer_info = NULL', true);
  // What they texted us, and the threads of their jobs.
  recordsAnonymised += affected(await manager.query('UPDATE job_messages SET body = $2 WHERE job_id = ANY($1)', [jobIds, ANONYMISED]));
  recordsAnonymised += affected(
    await manager.query('UPDATE inbound_sms SET from_phone = $3::text, body = $3::text, reply = NULL WHERE from_phone = ANY($1) OR job_id = ANY($2)', [phonesOf(subject), jobIds, ANONYMISED]),
  );
  // Their customer account: nothing personal left, and no way to sign in. Staff accounts are never erased here.
  const users = matching(subject, PERSON_COLUMNS.users);
  const accounts = await manager.query(
    `UPDATE users SET username = 'erased-' || id, email = 'erased-' || id || '@invalid', first_name = $${users.params.length + 1}, last_name = NULL,
       phone = NULL, phone_e164 = NULL, is_active = false
     WHERE role = 'customer' AND (${users.where}) RETURNING id`,
    [...users.params, ANONYMISED],
  );
  recordsAnonymised += affected(accounts);
  await manager.query('DELETE FROM sessions WHERE user_id = ANY($1)', [(accounts[0] as Array<{ id: number }>).map((account) => account.id)]);
  const invoices = matching(subject, PERSON_COLUMNS.invoices);
  const [kept] = (await manager.query(`SELECT count(*)::int AS count FROM invoices WHERE ${invoices.where} OR job_id = ANY($${invoices.params.length + 1})`, [...invoices.params, jobIds])) as Array<{ count: number }>;
  return { jobsAnonymised, photosRemoved, recordsAnonymised, invoicesKept: kept?.count ?? 0 };
}

/**
 * Invoices issued more than INVOICE_RETENTION_YEARS ago lose their customer's details (name,
 * email, phone); number, date, lines and amounts stay for the books. Answers how many changed.
 */
export async function anonymiseExpiredInvoices(manager: EntityManager, now = new Date()): Promise<number> {
  return affected(
    await manager.query(
      `UPDATE invoices SET customer_name = $1, customer_email = NULL, customer_phone = NULL, customer_phone_e164 = NULL, payment_link = NULL, anonymised_at = now()
       WHERE anonymised_at IS NULL AND issued_at < $2::timestamptz - make_interval(years => $3)`,
      [ANONYMISED, now.toISOString(), INVOICE_RETENTION_YEARS],
    ),
  );
}
