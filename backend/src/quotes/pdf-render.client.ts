import { Inject, Injectable, type OnApplicationShutdown, type ServiceUnavailableException } from '@nestjs/common';
import { Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import { type PdfRenderRequest, type PdfRenderResult, QUEUES } from '@towing/contracts';
import { createConsumerConnection, ENVIRONMENT, type Environment } from '@towing/platform';
import { httpError } from '../common/errors.js';
import { REDIS_PRODUCER } from '../redis/redis.module.js';

/** How long a download waits for the worker before saying so. */
const RENDER_TIMEOUT_MS = 30_000;

/**
 * Asks the worker for a PDF and waits for the bytes: the API never launches a browser.
 * A request is a job on the pdf-render queue; its result (base64) comes back through
 * BullMQ's queue events.
 */
@Injectable()
export class PdfRenderClient implements OnApplicationShutdown {
  private readonly queue: Queue<PdfRenderRequest, PdfRenderResult>;
  private events?: Promise<QueueEvents>;
  private eventsConnection?: Redis;

  constructor(
    @Inject(REDIS_PRODUCER) redis: Redis,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {
    this.queue = new Queue(QUEUES.pdfRender, {
      connection: redis,
      prefix: environment.redisPrefix,
      defaultJobOptions: { attempts: 1, removeOnComplete: { age: 60 }, removeOnFail: { age: 3600 } },
    });
    this.queue.on('error', () => undefined);
  }

  async render(request: PdfRenderRequest): Promise<{ bytes: Buffer; filename: string }> {
    const events = await this.queueEvents();
    let job;
    try {
      job = await this.queue.add(request.kind, request);
    } catch {
      throw unavailable();
    }
    try {
      const result = await job.waitUntilFinished(events, RENDER_TIMEOUT_MS);
      return { bytes: Buffer.from(result.base64, 'base64'), filename: result.filename };
    } catch {
      throw unavailable();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await (await this.events)?.close();
    this.eventsConnection?.disconnect();
    await this.queue.close();
  }

  /** Opened on first use: an API that never serves a PDF holds no extra Redis connection. */
  private queueEvents(): Promise<QueueEvents> {
    this.events ??= (async () => {
      this.eventsConnection = createConsumerConnection(this.environment.redisUrl);
      const events = new QueueEvents(QUEUES.pdfRender, { connection: this.eventsConnection, prefix: this.environment.redisPrefix });
      events.on('error', () => undefined);
      await events.waitUntilReady();
      return events;
    })();
    return this.events;
  }
}

function unavailable(): ServiceUnavailableException {
  return httpError(503, 'The PDF could not be made right now. Please try again in a minute.');
}
