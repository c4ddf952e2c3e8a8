import type { NextFunction, Request, Response } from 'express';
import type { FieldError } from '@towing/contracts';
import { invalidFields } from './errors.js';
import { UNKNOWN_FIELD } from './validation.js';

/** Far deeper than any request of ours (the quote form's items are three levels). */
export const MAX_JSON_DEPTH = 32;
const NUL_MESSAGE = 'must not contain a NUL character';
const DEPTH_MESSAGE = `is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;

/**
 * Keys that class-transformer drops without a word before the validator could call them
 * unknown (it will not write them onto an instance); refused here like any other unknown field.
 */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor']);

/**
 * The first problem in a parsed JSON body, found without recursion (a 5,000-deep body would
 * overflow the stack of anything recursive, including the validator): a NUL character, which
 * PostgreSQL cannot store, nesting deeper than MAX_JSON_DEPTH, or a prototype key. Names the field.
 */
export function bodyProblem(body: unknown): FieldError | null {
  const pending: Array<{ value: unknown; path: string; depth: number }> = [{ value: body, path: '', depth: 0 }];
  while (pending.length > 0) {
    const { value, path, depth } = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { field: path || 'body', message: NUL_MESSAGE };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_JSON_DEPTH) return { field: Array.isArray(body) ? 'body' : path.split('.')[0] || 'body', message: DEPTH_MESSAGE };
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\u0000')) return { field: path || 'body', message: NUL_MESSAGE };
      const field = path ? `${path}.${key}` : key;
      if (PROTOTYPE_KEYS.has(key)) return { field, message: UNKNOWN_FIELD };
      pending.push({ value: child, path: field, depth: depth + 1 });
    }
  }
  return null;
}

/** The first NUL in the URL (in the path, or in a query parameter, named), or a query parameter named like a prototype key. */
export function urlProblem(originalUrl: string): FieldError | null {
  const [path = '', query = ''] = originalUrl.split(/\?(.*)/s);
  if (/%00|\u0000/i.test(path)) return { field: 'path', message: NUL_MESSAGE };
  for (const name of new URLSearchParams(query).keys()) {
    if (name.split(/[[\].]/).some((part) => PROTOTYPE_KEYS.has(part))) return { field: name, message: UNKNOWN_FIELD };
  }
  if (!/%00|\u0000/i.test(query)) return null;
  for (const [name, value] of new URLSearchParams(query)) {
    if (value.includes('\u0000') || name.includes('\u0000')) return { field: name.replace(/\u0000/g, '') || 'query', message: NUL_MESSAGE };
  }
  return { field: 'query', message: NUL_MESSAGE };
}

/** Refuses hostile input with a 400 naming the field before any validation or database work. */
export function refuseHostileInput(request: Request, _response: Response, next: NextFunction): void {
  const problem = urlProblem(request.originalUrl) ?? bodyProblem(request.body);
  next(problem ? invalidFields([problem]) : undefined);
}
