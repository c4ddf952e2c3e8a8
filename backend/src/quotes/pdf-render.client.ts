import { Inject, Injectable, type OnApplicationShutdown, type ServiceUnavailableException } from '@nestjs/common';
import { QueueEvents } from 'bullmq';
import { type PdfRenderRequest, QUEUES } from '@towing/contracts';
import { consumerConnectionOptions, ENVIRONMENT, type Environment, InjectQueueOf, type QueueOf } from '@towing/platform';
import { httpError } from '../common/errors.js';

/** How long a download waits for the worker before saying so. */
const RENDER_TIMEOUT_MS = 30_000;

/**
 * Asks the worker for a PDF and waits for the bytes: the API never launches a browser.
 * A request is a job on the pdf-render queue; its result (base64) comes back through
 * BullMQ's queue events. Those are ours, not @nestjs/bullmq's QueueEventsListener: that one
 * listens from boot on the queue's own (fail-fast, shared) connection, where queue events need
 * a blocking connection of their own, opened here on first use, so an API that never serves a
 * PDF holds none.
 */
@Injectable()
export class PdfRenderClient implements OnApplicationShutdown {
  private events?: Promise<QueueEvents>;

  constructor(
    @InjectQueueOf(QUEUES.pdfRender) private readonly queue: QueueOf<'pdf-render'>,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {
    queue.on('error', () => undefined);
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
  }

  private queueEvents(): Promise<QueueEvents> {
    this.events ??= (async () => {
      const events = new QueueEvents(QUEUES.pdfRender, { connection: consumerConnectionOptions(this.environment.redisUrl), prefix: this.environment.redisPrefix });
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
