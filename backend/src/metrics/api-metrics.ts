import { Inject, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { ROOMS } from '@towing/contracts';
import { ENVIRONMENT, type Environment, EVENT_LOOP_SAMPLE_MS, metricsAccess } from '@towing/platform';
import { fieldError, httpError } from '../common/errors.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';

/** Requests that matched no route share one label, so a scan of random paths adds no series. */
const UNMATCHED = 'unmatched';

/** A refusal's reason without its figures ("Daily limit of 300 texts reached" and "... of 20 ..." are one reason). */
const REASON_SQL = `regexp_replace(split_part(coalesce(error, ''), ':', 1), '[0-9]+', 'N', 'g')`;

/**
 * The API's Prometheus metrics, in a registry of its own (one per application, so tests may
 * start several in one process): request durations by route template, and on each scrape the
 * outbox backlog, the messages log by channel and outcome, and this instance's sockets.
 */
@Injectable()
export class ApiMetrics {
  readonly registry = new Registry();
  private readonly requestSeconds: Histogram<'method' | 'route' | 'status_code'>;
  private readonly shed: Counter;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly moduleRef: ModuleRef,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
    this.requestSeconds = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests answered, by method, route template and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.shed = new Counter({
      name: 'http_requests_shed_total',
      help: 'Requests refused as busy (503 + Retry-After) before any work; not in http_request_duration_seconds',
      registers,
    });
    const outboxQuery = () =>
      this.dataSource.query<Array<{ count: string; oldest: number | null }>>(
        `SELECT count(*) AS count, extract(epoch FROM now() - min(created_at))::float8 AS oldest FROM outbox WHERE published_at IS NULL`,
      );
    new Gauge({
      name: 'towing_outbox_unpublished_events',
      help: 'Outbox rows not yet published to the domain-events queue',
      registers,
      async collect() {
        const [row] = await outboxQuery();
        this.set(Number(row?.count ?? 0));
      },
    });
    new Gauge({
      name: 'towing_outbox_oldest_unpublished_age_seconds',
      help: 'Age of the oldest outbox row not yet published (0 when none)',
      registers,
      async collect() {
        const [row] = await outboxQuery();
        this.set(row?.oldest ?? 0);
      },
    });
    const database = this.dataSource;
    new Gauge({
      name: 'towing_notifications',
      help: 'Texts and emails in the messages log, by channel and status (sent, refused, failed, delivered, ...)',
      labelNames: ['channel', 'status'],
      registers,
      async collect() {
        const rows = await database.query<Array<{ type: string; status: string; count: string }>>(
          'SELECT type, status, count(*) AS count FROM notifications GROUP BY type, status',
        );
        this.reset();
        for (const row of rows) this.set({ channel: row.type, status: row.status }, Number(row.count));
      },
    });
    new Gauge({
      name: 'towing_notifications_refused',
      help: 'Texts and emails deliberately not sent, by channel and reason',
      labelNames: ['channel', 'reason'],
      registers,
      async collect() {
        const rows = await database.query<Array<{ type: string; reason: string; count: string }>>(
          `SELECT type, ${REASON_SQL} AS reason, count(*) AS count FROM notifications WHERE status = 'refused' GROUP BY 1, 2`,
        );
        this.reset();
        for (const row of rows) this.set({ channel: row.type, reason: row.reason.slice(0, 80) }, Number(row.count));
      },
    });
    new Gauge({
      name: 'towing_sms_delivery',
      help: "Texts by what Twilio's status callbacks last said of them (queued, sent, delivered, undelivered, failed)",
      labelNames: ['status'],
      registers,
      async collect() {
        const rows = await database.query<Array<{ status: string; count: string }>>(
          "SELECT delivery_status AS status, count(*) AS count FROM notifications WHERE type = 'sms' AND delivery_status IS NOT NULL GROUP BY 1",
        );
        this.reset();
        for (const row of rows) this.set({ status: row.status }, Number(row.count));
      },
    });
    const sockets = () => this.moduleRef.get(RealtimeGateway, { strict: false }).server?.of('/');
    new Gauge({
      name: 'towing_socketio_connections',
      help: 'Socket.IO connections open at this API instance, by kind (admin board or public page)',
      labelNames: ['kind'],
      registers,
      collect() {
        const namespace = sockets();
        const all = namespace?.sockets.size ?? 0;
        const admins = namespace?.adapter.rooms.get(ROOMS.admins)?.size ?? 0;
        this.set({ kind: 'admin' }, admins);
        this.set({ kind: 'public' }, all - admins);
      },
    });
  }

  /** Counts a request refused as busy. */
  readonly countShed = (): void => this.shed.inc();

  /** Times every request, labelled once it is answered with the route template it matched. */
  measureRequests(): RequestHandler {
    return (request: Request, response: Response, next: NextFunction) => {
      const end = this.requestSeconds.startTimer();
      response.once('finish', () => {
        const route = request.route ? `${request.baseUrl}${String(request.route.path)}` : UNMATCHED;
        end({ method: request.method, route, status_code: response.statusCode });
      });
      next();
    };
  }

  /** GET /metrics: the text for allowed scrapers, 403 for a wrong token, 404 for everyone else. */
  serve(): RequestHandler {
    const verdict = metricsAccess(this.environment.metrics);
    return (request: Request, response: Response, next: NextFunction) => {
      if (request.method !== 'GET') return next();
      const answer = verdict(request.ip, request.headers.authorization);
      if (answer === 'forbidden') return next(fieldError(403, 'Authorization', 'This token may not read the metrics'));
      if (answer === 'hidden') return next(httpError(404, 'Not found'));
      this.registry
        .metrics()
        .then((text) => response.type(this.registry.contentType).send(text))
        .catch(next);
    };
  }
}
