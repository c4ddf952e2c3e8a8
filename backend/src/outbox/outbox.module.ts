import { Global, Module } from '@nestjs/common';
import { DomainEventsQueue } from './domain-events.queue.js';
import { OutboxRelay } from './outbox.relay.js';
import { TransactionRunner } from './transaction.runner.js';

@Global()
@Module({
  providers: [DomainEventsQueue, OutboxRelay, TransactionRunner],
  exports: [TransactionRunner, OutboxRelay],
})
export class OutboxModule {}
