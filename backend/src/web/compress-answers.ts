import compression from 'compression';
import type { NestExpressApplication } from '@nestjs/platform-express';

/** Below this a compressed answer saves less than its headers and the CPU cost. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * Compresses answers made at request time (JSON of the API, /api/docs) with brotli or gzip as
 * the browser asks. Files compressed at build time already carry Content-Encoding and are sent
 * as they are.
 */
export function compressAnswers(app: NestExpressApplication): void {
  app.use(compression({ threshold: COMPRESS_FROM_BYTES }));
}
