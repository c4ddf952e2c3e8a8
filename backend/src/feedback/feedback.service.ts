import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { Feedback } from '@towing/contracts';
import { isUniqueViolation } from '../database/pg-errors.js';
import { JobEntity } from '../jobs/job.entity.js';
import { TransactionRunner } from '../outbox/transaction.runner.js';
import type { CreateFeedbackDto } from './dto/create-feedback.dto.js';
import { FeedbackEntity } from './feedback.entity.js';

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

  /** A completed job is rated once; the worker forwards the rating to the office. */
  async submit(dto: CreateFeedbackDto): Promise<Feedback> {
    try {
      return await this.transactions.run(async (unit) => {
        const job = await unit.manager.getRepository(JobEntity).findOneBy({ id: dto.jobId.trim().toUpperCase() });
        if (!job) throw new NotFoundException('Job not found');
        if (job.status !== 'Completed') throw new ConflictException('Only a completed job can be rated');
        const repository = unit.manager.getRepository(FeedbackEntity);
        if (await repository.existsBy({ jobId: job.id })) throw new ConflictException(ALREADY_RATED);
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
      if (isUniqueViolation(error)) throw new ConflictException(ALREADY_RATED);
      throw error;
    }
  }
}
