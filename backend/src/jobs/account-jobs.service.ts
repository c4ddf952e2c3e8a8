import { createHmac, randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource, IsNull, MoreThan } from 'typeorm';
import { CLAIM_CODE_TTL_MINUTES, type ClaimCodeSent, type CustomerJobsResponse } from '@towing/contracts';
import { AccountJobEntity, type AccountJobProof, ClaimCodeEntity, findJobWithToken, JobEntity, type UserEntity } from '@towing/db';
import { ENVIRONMENT, type Environment } from '@towing/platform';
import { fieldError } from '../common/errors.js';
import { sameSecret } from '../common/same-secret.js';
import { TransactionRunner, type UnitOfWork } from '../outbox/transaction.runner.js';
import { RateLimiters } from '../rate-limit/rate-limiters.js';
import { JobLookupService } from './job-lookup.service.js';

/** Wrong codes one code takes before it is spent. */
export const CLAIM_CODE_ATTEMPTS = 5;
/** Codes one job's phone receives per hour, whoever asks: texts cost money and annoy. */
const CODES_PER_JOB = { name: 'claim-code-job', points: 3, windowSeconds: 3600 };
/** Codes one account may ask for per day, for any jobs. */
const CODES_PER_ACCOUNT = { name: 'claim-code-account', points: 10, windowSeconds: 24 * 3600 };

const NOT_MATCHED = 'That code is not right or has expired. Ask for a new one.';
const TOKEN_NOT_MATCHED = 'That link does not match the job. Use the tracking link from our text message.';

/** Links jobs to accounts: created while signed in, or proved with the tracking token or a code texted to the job's phone. */
@Injectable()
export class AccountJobsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
    private readonly limiters: RateLimiters,
    private readonly lookup: JobLookupService,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  /** Inside the transaction that creates the job: the account that sent it sees it from now on. */
  async linkInUnit(unit: UnitOfWork, userId: number, jobId: string, proof: AccountJobProof): Promise<void> {
    await unit.manager.createQueryBuilder().insert().into(AccountJobEntity).values({ userId, jobId, proof }).orIgnore().execute();
  }

  async claimWithToken(user: UserEntity, jobId: string, token: string): Promise<CustomerJobsResponse> {
    const job = await findJobWithToken(this.dataSource, jobId.trim().toUpperCase());
    if (!job || !sameSecret(token.trim(), job.trackingToken)) throw fieldError(400, 'token', TOKEN_NOT_MATCHED);
    await this.transactions.run((unit) => this.linkInUnit(unit, user.id, job.id, 'token'));
    return this.lookup.accountJobs(user);
  }

  /** Texts a fresh code to the job's phone (through the outbox and the worker's SMS policy). */
  async sendCode(user: UserEntity, jobId: string, response: Response): Promise<ClaimCodeSent> {
    const id = jobId.trim().toUpperCase();
    await this.limiters.consume(CODES_PER_ACCOUNT, String(user.id), response);
    await this.limiters.consume(CODES_PER_JOB, id, response);
    const expiresAt = new Date(Date.now() + CLAIM_CODE_TTL_MINUTES * 60_000);
    const job = await this.dataSource.getRepository(JobEntity).findOneBy({ id });
    if (job?.phoneE164) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await this.transactions.run(async (unit) => {
        const codes = unit.manager.getRepository(ClaimCodeEntity);
        await codes.update({ userId: user.id, jobId: id, usedAt: IsNull() }, { usedAt: new Date() });
        const saved = await codes.save(codes.create({ userId: user.id, jobId: id, codeHash: this.hash(user.id, id, code), expiresAt }));
        await unit.record('claimCode.issued', { claimCodeId: saved.id, jobId: id, code });
      });
    }
    return { expiresAt: expiresAt.toISOString() };
  }

  async verifyCode(user: UserEntity, jobId: string, code: string): Promise<CustomerJobsResponse> {
    const id = jobId.trim().toUpperCase();
    const linked = await this.transactions.run(async (unit) => {
      const codes = unit.manager.getRepository(ClaimCodeEntity);
      const current = await codes.findOne({
        where: { userId: user.id, jobId: id, usedAt: IsNull(), expiresAt: MoreThan(new Date()) },
        order: { id: 'DESC' },
        lock: { mode: 'pessimistic_write' },
      });
      if (!current) return false;
      if (!sameSecret(this.hash(user.id, id, code.trim()), current.codeHash)) {
        current.attempts += 1;
        if (current.attempts >= CLAIM_CODE_ATTEMPTS) current.usedAt = new Date();
        await codes.save(current);
        return false;
      }
      current.usedAt = new Date();
      await codes.save(current);
      await this.linkInUnit(unit, user.id, id, 'code');
      return true;
    });
    if (!linked) throw fieldError(400, 'code', NOT_MATCHED);
    return this.lookup.accountJobs(user);
  }

  private hash(userId: number, jobId: string, code: string): string {
    return createHmac('sha256', this.environment.sessionSecret).update(`claim:${userId}:${jobId}:${code}`).digest('hex');
  }
}
