import 'reflect-metadata';
import type { INestApplicationContext, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Environment } from '@towing/platform';
import { WorkerModule } from './worker.module.js';

/** The worker: a Nest application context with no HTTP, consuming the domain-events queue. */
export function createWorkerApplication(
  environment: Environment,
  logger: LogLevel[] | false = ['log', 'warn', 'error'],
): Promise<INestApplicationContext> {
  return NestFactory.createApplicationContext(WorkerModule.forRoot(environment), { logger });
}
