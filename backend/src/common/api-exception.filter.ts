import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';
import type { ApiError } from '@towing/contracts';
import { isDatabaseUnavailable } from '@towing/db';
import { apiError } from './errors.js';

/** How long a caller should wait before retrying while the database is away or saturated. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Express's body parser fails before a route runs (an http-errors error, with a `type` unless a
 * decompression stream failed); Nest wraps it as the cause.
 */
interface BodyParserError {
  type?: string;
  status: number;
  expose: boolean;
  message: string;
}

function isBodyParserError(error: unknown): error is BodyParserError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as BodyParserError).status === 'number' &&
    typeof (error as BodyParserError).expose === 'boolean'
  );
}

const BODY_PARSER_MESSAGES: Record<string, string> = {
  'entity.parse.failed': 'body: the request body is not valid JSON',
  'entity.too.large': 'body: the request body is too large',
  'encoding.unsupported': 'body: unsupported content encoding',
  'charset.unsupported': 'body: unsupported charset',
};

/** Turns every failure into the one error shape: {statusCode, error, message, errors[]} (empty when no field is at fault). */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Http');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (isDatabaseUnavailable(exception)) {
      // Answered at once so clients (the SOS page's queue) retry instead of hanging; nothing to log per request.
      response.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      response
        .status(503)
        .json(apiError(503, `We cannot reach our records for a moment. Please try again in ${DATABASE_RETRY_AFTER_SECONDS} seconds, or call us.`));
      return;
    }
    const body = this.toApiError(exception);
    if (body.statusCode >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    response.status(body.statusCode).json(body);
  }

  private toApiError(exception: unknown): ApiError {
    const cause = exception instanceof HttpException ? exception.cause : exception;
    if (isBodyParserError(cause) && cause.status >= 400 && cause.status < 500) {
      const message = (cause.type && BODY_PARSER_MESSAGES[cause.type]) ?? (cause.type ? `body: ${cause.message}` : 'body: the request body could not be decoded');
      return apiError(cause.status, message, [{ field: 'body', message: message.replace(/^body: /, '') }]);
    }
    if (exception instanceof HttpException) {
      const statusCode = exception.getStatus();
      const raw = exception.getResponse();
      // Ours come from ./errors.ts; Nest's own (an unknown route, multer's limits) carry a message and no fields.
      if (typeof raw === 'string') return apiError(statusCode, raw);
      const { message, errors } = raw as Partial<ApiError>;
      return apiError(statusCode, message ?? exception.message, errors ?? []);
    }
    return apiError(500, 'Something went wrong on our side');
  }
}
