import { Injectable } from '@nestjs/common';
import { FEEDBACK_NOT_YOURS, type Feedback } from '@towing/contracts';
import { AccountJobEntity, FeedbackEntity, findJobWithToken, isUniqueViolation, type UserEntity } from '@towing/db';
import { conflict, fieldError } from '../common/errors.js';
import { sameSecret } from '../common/same-secret.js';
import { TransactionRunner } from '../outbox/transaction.runner.js';
import type { CreateFeedbackDto } from './dto/create-feedback.dto.js';

export function toFeedbackView(feedback: FeedbackEntity): Feedback {
  return {
    id: feedback.id,
    jobId: feedback.jobId,
    rating: feedback.rating,
    serviceQuality: feedback.serviceQuality,
    responseTime: feedback.responseTime,
    communication: feedback.communication,
    value: feedback.value,
    comments: feedback.comments,
    recommend: feedback.recommend,
    improvements: feedback.improvements,
    createdAt: feedback.createdAt.toISOString(),
  };
}

const ALREADY_RATED = 'This job has already been rated. Thank you!';

@Injectable()
export class FeedbackService {
  constructor(private readonly transactions: TransactionRunner) {}

  /**
   * A completed job is rated once, by its customer: whoever holds the tracking token from the
   * Rate link, or the account that created or proved the job. A job that does not exist and
   * one the caller has not proved get the same 404. The worker forwards the rating to the office.
   */
  async submit(dto: CreateFeedbackDto, user: UserEntity | null): Promise<Feedback> {
    try {
      return await this.transactions.run(async (unit) => {
        const job = await findJobWithToken(unit.manager, dto.jobId.trim().toUpperCase());
        const linked = job && user ? await unit.manager.getRepository(AccountJobEntity).existsBy({ userId: user.id, jobId: job.id }) : false;
        if (!job || !(linked || sameSecret(dto.token?.trim(), job.trackingToken))) {
          throw fieldError(404, 'jobId', FEEDBACK_NOT_YOURS);
        }
        if (job.status !== 'Completed') throw conflict('Only a completed job can be rated');
        const repository = unit.manager.getRepository(FeedbackEntity);
        if (await repository.existsBy({ jobId: job.id })) throw conflict(ALREADY_RATED);
        const improvements = dto.improvements?.trim();
        const saved = await repository.save(
          repository.create({
            jobId: job.id,
            rating: dto.rating,
            serviceQuality: dto.serviceQuality,
            responseTime: dto.responseTime,
            communication: dto.communication,
            value: dto.value,
            comments: dto.comments.trim(),
            recommend: dto.recommend,
            improvements: improvements || null,
          }),
        );
        await unit.record('feedback.received', { feedbackId: saved.id });
        return toFeedbackView(saved);
      });
    } catch (error) {
      // Two submissions for one job raced past the check: the unique job_id decides.
      if (isUniqueViolation(error)) throw conflict(ALREADY_RATED);
      throw error;
    }
  }
}
