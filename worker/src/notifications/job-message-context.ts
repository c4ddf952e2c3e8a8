import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { EMERGENCY_DEFAULTS, formatPerthDateTime, feedbackPath, googleMapsUrl, namedDriver } from '@towing/contracts';
import { ENVIRONMENT, type Environment } from '@towing/platform';
import { JobEntity, type PoolQuery, poolQuery, returnedEntities, trackingUrl } from '@towing/db';
import { EventRecords } from './event-records.js';
import { NotifierService } from './notifier.service.js';

/** Everything a message about a job may show; absent values are null so strict templates render. */
export interface JobMessageFields {
  jobId: string;
  customerName: string;
  phone: string;
  email: string | null;
  service: string;
  location: string;
  notes: string | null;
  vehicle: string | null;
  situation: string | null;
  /** Who is coming (contracts' namedDriver): a driver, both owners' names, or null while unassigned. */
  assignee: string | null;
  arrival: string | null;
  receivedAt: string;
  mapUrl: string | null;
  trackingUrl: string;
  feedbackUrl: string;
  boardUrl: string;
  callbackMinutes: number;
}

function mapUrlOf(job: JobEntity): string | null {
  return job.gpsLat !== null && job.gpsLng !== null ? googleMapsUrl({ lat: job.gpsLat, lng: job.gpsLng }) : null;
}

/**
 * A read run in the round trip that reads a job (JobMessageContext.load): its CTEs (if any) and
 * its answer, one JSON value, written with $1 for the job's id and the placeholders given for its
 * own parameters. What an event does to the job's other rows, or reads beside it, then costs no
 * round trip of its own.
 */
export interface AlongsideRead<A> {
  params: unknown[];
  sql(placeholders: string[]): { ctes?: string; answer: string };
  read(answer: unknown): A;
}

/** The reads run beside a job, by the name their answers come back under. */
export type AlongsideReads<R> = { [K in keyof R]: AlongsideRead<R[K]> };

/** One statement: the reads' CTEs, then the job's every column (the tracking token that ordinary reads leave out among them) with their answers. */
function statementOf(jobId: string, reads: Record<string, AlongsideRead<unknown>>): { text: string; values: unknown[] } {
  const values: unknown[] = [jobId];
  const ctes: string[] = [];
  const answers: string[] = [];
  for (const [name, read] of Object.entries(reads)) {
    const placeholders = read.params.map((value) => `$${values.push(value)}`);
    const sql = read.sql(placeholders);
    if (sql.ctes) ctes.push(sql.ctes);
    answers.push(`'${name}', ${sql.answer}`);
  }
  const withCtes = ctes.length > 0 ? `WITH ${ctes.join(', ')} ` : '';
  const alongside = answers.length > 0 ? `, json_build_object(${answers.join(', ')}) AS alongside` : '';
  return { text: `${withCtes}SELECT *${alongside} FROM jobs WHERE id = $1`, values };
}

/** A job as the worker's messages read it, and the answers of what was read beside it. */
export interface LoadedJob<R> {
  job: JobEntity;
  fields: JobMessageFields;
  alongside: R;
}

/** A job in a list of them (the office's SOS burst summary). */
export type JobLine = Pick<JobMessageFields, 'jobId' | 'customerName' | 'phone' | 'location' | 'mapUrl' | 'receivedAt'>;

/** Loads a job for the worker's messages and the fields their templates use. */
@Injectable()
export class JobMessageContext {
  private readonly query: PoolQuery;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
    private readonly records: EventRecords,
    private readonly notifier: NotifierService,
  ) {
    this.query = poolQuery(dataSource);
  }

  /** The jobs' lines in the order of the ids given, in one query; a deleted job is left out. */
  async lines(jobIds: string[]): Promise<JobLine[]> {
    const jobs = new Map((await this.dataSource.getRepository(JobEntity).findBy({ id: In(jobIds) })).map((job) => [job.id, job]));
    return jobIds.flatMap((id) => {
      const job = jobs.get(id);
      if (!job) return [];
      return [{ jobId: job.id, customerName: job.customerName, phone: job.phone, location: job.location, mapUrl: mapUrlOf(job), receivedAt: formatPerthDateTime(job.createdAt) }];
    });
  }

  /**
   * Null when the job was deleted before its messages went: there is no one to tell.
   * `alongside` runs in the same round trip, before the job is read.
   */
  async load<R extends Record<string, unknown> = Record<never, never>>(
    jobId: string,
    alongside = {} as AlongsideReads<R>,
  ): Promise<LoadedJob<R> | null> {
    const reads = alongside as Record<string, AlongsideRead<unknown>>;
    const { text, values } = statementOf(jobId, reads);
    const row = await this.records.found(`Job ${jobId}`, this.query<{ alongside?: Record<string, unknown> }>(text, values).then(([found]) => found ?? null));
    if (!row) return null;
    const [job] = returnedEntities(this.dataSource, JobEntity, [row]);
    const answers = Object.fromEntries(Object.entries(reads).map(([name, read]) => [name, read.read(row.alongside?.[name])])) as R;
    const { publicUrl } = this.environment;
    return {
      job,
      alongside: answers,
      fields: {
        jobId: job.id,
        customerName: job.customerName,
        phone: job.phone,
        email: job.email,
        service: job.service,
        location: job.location,
        notes: job.notes,
        vehicle: job.vehicle,
        situation: job.situation,
        assignee: namedDriver(job.assignedTo),
        arrival: job.estimatedArrival ? formatPerthDateTime(job.estimatedArrival) : null,
        receivedAt: formatPerthDateTime(job.createdAt),
        mapUrl: mapUrlOf(job),
        trackingUrl: trackingUrl(publicUrl, job),
        feedbackUrl: `${publicUrl}${feedbackPath({ jobId: job.id, token: job.trackingToken })}`,
        boardUrl: this.notifier.boardUrl,
        callbackMinutes: EMERGENCY_DEFAULTS.callbackMinutes,
      },
    };
  }
}
