import type { ApiError } from '@towing/contracts';

/** A non-OK answer. The message follows the spec's rule; the JSON body is kept for forms. */
export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly status: number,
    responseText: string,
    statusText: string,
    /** The parsed `ApiError` body, when the server answered with one. */
    readonly body: ApiError | null,
  ) {
    super(`${status}: ${responseText || statusText}`);
  }
}

export interface RequestOptions {
  /** Extra headers, e.g. the SOS's `Idempotency-Key`. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Reads such as "who is signed in" treat 401 as "nobody" instead of a failure. */
export interface NullOn401 extends RequestOptions {
  on401: 'returnNull';
}

export interface ThrowOn401 extends RequestOptions {
  on401?: 'throw';
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiClient {
  get<T>(path: string, opts: NullOn401): Promise<T | null>;
  get<T>(path: string, opts?: ThrowOn401): Promise<T>;
  post<T>(path: string, body: unknown, opts: NullOn401): Promise<T | null>;
  post<T>(path: string, body?: unknown, opts?: ThrowOn401): Promise<T>;
  put<T>(path: string, body: unknown, opts: NullOn401): Promise<T | null>;
  put<T>(path: string, body?: unknown, opts?: ThrowOn401): Promise<T>;
  patch<T>(path: string, body: unknown, opts: NullOn401): Promise<T | null>;
  patch<T>(path: string, body?: unknown, opts?: ThrowOn401): Promise<T>;
  delete<T>(path: string, opts: NullOn401): Promise<T | null>;
  delete<T>(path: string, opts?: ThrowOn401): Promise<T>;
}

function parseApiError(text: string): ApiError | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'statusCode' in parsed && 'message' in parsed) {
      return parsed as ApiError;
    }
  } catch {
    // A proxy or crash page answered with HTML or plain text: the message still carries it.
  }
  return null;
}

/**
 * @param baseUrl prefix for every path; empty in the browser so calls stay on the page's origin
 * (the session cookie and the dev proxy both depend on that).
 */
export function createApiClient(baseUrl = ''): ApiClient {
  async function request(
    method: Method,
    path: string,
    body: unknown,
    opts: RequestOptions & { on401?: 'returnNull' | 'throw' } = {},
  ): Promise<unknown> {
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    const init: RequestInit = { method, headers, credentials: 'include', signal: opts.signal };
    if (body instanceof FormData) {
      // Multipart (photo uploads): the browser writes the Content-Type with its boundary.
      init.body = body;
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }

    const res = await fetch(baseUrl + path, init);
    if (res.status === 401 && opts.on401 === 'returnNull') return null;

    const text = await res.text();
    if (!res.ok) throw new HttpError(res.status, text, res.statusText, parseApiError(text));
    // 204 and other empty answers carry no JSON to parse.
    return text ? JSON.parse(text) : undefined;
  }

  // The overloads above give callers the precise types; one implementation serves them all.
  return {
    get: (path: string, opts?: RequestOptions) => request('GET', path, undefined, opts),
    post: (path: string, body?: unknown, opts?: RequestOptions) => request('POST', path, body, opts),
    put: (path: string, body?: unknown, opts?: RequestOptions) => request('PUT', path, body, opts),
    patch: (path: string, body?: unknown, opts?: RequestOptions) => request('PATCH', path, body, opts),
    delete: (path: string, opts?: RequestOptions) => request('DELETE', path, undefined, opts),
  } as ApiClient;
}

export const api = createApiClient();
