import type { NestExpressApplication } from '@nestjs/platform-express';
import { ApiMetrics } from '../metrics/api-metrics.js';
import { QUEUE_BOARD_PATH, QueueBoard } from './queue-board.js';

/** GET /metrics (allowed scrapers only) and Bull Board (admins only), before the frontend's pages. */
export function serveOperations(app: NestExpressApplication): void {
  app.use('/metrics', app.get(ApiMetrics).serve());
  app.use(QUEUE_BOARD_PATH, ...app.get(QueueBoard).handlers());
}
