import type { EntityManager } from 'typeorm';
import { JobEntity, type QuoteEntity } from '@towing/db';

/**
 * Whether the quote is for work already done: its job (a quote drafted from a completed job) is
 * Completed. Such a quote asks for no deposit; accepting it issues the invoice for the amount due.
 */
export async function workDone(manager: EntityManager, quote: Pick<QuoteEntity, 'jobId'>): Promise<boolean> {
  if (!quote.jobId) return false;
  const job = await manager.getRepository(JobEntity).findOne({ where: { id: quote.jobId }, select: { id: true, status: true } });
  return job?.status === 'Completed';
}
