import { Agent } from 'undici';

/**
 * fetch's connections from one local address (say 127.0.0.2): on loopback every 127.x address
 * is this machine, so a test or bench can be several clients of a per-address limit without
 * trusting a proxy header.
 */
export function fromLocalAddress(localAddress: string): Agent {
  return new Agent({ localAddress });
}

/** A small fetch wrapper for tests that keeps the session cookie like a browser would. */
export class TestClient {
  cookie?: string;
  private readonly dispatcher?: Agent;

  /** `localAddress`: the client connects from this address (fromLocalAddress). */
  constructor(
    readonly baseUrl: string,
    options: { localAddress?: string } = {},
  ) {
    this.dispatcher = options.localAddress ? fromLocalAddress(options.localAddress) : undefined;
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      ...(this.dispatcher ? { dispatcher: this.dispatcher } : {}),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0];
    const text = await response.text();
    const json = text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined;
    return { status: response.status, headers: response.headers, body: json, text };
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body?: unknown, headers?: Record<string, string>) => this.request('POST', path, body, headers);
  put = (path: string, body?: unknown) => this.request('PUT', path, body);
}

/**
 * A client signed in as the test admin every test database starts with. Shed (503: an API just
 * started, still warming up on a busy machine), it signs in again after Retry-After, as a person would.
 */
export async function adminClient(baseUrl: string, admin: { username: string; password: string }): Promise<TestClient> {
  const client = new TestClient(baseUrl);
  let login = await client.post('/api/auth/login', admin);
  while (login.status === 503) {
    await new Promise((resolve) => setTimeout(resolve, Number(login.headers.get('retry-after') ?? 1) * 1000));
    login = await client.post('/api/auth/login', admin);
  }
  if (login.status !== 200) throw new Error(`admin login failed: ${login.status} ${login.text}`);
  return client;
}
