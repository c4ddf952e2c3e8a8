import type { FormInstance } from 'antd';
import { HttpError } from '../api/client';

/** A message per form field, by the field's name. */
export type FieldErrors = Record<string, string>;

export interface ServerErrors {
  /** The server's message for each field it refused; the first one where it gave several. */
  fields: FieldErrors;
  /** The API's own words: its field messages joined, else its message. Absent when it gave none. */
  message?: string;
}

/**
 * What the API said was wrong with a request (the `ApiError` body). Empty for a failure that is not
 * its answer: no connection, or a proxy's page instead of the API's JSON.
 */
export function serverErrors(error: unknown): ServerErrors {
  const body = error instanceof HttpError ? error.body : null;
  const fields: FieldErrors = {};
  for (const { field, message } of body?.errors ?? []) fields[field] ??= message;
  const words = body?.errors?.length ? body.errors.map((field) => field.message) : body?.message;
  return { fields, message: (Array.isArray(words) ? words.join('. ') : words) || undefined };
}

/** Puts the server's messages on the antd form's fields. */
export function applyServerErrors(form: FormInstance, error: unknown): void {
  form.setFields(Object.entries(serverErrors(error).fields).map(([name, message]) => ({ name, errors: [message] })));
}

/** The text for a failure toast: the API's own words when it gave them, else the error's message. */
export function errorText(error: unknown): string | undefined {
  return serverErrors(error).message ?? (error instanceof Error ? error.message : undefined);
}
