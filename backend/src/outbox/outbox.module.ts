import { Global, Module } from '@nestjs/common';
import { QUEUES } from '@towing/contracts';
import { registerQueues } from '@towing/platform';
import { DomainEventsQueue } from './domain-events.queue.js';
import { OutboxRelay } from './outbox.relay.js';
import { TransactionRunner } from './transaction.runner.js';

@Global()
@Module({
  imports: [registerQueues(QUEUES.domainEvents)],
  providers: [DomainEventsQueue, OutboxRelay, TransactionRunner],
  exports: [TransactionRunner, OutboxRelay],
})
export class OutboxModule {}
