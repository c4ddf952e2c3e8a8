import 'reflect-metadata';
import type { INestApplicationContext, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createLogger, type Environment, PinoNestLogger, pinoLevel } from '@towing/platform';
import { WorkerModule } from './worker.module.js';

/**
 * The worker: a Nest application context consuming the queues, logging JSON lines through pino
 * (LOG_FORMAT, LOG_LEVEL; `logger` lets a test ask for fewer).
 */
export function createWorkerApplication(environment: Environment, logger?: LogLevel[] | false): Promise<INestApplicationContext> {
  const level = logger === undefined ? environment.logging.level : pinoLevel(logger);
  return NestFactory.createApplicationContext(WorkerModule.forRoot(environment), {
    logger: new PinoNestLogger(createLogger('worker', { ...environment.logging, level })),
  });
}
