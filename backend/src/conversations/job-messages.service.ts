import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { isOpenForChanges, type JobMessage, textOrNull } from '@towing/contracts';
import { JobEntity, JobMessageEntity } from '@towing/db';
import { conflict, fieldError } from '../common/errors.js';
import { TransactionRunner, type UnitOfWork } from '../outbox/transaction.runner.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { jobNotFound } from '../jobs/jobs.service.js';

export function toJobMessageView(row: JobMessageEntity): JobMessage {
  return { id: row.id, jobId: row.jobId, direction: row.direction, body: row.body, author: row.author, at: row.createdAt.toISOString() };
}

/**
 * A job's conversation with its customer by text: what they text us joins the job's thread
 * (sms-inbound), the dispatcher answers from the board and the worker texts it to the job's
 * phone through the SMS policy (jobMessage.sent). Every text is pushed to the boards.
 */
@Injectable()
export class JobMessagesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
    private readonly realtime: RealtimeService,
  ) {}

  async list(jobId: string): Promise<JobMessage[]> {
    const id = jobId.toUpperCase();
    if (!(await this.dataSource.getRepository(JobEntity).existsBy({ id }))) throw jobNotFound(jobId);
    const rows = await this.dataSource.getRepository(JobMessageEntity).find({ where: { jobId: id }, order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map(toJobMessageView);
  }

  /** The dispatcher's answer: stored and texted once (the event's notification is keyed by it). */
  send(jobId: string, author: string, text: string): Promise<JobMessage> {
    const body = textOrNull(text);
    if (!body) throw fieldError(400, 'body', 'Please write a message');
    return this.transactions.run(async (unit) => {
      const job = await unit.manager.getRepository(JobEntity).findOneBy({ id: jobId.toUpperCase() });
      if (!job) throw jobNotFound(jobId);
      if (!isOpenForChanges(job.status)) throw conflict(`Job ${job.id} is ${job.status}; its customer is no longer texted from the board`);
      const message = await this.add(unit, job.id, 'outbound', body, author);
      await unit.record('jobMessage.sent', { messageId: message.id });
      return message;
    });
  }

  /** The customer's text, inside the inbound webhook's transaction. */
  receive(unit: UnitOfWork, jobId: string, body: string): Promise<JobMessage> {
    return this.add(unit, jobId, 'inbound', body, null);
  }

  private async add(unit: UnitOfWork, jobId: string, direction: JobMessage['direction'], body: string, author: string | null): Promise<JobMessage> {
    const messages = unit.manager.getRepository(JobMessageEntity);
    const saved = await messages.save(messages.create({ jobId, direction, body, author }));
    const view = toJobMessageView(await messages.findOneByOrFail({ id: saved.id }));
    unit.afterCommit(() => this.realtime.toAdmins('jobMessage:created', view));
    return view;
  }
}
