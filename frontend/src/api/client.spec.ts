/** @jest-environment node */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiClient, HttpError, type ApiClient } from './client';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let server: Server;
let client: ApiClient;
let seen: Seen[];
let sentInits: RequestInit[];
const realFetch = globalThis.fetch;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      switch (req.url) {
        case '/missing':
          res.writeHead(404, { 'Content-Type': 'text/plain' }).end('No such job');
          return;
        case '/empty-error':
          res.writeHead(503, 'Service Unavailable').end();
          return;
        case '/invalid':
          res.writeHead(400, { 'Content-Type': 'application/json' }).end(
            JSON.stringify({
              statusCode: 400,
              error: 'Bad Request',
              message: ['phone should not be empty'],
              errors: [{ field: 'phone', message: 'Phone number required' }],
            }),
          );
          return;
        case '/me':
          res.writeHead(401, { 'Content-Type': 'application/json' }).end(
            JSON.stringify({ statusCode: 401, error: 'Unauthorized', message: 'Not signed in' }),
          );
          return;
        case '/upload':
          res.writeHead(201, { 'Content-Type': 'application/json' }).end(JSON.stringify({ length: body.length }));
          return;
        case '/no-content':
          res.writeHead(204).end();
          return;
        default:
          res.writeHead(200, { 'Content-Type': 'application/json' }).end(
            JSON.stringify({ echo: body ? JSON.parse(body) : null }),
          );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  client = createApiClient(`http://127.0.0.1:${port}`);
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
});

beforeEach(() => {
  seen = [];
  sentInits = [];
  // Node's fetch ignores `credentials`, so the server cannot see it; record what the client asked for.
  globalThis.fetch = (input, init) => {
    if (init) sentInits.push(init);
    return realFetch(input, init);
  };
});

afterEach(() => {
  globalThis.fetch = realFetch;
});

async function caught(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
  throw new Error('expected the call to fail');
}

describe('api client', () => {
  it('turns a non-OK answer into "<status>: <response text>"', async () => {
    const err = await caught(client.get('/missing'));
    expect(err.message).toBe('404: No such job');
    expect(err.status).toBe(404);
    expect(err.body).toBeNull();
  });

  it('falls back to the status text when the answer has no body', async () => {
    const err = await caught(client.get('/empty-error'));
    expect(err.message).toBe('503: Service Unavailable');
  });

  it('keeps the parsed ApiError body on the error for forms', async () => {
    const err = await caught(client.post('/invalid', { phone: '' }));
    expect(err.message).toBe(
      '400: {"statusCode":400,"error":"Bad Request","message":["phone should not be empty"],' +
        '"errors":[{"field":"phone","message":"Phone number required"}]}',
    );
    expect(err.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: ['phone should not be empty'],
      errors: [{ field: 'phone', message: 'Phone number required' }],
    });
  });

  it('throws on 401 by default', async () => {
    const err = await caught(client.get('/me'));
    expect(err.status).toBe(401);
    expect(err.message).toBe('401: {"statusCode":401,"error":"Unauthorized","message":"Not signed in"}');
  });

  it('resolves a 401 to null when asked to', async () => {
    await expect(client.get('/me', { on401: 'returnNull' })).resolves.toBeNull();
  });

  it('still throws other failures when 401 resolves to null', async () => {
    const err = await caught(client.get('/missing', { on401: 'returnNull' }));
    expect(err.message).toBe('404: No such job');
  });

  it('sends a JSON body with JSON headers, extra headers and credentials', async () => {
    const answer = await client.post<{ echo: unknown }>(
      '/jobs',
      { phone: '0400 000 000' },
      { headers: { 'Idempotency-Key': 'abc-123' } },
    );

    expect(answer).toEqual({ echo: { phone: '0400 000 000' } });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(seen[0]!.headers['accept']).toBe('application/json');
    expect(seen[0]!.headers['idempotency-key']).toBe('abc-123');
    expect(sentInits.map((init) => init.credentials)).toEqual(['include']);
  });

  it('uses the method of each helper', async () => {
    await client.get('/x');
    await client.put('/x', { a: 1 });
    await client.patch('/x', { a: 2 });
    await client.delete('/x');
    expect(seen.map((s) => [s.method, s.body])).toEqual([
      ['GET', ''],
      ['PUT', '{"a":1}'],
      ['PATCH', '{"a":2}'],
      ['DELETE', ''],
    ]);
    expect(seen[0]!.headers['content-type']).toBeUndefined();
    expect(sentInits.every((init) => init.credentials === 'include')).toBe(true);
  });

  it('resolves an empty answer to undefined', async () => {
    await expect(client.delete('/no-content')).resolves.toBeUndefined();
  });
});

describe('multipart bodies', () => {
  it('sends FormData as multipart, with the browser-made boundary and the extra headers', async () => {
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), 'bogged.png');
    const answer = await client.post<{ length: number }>('/upload', form, { headers: { 'Idempotency-Key': 'key-1234' } });
    expect(answer.length).toBeGreaterThan(0);
    const [request] = seen;
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.headers['idempotency-key']).toBe('key-1234');
    expect(request.body).toContain('filename="bogged.png"');
  });
});
