import {
  type ApiError,
  type FileAnswer,
  type MultipartBody,
  type RouteAnswer,
  type RouteBody,
  type RouteKey,
  routeMethod,
  type RouteParams,
  routePath,
  type RouteQuery,
} from '@towing/contracts';

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

type ParamsPart<K extends RouteKey> = [keyof RouteParams<K>] extends [never] ? { params?: never } : { params: RouteParams<K> };
type BodyPart<K extends RouteKey> = [RouteBody<K>] extends [undefined]
  ? { body?: never }
  : { body: RouteBody<K> extends MultipartBody<string> ? FormData : RouteBody<K> };
type QueryPart<K extends RouteKey> = [RouteQuery<K>] extends [undefined]
  ? { query?: never }
  : object extends RouteQuery<K>
    ? { query?: RouteQuery<K> }
    : { query: RouteQuery<K> };

/** What a call of route K takes: its path parameters, query and body, as the contract says. */
export type CallOptions<K extends RouteKey> = ParamsPart<K> & QueryPart<K> & BodyPart<K> & RequestOptions;
/** What a call of route K answers: the contract's answer, or the bytes of a file answer. */
export type CallAnswer<K extends RouteKey> = RouteAnswer<K> extends FileAnswer<string> ? Blob : RouteAnswer<K>;

type Args<K extends RouteKey, Extra> = object extends CallOptions<K> ? [options?: CallOptions<K> & Extra] : [options: CallOptions<K> & Extra];

export interface ApiClient {
  /** Calls a route of the REST contract by its key, e.g. `call('PATCH /api/jobs/:id', { params: { id }, body })`. */
  call<K extends RouteKey>(key: K, ...args: Args<K, object>): Promise<CallAnswer<K>>;
  /** The same, for reads such as "who is signed in" that treat 401 as "nobody" instead of a failure. */
  callOrNullOn401<K extends RouteKey>(key: K, ...args: Args<K, object>): Promise<CallAnswer<K> | null>;
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

interface AnyCall extends RequestOptions {
  params?: Record<string, string | number>;
  query?: object;
  body?: unknown;
}

/**
 * A read the server refused as busy (503 + Retry-After, see the API's load shedding) is asked
 * again after the wait it names, if that is this short, up to BUSY_RETRIES times; a write is
 * never sent twice by the client (the SOS page keeps its own queue, with an Idempotency-Key).
 */
const BUSY_RETRY_MAX_SECONDS = 5;
const BUSY_RETRIES = 2;

/** How long to wait before asking a refused read again, or null when it should not be asked again. */
function busyRetryMs(method: string, res: Response): number | null {
  const retryAfter = res.headers.get('Retry-After');
  if (method !== 'GET' || res.status !== 503 || retryAfter === null) return null;
  const seconds = Number(retryAfter);
  return Number.isInteger(seconds) && seconds >= 0 && seconds <= BUSY_RETRY_MAX_SECONDS ? seconds * 1000 : null;
}

/** Resolves after `ms`, or rejects as the signal is aborted. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

/** The route's path with its :names filled in and its query appended. */
export function routeUrl(key: RouteKey, params: Record<string, string | number> = {}, query: object = {}): string {
  const path = routePath(key).replace(/:([A-Za-z]+)/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${key}: missing path parameter ${name}`);
    return encodeURIComponent(String(params[name]));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null) search.set(name, String(value));
  const queryString = search.toString();
  return queryString ? `${path}?${queryString}` : path;
}

/**
 * The one REST client. Every call names a route of the contract (contracts' ApiRoutes), so the
 * answer's type comes from the contract, never from an assertion at the call site.
 * @param baseUrl prefix for every path; empty in the browser so calls stay on the page's origin
 * (the session cookie and the dev proxy both depend on that).
 */
export function createApiClient(baseUrl = ''): ApiClient {
  async function request(key: RouteKey, options: AnyCall = {}, nullOn401: boolean): Promise<unknown> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    const init: RequestInit = { method: routeMethod(key), headers, credentials: 'include', signal: options.signal };
    if (options.body instanceof FormData) {
      // Multipart (photo uploads): the browser writes the Content-Type with its boundary.
      init.body = options.body;
    } else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(options.body);
    }

    const url = baseUrl + routeUrl(key, options.params, options.query);
    let res = await fetch(url, init);
    for (let retry = 0; retry < BUSY_RETRIES; retry += 1) {
      const waitMs = busyRetryMs(init.method!, res);
      if (waitMs === null) break;
      await res.body?.cancel();
      await pause(waitMs, options.signal);
      res = await fetch(url, init);
    }
    if (res.status === 401 && nullOn401) return null;
    if (!res.ok) {
      const text = await res.text();
      throw new HttpError(res.status, text, res.statusText, parseApiError(text));
    }
    if (!res.headers.get('Content-Type')?.includes('json')) return res.status === 204 ? undefined : res.blob();
    const text = await res.text();
    // 204 and other empty answers carry no JSON to parse.
    return text ? JSON.parse(text) : undefined;
  }

  return {
    call: (key: RouteKey, options?: AnyCall) => request(key, options, false),
    callOrNullOn401: (key: RouteKey, options?: AnyCall) => request(key, options, true),
  } as ApiClient;
}

export const api = createApiClient();
