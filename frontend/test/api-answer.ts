/**
 * An answer as the API gives it, for tests that stand in for fetch in jsdom (which has none):
 * JSON with its Content-Type, or an empty body; read with text() as our client does, or json().
 */
export function apiAnswer(status: number, body?: unknown, statusText = ''): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    headers: new Headers(text ? { 'Content-Type': 'application/json' } : {}),
    text: () => Promise.resolve(text),
    json: () => Promise.resolve().then(() => JSON.parse(text) as unknown),
  } as Response;
}

const realFetch = globalThis.fetch;

/**
 * Plays the API for the page in jsdom: every request goes to `answer` (which may throw, as a
 * dropped connection does) until restoreFetch().
 */
export function fakeFetch(answer: (url: string, init: RequestInit | undefined) => Response | Promise<Response>): void {
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => Promise.resolve().then(() => answer(String(input), init))) as typeof fetch;
}

export function restoreFetch(): void {
  globalThis.fetch = realFetch;
}

/** The JSON body a request sent, or undefined when it sent none: for specs that record what the page sent. */
export function jsonBody(init: RequestInit | undefined): unknown {
  return init?.body ? JSON.parse(init.body as string) : undefined;
}

/** Canned answers by path; a URL with a query falls back to its path's answer. */
export type ApiAnswers = Record<string, { status: number; body: unknown }>;

export function answerFrom(answers: ApiAnswers, url: string, missing: { status: number; body: unknown }): Response {
  const answer = answers[url] ?? answers[url.split('?')[0]!] ?? missing;
  return apiAnswer(answer.status, answer.body);
}
