import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { QUEUES } from '@towing/contracts';
import { ENVIRONMENT, type Environment, EVENT_LOOP_SAMPLE_MS, metricsAccess } from '@towing/platform';
import { WorkerRedis } from '../notifications/worker-redis.js';

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/**
 * The worker's Prometheus metrics, served at GET /metrics on WORKER_METRICS_PORT to the same
 * scrapers the API admits (METRICS_ALLOW, METRICS_TOKEN): how long an SOS waits for its text to
 * be accepted, PDF render times, and on each scrape every queue's jobs by state.
 */
@Injectable()
export class WorkerMetrics implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WorkerMetrics.name);
  readonly registry = new Registry();
  /** From the SOS request (its job's creation) to the provider accepting the text to the stranded driver. */
  readonly sosDriverSmsSeconds: Histogram;
  readonly pdfRenderSeconds: Histogram<'kind'>;
  private readonly queues: Queue[];
  private server?: Server;

  constructor(
    @Inject(ENVIRONMENT) private readonly environment: Environment,
    redis: WorkerRedis,
  ) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
    this.sosDriverSmsSeconds = new Histogram({
      name: 'towing_sos_driver_sms_seconds',
      help: 'Seconds from an SOS request to the SMS provider accepting the text to the stranded driver',
      buckets: [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300],
      registers,
    });
    this.pdfRenderSeconds = new Histogram({
      name: 'towing_pdf_render_seconds',
      help: 'Seconds to render a quote or invoice PDF, by kind',
      labelNames: ['kind'],
      buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
      registers,
    });
    this.queues = Object.values(QUEUES).map((name) => new Queue(name, { connection: redis.connection, prefix: environment.redisPrefix }));
    const queues = this.queues;
    new Gauge({
      name: 'towing_queue_jobs',
      help: 'Jobs in each queue by state (waiting, active, delayed, failed)',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        const counts = await Promise.all(queues.map((queue) => queue.getJobCounts(...QUEUE_STATES)));
        queues.forEach((queue, index) => {
          for (const state of QUEUE_STATES) this.set({ queue: queue.name, state }, counts[index]?.[state] ?? 0);
        });
      },
    });
  }

  onApplicationBootstrap(): void {
    const verdict = metricsAccess(this.environment.metrics);
    this.server = createServer((request, response) => {
      const path = request.url?.split('?')[0];
      const answer = request.method === 'GET' && path === '/metrics' ? verdict(request.socket.remoteAddress, request.headers.authorization) : 'hidden';
      if (answer !== 'allowed') {
        response.writeHead(answer === 'forbidden' ? 403 : 404).end();
        return;
      }
      this.registry
        .metrics()
        .then((text) => response.writeHead(200, { 'Content-Type': this.registry.contentType }).end(text))
        .catch((error: Error) => response.writeHead(500).end(error.message));
    });
    // A second worker on the same host finds the port taken: it works on without metrics and says so.
    this.server.on('error', (error: Error) => this.logger.error(`Metrics not served: ${error.message}`));
    this.server.listen(this.environment.metrics.workerPort, () => {
      this.logger.log(`Metrics on port ${(this.server!.address() as AddressInfo).port}`);
    });
  }

  async onApplicationShutdown(): Promise<void> {
    this.server?.close();
    await Promise.all(this.queues.map((queue) => queue.close()));
  }
}
