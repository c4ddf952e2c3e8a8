import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { AppModule } from './app.module.js';
import { createValidationPipe } from './common/validation.js';
import type { Environment } from './config/environment.js';
import { RedisIoAdapter } from './realtime/redis-io.adapter.js';

const FRONTEND_DIST = fileURLToPath(new URL('../../frontend/dist', import.meta.url));
const JSON_BODY_LIMIT = '100kb';

export interface ApiOptions {
  logger?: LogLevel[] | false;
}

/** The whole API: REST under /api, Socket.IO at /socket.io, the built frontend everywhere else. */
export async function createApiApplication(
  environment: Environment,
  options: ApiOptions = {},
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(environment), {
    bodyParser: false,
    logger: options.logger ?? ['log', 'warn', 'error'],
  });
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT });
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  app.useWebSocketAdapter(new RedisIoAdapter(app, environment.redisUrl, environment.redisPrefix));
  app.set('trust proxy', 'loopback');
  app.disable('x-powered-by');
  app.enableShutdownHooks();
  serveFrontend(app);
  return app;
}

function serveFrontend(app: NestExpressApplication): void {
  if (!existsSync(FRONTEND_DIST)) return;
  app.useStaticAssets(FRONTEND_DIST, { index: false, maxAge: '1h' });
  // Client-side routes: any other GET that is not the API or Socket.IO gets the app shell.
  app.use((request: Request, response: Response, next: NextFunction) => {
    const isAppRoute =
      request.method === 'GET' && !request.path.startsWith('/api') && !request.path.startsWith('/socket.io');
    if (!isAppRoute) return next();
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile('index.html', { root: FRONTEND_DIST });
  });
}
