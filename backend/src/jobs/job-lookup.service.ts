import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource, In, type SelectQueryBuilder } from 'typeorm';
import { type CustomerJobsResponse, givenText, type JobProof, type JobSearchResponse, LAST4_MESSAGE, LAST4_PATTERN, lastFourDigits, type PublicJob } from '@towing/contracts';
import { AccountJobEntity, FeedbackEntity, findJobWithToken, JobEntity, toJobView, toPublicJobView, type UserEntity } from '@towing/db';
import { ENVIRONMENT, type Environment } from '@towing/platform';
import { fieldError } from '../common/errors.js';
import { sameSecret } from '../common/same-secret.js';
import { RateLimiters } from '../rate-limit/rate-limiters.js';
import { JOB_ID } from './job-number.js';
import { jobWatchKey } from './job-watch-key.js';

/** How many jobs one customer lookup lists at most. */
const CUSTOMER_JOBS_LIMIT = 100;
/**
 * Wrong proofs (job id and last four digits) one client may give in an hour, whatever the jobs.
 * Counted against the asker, never the job, so nobody's guessing locks the customer out of their
 * own job; with the random tail of a job id (job-number.ts) walking ids is hopeless.
 */
export const PROOF_ATTEMPTS = { name: 'job-proof', points: 10, windowSeconds: 3600 };

/** Who is asking: the signed-in account (if any), and the client (clientKey) with its response for the attempt counter. */
export interface Asker {
  user: UserEntity | null;
  client: string;
  response: Response;
}

/**
 * The customer screens' reads. A job is found by its id only, and shown only to someone who
 * proves it: the last four digits of its phone or its tracking token from a visitor, nothing
 * more from the account that created or proved it, or from staff. An unknown id and a wrong
 * proof answer alike, so nothing here tells whether a job exists.
 */
@Injectable()
export class JobLookupService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly limiters: RateLimiters,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  /** The portal and the Rate link: one job. The token opens the full view. */
  async search(proof: JobProof, asker: Asker): Promise<JobSearchResponse> {
    const found = await this.proven(proof, asker);
    if (!found) return { job: null, watchKey: null, rated: false };
    const { job, fullView } = found;
    const rated = await this.dataSource.getRepository(FeedbackEntity).existsBy({ jobId: job.id });
    return { job: fullView ? toJobView(job) : toPublicJobView(job), watchKey: this.watchKey(job.id), rated };
  }

  /**
   * The dashboard's lookup, without echoing the phone: every job under the phone of the job
   * proven by its tracking link, an account or staff; the one job proven by the last four digits
   * (a person's history goes only to whoever holds their phone's link).
   */
  async customerJobs(proof: JobProof, asker: Asker): Promise<CustomerJobsResponse> {
    const found = await this.proven(proof, asker);
    if (!found) return { customer: null, jobs: [], watchKeys: {} };
    const { job, fullView } = found;
    const jobs = fullView && job.phoneE164
      ? await this.jobs().where('job.phoneE164 = :phone', { phone: job.phoneE164 }).limit(CUSTOMER_JOBS_LIMIT).getMany()
      : [job];
    return this.answer({ name: job.customerName, phone: null, email: null }, jobs.map(toPublicJobView));
  }

  /** A signed-in customer's jobs: those the account created while signed in or proved, never by matching a phone or email. */
  async accountJobs(user: UserEntity | null): Promise<CustomerJobsResponse> {
    if (!user) return { customer: null, jobs: [], watchKeys: {} };
    const links = await this.dataSource.getRepository(AccountJobEntity).find({ where: { userId: user.id }, select: { jobId: true } });
    const jobs = links.length
      ? await this.jobs().where({ id: In(links.map((link) => link.jobId)) }).limit(CUSTOMER_JOBS_LIMIT).getMany()
      : [];
    const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
    return this.answer({ name, phone: user.phone, email: user.email }, jobs.map(toPublicJobView));
  }

  /** The job the caller proves, as search() takes the proof, for reads that hang off one job (its invoices); null otherwise. */
  async provenJob(proof: JobProof, asker: Asker): Promise<JobEntity | null> {
    return (await this.proven(proof, asker))?.job ?? null;
  }

  watchKey(jobId: string): string {
    return jobWatchKey(this.environment.sessionSecret, jobId);
  }

  private answer(customer: CustomerJobsResponse['customer'], jobs: PublicJob[]): CustomerJobsResponse {
    return { customer, jobs, watchKeys: Object.fromEntries(jobs.map((job) => [job.id, this.watchKey(job.id)])) };
  }

  /**
   * The job the caller proved, or null. A visitor's failed proof counts against the visitor
   * (PROOF_ATTEMPTS) whether or not the job exists, so the two cannot be told apart; the
   * tracking token, which cannot be guessed, opens the job even while the visitor's tries are spent.
   */
  private async proven(proof: JobProof, { user, client, response }: Asker): Promise<{ job: JobEntity; fullView: boolean } | null> {
    const id = proof.query.trim().toUpperCase();
    if (!JOB_ID.test(id)) throw fieldError(400, 'query', 'Enter your job ID, e.g. JOB-2025-123');
    const token = givenText(proof.token);
    const last4 = givenText(proof.last4);
    if (last4 !== undefined && !LAST4_PATTERN.test(last4)) throw fieldError(400, 'last4', LAST4_MESSAGE);

    const job = await findJobWithToken(this.dataSource, id);
    if (job && (user?.role === 'admin' || (user && (await this.isLinked(user.id, job.id))))) return { job, fullView: true };
    if (job && sameSecret(token, job.trackingToken)) return { job, fullView: true };
    if (token === undefined && last4 === undefined) throw fieldError(400, 'last4', LAST4_MESSAGE);
    // Counted before the digits are compared, so guesses sent in parallel cannot all slip past
    // one count. The right digits give their try back.
    await this.limiters.consume(PROOF_ATTEMPTS, client, response, (seconds) => `Too many tries. Please try again in ${Math.ceil(seconds / 60)} minutes or call us.`);
    if (job && last4 !== undefined && lastFourDigits(job.phone) === last4) {
      await this.limiters.giveBack(PROOF_ATTEMPTS, client);
      return { job, fullView: false };
    }
    return null;
  }

  private isLinked(userId: number, jobId: string): Promise<boolean> {
    return this.dataSource.getRepository(AccountJobEntity).existsBy({ userId, jobId });
  }

  private jobs(): SelectQueryBuilder<JobEntity> {
    return this.dataSource.getRepository(JobEntity).createQueryBuilder('job').orderBy('job.createdAt', 'DESC');
  }
}
