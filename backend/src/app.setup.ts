import 'reflect-metadata';
import { join } from 'node:path';
import type { LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { routePath, TWILIO_WEBHOOK_PREFIXES } from '@towing/contracts';
import { urlencoded } from 'express';
import { createLogger, type Environment, packageDirectory, PinoNestLogger, pinoLevel, SHUTDOWN_WRITES_LOGS } from '@towing/platform';
import { AppModule } from './app.module.js';
import { refuseCrossSiteWrites } from './common/cross-site-writes.js';
import { refuseHostileInput } from './common/hostile-input.js';
import { twilioFormBody } from './common/twilio-signature.js';
import { AdmissionLimit, shedBeforeTheFramework } from './common/load-shedding.js';
import { securityHeaders } from './common/security-headers.js';
import { serveOpenApi } from './common/openapi.js';
import { createValidationPipe } from './common/validation.js';
import { RedisIoAdapter } from './realtime/redis-io.adapter.js';
import { compressAnswers } from './web/compress-answers.js';
import { keepRequestTrace, logRequests } from './logging/request-logging.js';
import { serveOperations } from './system/serve-operations.js';
import { ApiMetrics } from './metrics/api-metrics.js';
import { serveFrontend } from './web/serve-frontend.js';

/** The frontend's build. */
const FRONTEND_DIST = join(packageDirectory('@towing/frontend'), 'dist');
/**
 * How long an idle keep-alive connection stays open: longer than the proxy in front keeps its
 * own (Caddy's default is 2 minutes) and than a client's reuse window, so the API never closes
 * a connection a request is already on its way down (the client would read "other side closed"
 * and the proxy answer 502). Node's default is 5 s.
 */
const KEEP_ALIVE_MS = 125_000;
const JSON_BODY_LIMIT = '100kb';
/** How long a starting instance waits for its cross-instance socket channel; Redis away holds it no longer. */
const SUBSCRIBED_WAIT_MS = 3000;
/** The SOS form's five short fields, posted natively. */
const SOS_FORM_LIMIT = '16kb';

export interface ApiOptions {
  logger?: LogLevel[] | false;
}

/** The whole API: REST under /api, Socket.IO at /socket.io, the built frontend everywhere else. */
export async function createApiApplication(
  environment: Environment,
  options: ApiOptions = {},
): Promise<NestExpressApplication> {
  const level = options.logger === undefined ? environment.logging.level : pinoLevel(options.logger);
  const logger = createLogger('api', { ...environment.logging, level });
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(environment), {
    bodyParser: false,
    // Stripe's webhook signature covers the exact bytes sent: keep them beside the parsed JSON.
    rawBody: true,
    logger: new PinoNestLogger(logger),
  });
  // Before anything reads the request: limits and cookies key on the real client.
  app.set('trust proxy', environment.trustProxy);
  const server = app.getHttpServer();
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  const admission = new AdmissionLimit(environment.shedding, (refused, limit) =>
    logger.warn({ refused, limit }, `Refused ${refused} request(s) as busy (503) since the last report; ${limit} admitted at once now`),
  );
  server.once('close', () => admission.stop());
  const metrics = app.get(ApiMetrics);
  shedBeforeTheFramework(server, admission, metrics.countShed);
  app.use(logRequests(logger), metrics.measureRequests());
  app.use(...securityHeaders(environment.publicUrl, environment.mapTileUrl, environment.reverseGeocodeUrl), refuseCrossSiteWrites(environment.publicUrl));
  compressAnswers(app);
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT });
  app.use([...TWILIO_WEBHOOK_PREFIXES], twilioFormBody);
  app.use(routePath('POST /api/sos/form'), urlencoded({ extended: false, limit: SOS_FORM_LIMIT, parameterLimit: 20 }));
  app.use(keepRequestTrace);
  app.use(refuseHostileInput);
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  serveOpenApi(app, environment);
  const sockets = new RedisIoAdapter(app, environment.redisUrl, environment.redisPrefix, environment.socketsPerAddress);
  app.useWebSocketAdapter(sockets);
  app.disable('x-powered-by');
  app.enableShutdownHooks(undefined, SHUTDOWN_WRITES_LOGS);
  serveOperations(app);
  serveFrontend(app, FRONTEND_DIST);
  // Initialised here (listen then only listens), so the instance answers nobody before its
  // socket server hears the other instances and the worker.
  try {
    await app.init();
    await sockets.subscribed(SUBSCRIBED_WAIT_MS);
  } catch (error) {
    // What init opened (pools, Redis connections, timers) would keep a process that goes on alive: a test's, say.
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}
