import { STATUS_CODES } from 'node:http';
import {
  BadGatewayException,
  BadRequestException,
  ConflictException,
  ForbiddenException,
  HttpException,
  NotFoundException,
  PayloadTooLargeException,
  ServiceUnavailableException,
  UnauthorizedException,
  UnprocessableEntityException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import type { Response } from 'express';
import type { ApiError, FieldError } from '@towing/contracts';

/**
 * The one place an error body is built and the one module services throw from. Each status
 * maps to Nest's own exception class, so code that catches one (the photo upload's limits,
 * sign-in's failure count) still recognises it.
 */
const EXCEPTIONS = {
  400: BadRequestException,
  401: UnauthorizedException,
  403: ForbiddenException,
  404: NotFoundException,
  409: ConflictException,
  413: PayloadTooLargeException,
  415: UnsupportedMediaTypeException,
  422: UnprocessableEntityException,
  429: HttpException,
  502: BadGatewayException,
  503: ServiceUnavailableException,
} as const;

export type ErrorStatus = keyof typeof EXCEPTIONS;
type ExceptionOf<S extends ErrorStatus> = S extends 429 ? HttpException : InstanceType<(typeof EXCEPTIONS)[S]>;

/** The one error shape: Node's name for the status; `errors` lists the fields at fault (empty when none is). */
export function apiError(statusCode: number, message: string | string[], errors: FieldError[] = []): ApiError {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, errors };
}

function exception<S extends ErrorStatus>(statusCode: S, body: ApiError): ExceptionOf<S> {
  const Exception = EXCEPTIONS[statusCode];
  return (Exception === HttpException ? new HttpException(body, statusCode) : new (Exception as typeof BadRequestException)(body)) as ExceptionOf<S>;
}

/** A refusal that is not about one field: a missing record, a state that forbids the change, a busy dependency. */
export function httpError<S extends ErrorStatus>(statusCode: S, message: string): ExceptionOf<S> {
  return exception(statusCode, apiError(statusCode, message));
}

export const notFound = (message: string): NotFoundException => httpError(404, message);
export const conflict = (message: string): ConflictException => httpError(409, message);
export const unauthorized = (message: string): UnauthorizedException => httpError(401, message);
export const forbidden = (message: string): ForbiddenException => httpError(403, message);
export const unavailable = (message: string): ServiceUnavailableException => httpError(503, message);
export const badGateway = (message: string): BadGatewayException => httpError(502, message);

/**
 * A request refused because of one field: the message, and the same message on that field,
 * which the forms show next to it.
 */
export function fieldError<S extends ErrorStatus>(statusCode: S, field: string, message: string): ExceptionOf<S> {
  return exception(statusCode, apiError(statusCode, message, [{ field, message }]));
}

/** A 400 listing every field at fault, each as "field: reason" in the message too. */
export function invalidFields(errors: FieldError[]): BadRequestException {
  return exception(400, apiError(400, errors.map((error) => `${error.field}: ${error.message}`), errors));
}

/** A 429 with Retry-After in whole seconds (at least 1). */
export function tooManyRequests(response: Response, msBeforeNext: number, message: (seconds: number) => string): HttpException {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  response.setHeader('Retry-After', String(seconds));
  return httpError(429, message(seconds));
}
