import { HttpError } from '../../api/client';

export type FieldErrors = Record<string, string>;

/** The server's message per field (first one wins), for forms that show them inline. */
export function serverFieldErrors(error: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (error instanceof HttpError) {
    for (const { field, message } of error.body?.errors ?? []) errors[field] ??= message;
  }
  return errors;
}

/** The text for a failure toast: the server's words when it gave them. */
export function failureText(error: unknown): string | undefined {
  if (!(error instanceof HttpError)) return error instanceof Error ? error.message : undefined;
  const fields = error.body?.errors ?? [];
  if (fields.length > 0) return fields.map((field) => field.message).join('. ');
  const message = error.body?.message;
  return Array.isArray(message) ? message.join('. ') : message || error.message;
}
