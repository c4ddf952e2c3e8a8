import { timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type SelectQueryBuilder } from 'typeorm';
import type { CustomerJobsResponse, JobSearchResponse } from '@towing/contracts';
import type { UserEntity } from '../auth/user.entity.js';
import { JobEntity } from './job.entity.js';
import { toJobView, toPublicJobView } from './job.view.js';

/** How many jobs one customer lookup lists at most. */
const CUSTOMER_JOBS_LIMIT = 100;

/** Phone numbers are typed many ways ("0412 345 678", "+61412345678"); compare the local digits. */
const JOB_PHONE_DIGITS = `regexp_replace(regexp_replace(job.phone, '[^0-9]', '', 'g'), '^61([0-9]{9})$', '0\\1')`;

export function phoneDigits(value: string): string | null {
  if (!/^[\d\s()+.-]+$/.test(value)) return null;
  const digits = value.replace(/\D/g, '');
  const local = /^61\d{9}$/.test(digits) ? `0${digits.slice(2)}` : digits;
  return local.length >= 8 ? local : null;
}

function sameSecret(given: string, actual: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(actual);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The customer screens' reads. Anyone gets only the public view; the full view needs the
 * tracking token of that one job, so knowing a name or a number never reveals contact details.
 */
@Injectable()
export class JobLookupService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** One job by id, phone or name (newest first), as the portal shows it. */
  async search(query: string, token?: string): Promise<JobSearchResponse> {
    const byId = await this.jobs()
      .addSelect('job.trackingToken')
      .where('job.id = :id', { id: query.toUpperCase() })
      .getOne();
    if (byId) return { job: token && sameSecret(token, byId.trackingToken) ? toJobView(byId) : toPublicJobView(byId) };

    const digits = phoneDigits(query);
    const found = digits
      ? await this.jobs().where(`${JOB_PHONE_DIGITS} = :digits`, { digits }).getOne()
      : await this.jobs().where('lower(job.customerName) = lower(:name)', { name: query }).getOne();
    return { job: found ? toPublicJobView(found) : null };
  }

  /** The dashboard's lookup: every job under the phone number given, or under the phone of the job id given. */
  async customerJobs(query: string): Promise<CustomerJobsResponse> {
    const typedDigits = phoneDigits(query);
    let digits = typedDigits;
    if (!digits) {
      const job = await this.dataSource.getRepository(JobEntity).findOneBy({ id: query.toUpperCase() });
      if (!job) return { customer: null, jobs: [] };
      digits = phoneDigits(job.phone);
      if (!digits) return { customer: { name: job.customerName, phone: null, email: null }, jobs: [toPublicJobView(job)] };
    }
    const jobs = await this.jobs().where(`${JOB_PHONE_DIGITS} = :digits`, { digits }).limit(CUSTOMER_JOBS_LIMIT).getMany();
    if (jobs.length === 0) return { customer: null, jobs: [] };
    return {
      // Echo the number only when the caller typed it: a job id alone must not reveal whose phone it is.
      customer: { name: jobs[0].customerName, phone: typedDigits ? query : null, email: null },
      jobs: jobs.map(toPublicJobView),
    };
  }

  /** A signed-in customer's jobs, linked to the account by its phone number or email address. */
  async accountJobs(user: UserEntity): Promise<CustomerJobsResponse> {
    const digits = user.phone ? phoneDigits(user.phone) : null;
    const query = this.jobs().where('lower(job.email) = lower(:email)', { email: user.email });
    if (digits) query.orWhere(`${JOB_PHONE_DIGITS} = :digits`, { digits });
    const jobs = await query.limit(CUSTOMER_JOBS_LIMIT).getMany();
    const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
    return { customer: { name, phone: user.phone, email: user.email }, jobs: jobs.map(toPublicJobView) };
  }

  private jobs(): SelectQueryBuilder<JobEntity> {
    return this.dataSource.getRepository(JobEntity).createQueryBuilder('job').orderBy('job.createdAt', 'DESC');
  }
}
