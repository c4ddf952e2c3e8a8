import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { type DomainEventMap, toE164 } from '@towing/contracts';
import { JobEntity, OutboxEntity, type PoolQuery, returnedEntities } from '@towing/db';
import { currentRequestId } from '@towing/platform';
import type { Idempotency } from './idempotency-key.js';
import { nextJobIdSql } from './job-number.js';

export type NewJob = Pick<JobEntity, 'customerName' | 'phone' | 'email' | 'service' | 'location' | 'notes' | 'status' | 'assignedTo' | 'progress' | 'estimatedArrival'> &
  Partial<Pick<JobEntity, 'vehicle' | 'situation' | 'gpsLat' | 'gpsLng' | 'gpsAccuracyM' | 'gpsFixedAt' | 'sourceKey' | 'heldAt'>>;

/** The event a new job is announced by, when the statement writes it too. */
export type JobCreatedEvent =
  | { name: 'sos.created'; payload: Omit<DomainEventMap['sos.created'], 'jobId'> }
  | { name: 'job.created'; payload: Omit<DomainEventMap['job.created'], 'jobId'> };

export interface JobInsert {
  fields: NewJob;
  idempotency?: Idempotency;
  /** The staff member who created it, for its first history line. */
  actor?: string | null;
  /** The signed-in customer who asked for it: the job is linked to their account. */
  accountId?: number;
  /** Written to the outbox by the same statement (with the job's id in its payload). */
  event?: JobCreatedEvent;
}

export interface InsertedJob {
  /** With its tracking token, which ordinary reads leave out. */
  job: JobEntity;
  /** The outbox row the statement wrote, for the relay; null when none was asked for. */
  event: OutboxEntity | null;
}

/**
 * Writes a new job with its first history line, and when asked its account link and its domain
 * event, in ONE statement: atomic by itself, one round trip where a transaction took eight (an
 * SOS flood is measured in these). Null when a job with the same Idempotency-Key exists
 * already: nothing is written and the caller answers with that one. `query` runs the statement:
 * by default on `manager` (inside its transaction, if it has one); outside a transaction the
 * pool's prepared statements (poolQuery) save PostgreSQL parsing and planning it every time.
 */
export async function insertJob(
  manager: EntityManager,
  request: JobInsert,
  query: PoolQuery = (text, values) => manager.query(text, values),
): Promise<InsertedJob | null> {
  const { fields, idempotency, event } = request;
  const values: unknown[] = [];
  const param = (value: unknown) => `$${values.push(value)}`;
  const metadata = manager.connection.getMetadata(JobEntity);
  const driver = manager.connection.driver;
  const columns: Record<string, unknown> = {
    ...fields,
    phoneE164: toE164(fields.phone),
    trackingToken: randomBytes(24).toString('base64url'),
    idempotencyKey: idempotency?.key ?? null,
    idempotencyFingerprint: idempotency?.fingerprint ?? null,
  };
  const names = ['id'];
  const placeholders = [nextJobIdSql(param)];
  for (const [property, value] of Object.entries(columns)) {
    if (value === undefined) continue;
    const column = metadata.findColumnWithPropertyName(property)!;
    names.push(`"${column.databaseName}"`);
    placeholders.push(param(driver.preparePersistentValue(value, column)));
  }
  const steps = [
    `job AS (INSERT INTO jobs (${names.join(', ')}) VALUES (${placeholders.join(', ')}) ON CONFLICT (idempotency_key) DO NOTHING RETURNING *)`,
    `line AS (INSERT INTO job_updates (job_id, status, message, actor) SELECT id, status, ${param(`Job created (${fields.service})`)}, ${param(request.actor ?? null)} FROM job)`,
  ];
  if (request.accountId !== undefined) {
    steps.push(`link AS (INSERT INTO account_jobs (user_id, job_id, proof) SELECT ${param(request.accountId)}, id, 'created' FROM job ON CONFLICT DO NOTHING)`);
  }
  if (event) {
    steps.push(
      `event AS (INSERT INTO outbox (name, payload, request_id) SELECT ${param(event.name)}, jsonb_build_object('jobId', id) || ${param(JSON.stringify(event.payload))}::jsonb, ${param(currentRequestId() ?? null)} FROM job RETURNING *)`,
    );
  }
  const rows = await query<Record<string, unknown>>(
    `WITH ${steps.join(',\n')}\nSELECT job.*${event ? ', event.id AS outbox_id, event.request_id AS outbox_request_id, event.created_at AS outbox_created_at' : ''} FROM job${event ? ' CROSS JOIN event' : ''}`,
    values,
  );
  const [job] = returnedEntities(manager.connection, JobEntity, rows);
  if (!job) return null;
  const [row] = rows as Array<{ outbox_id?: string; outbox_request_id: string | null; outbox_created_at: Date }>;
  return {
    job,
    event:
      event && row!.outbox_id
        ? Object.assign(new OutboxEntity(), {
            id: row!.outbox_id,
            name: event.name,
            payload: { jobId: job.id, ...event.payload },
            requestId: row!.outbox_request_id,
            createdAt: row!.outbox_created_at,
            publishedAt: null,
          })
        : null,
  };
}
