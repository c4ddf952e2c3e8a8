import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { REQUEST_ID_PATTERN, withTrace } from '@towing/platform';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** The caller's X-Request-Id when it is short and plain, else one made here. */
function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
}

/**
 * First of all middleware: every request gets its id (echoed in X-Request-Id) and one JSON line
 * when it is answered (method, path, status, time); nothing else of the request is logged (no
 * cookies, no bodies). Whatever runs for it is inside its trace.
 */
export function logRequests(logger: Logger): RequestHandler {
  const http = pinoHttp({
    logger,
    genReqId: (request: IncomingMessage, response: ServerResponse) => {
      const id = requestIdOf(request);
      response.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    serializers: {
      req: (request: { id: unknown; method: string; url: string }) => ({ id: request.id, method: request.method, url: request.url.split('?')[0] }),
      res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
    },
    customLogLevel: (_request, response, error) => (error || response.statusCode >= 500 ? 'error' : 'info'),
    // A 5xx is logged with its status. What caused it is logged where it was caught (ApiExceptionFilter);
    // the Error pino-http makes up for the status alone would add only a stack of its own internals.
    customErrorObject: (_request, response, error, loggable: Record<string, unknown>) =>
      error.message === `failed with status code ${response.statusCode}` ? { ...loggable, err: undefined } : loggable,
  });
  return (request: Request, response: Response, next: NextFunction) => {
    http(request, response);
    withTrace({ requestId: String(request.id) }, next);
  };
}

/**
 * Enters the request's trace again once its body is read: a body parser resumes the request
 * from the socket's events, outside the trace entered before it.
 */
export function keepRequestTrace(request: Request, _response: Response, next: NextFunction): void {
  withTrace({ requestId: String(request.id) }, next);
}
