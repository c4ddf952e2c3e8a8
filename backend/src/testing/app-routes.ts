import type { INestApplication } from '@nestjs/common';
import { OPENAPI_PATH } from '../common/openapi.js';

interface ExpressLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

/**
 * What Express actually routes under /api, as 'METHOD /path' with Express's :params; the
 * OpenAPI document and Swagger UI, public by design, are not routes of the API itself.
 */
export function expressRoutes(app: INestApplication): string[] {
  const stack = (app.getHttpAdapter().getInstance() as { router: { stack: ExpressLayer[] } }).router.stack;
  return stack
    .filter((layer) => layer.route?.path.startsWith('/api') && !layer.route.path.startsWith(OPENAPI_PATH))
    .flatMap((layer) => Object.keys(layer.route!.methods).map((method) => `${method.toUpperCase()} ${layer.route!.path}`));
}
