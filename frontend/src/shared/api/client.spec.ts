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
/** How many more times the busy routes answer 503 + Retry-After before they answer. */
let busyAnswers: number;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      switch (req.url) {
        case '/api/jobs/missing/photos':
          res.writeHead(404, { 'Content-Type': 'text/plain' }).end('No such job');
          return;
        case '/api/health':
          res.writeHead(503, 'Service Unavailable').end();
          return;
        case '/api/stats/live':
        case '/api/sos':
          if (busyAnswers > 0) {
            busyAnswers -= 1;
            res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '0' }).end(JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: 'busy' }));
            return;
          }
          break;
        case '/api/contact':
          res.writeHead(400, { 'Content-Type': 'application/json' }).end(
            JSON.stringify({
              statusCode: 400,
              error: 'Bad Request',
              message: ['phone should not be empty'],
              errors: [{ field: 'phone', message: 'Phone number required' }],
            }),
          );
          return;
        case '/api/auth/me':
          res.writeHead(401, { 'Content-Type': 'application/json' }).end(
            JSON.stringify({ statusCode: 401, error: 'Unauthorized', message: 'Not signed in' }),
          );
          return;
        case '/api/jobs/JOB-2025-1/photos':
          res.writeHead(201, { 'Content-Type': 'application/json' }).end(JSON.stringify({ length: body.length }));
          return;
        case '/api/jobs/JOB-2025-9':
          res.writeHead(204).end();
          return;
        case '/api/jobs/JOB-2025-1/photos/7':
          res.writeHead(200, { 'Content-Type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
          return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify({ echo: body ? JSON.parse(body) : null }));
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
  busyAnswers = 0;
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
    const err = await caught(client.call('GET /api/jobs/:id/photos', { params: { id: 'missing' } }));
    expect(err.message).toBe('404: No such job');
    expect(err.status).toBe(404);
    expect(err.body).toBeNull();
  });

  it('falls back to the status text when the answer has no body', async () => {
    const err = await caught(client.call('GET /api/health'));
    expect(err.message).toBe('503: Service Unavailable');
  });

  it('keeps the parsed ApiError body on the error for forms', async () => {
    const err = await caught(client.call('POST /api/contact', { body: { firstName: '', lastName: '', phone: '', email: '', serviceNeeded: '', message: '' } }));
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
    const err = await caught(client.call('GET /api/auth/me'));
    expect(err.status).toBe(401);
    expect(err.message).toBe('401: {"statusCode":401,"error":"Unauthorized","message":"Not signed in"}');
  });

  it('resolves a 401 to null when asked to', async () => {
    await expect(client.callOrNullOn401('GET /api/auth/me')).resolves.toBeNull();
  });

  it('still throws other failures when 401 resolves to null', async () => {
    const err = await caught(client.callOrNullOn401('GET /api/jobs/:id/photos', { params: { id: 'missing' } }));
    expect(err.message).toBe('404: No such job');
  });

  it('sends a JSON body with JSON headers, extra headers and credentials', async () => {
    const answer = await client.call('POST /api/sos', { body: { phone: '0400 000 000' }, headers: { 'Idempotency-Key': 'abc-123' } });

    expect(answer).toEqual({ echo: { phone: '0400 000 000' } });
    expect(seen[0]!.url).toBe('/api/sos');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(seen[0]!.headers['accept']).toBe('application/json');
    expect(seen[0]!.headers['idempotency-key']).toBe('abc-123');
    expect(sentInits.map((init) => init.credentials)).toEqual(['include']);
  });

  it("uses each route's method, fills its path parameters and writes its query", async () => {
    await client.call('GET /api/jobs/search', { query: { query: 'Kim Nguyen', token: undefined } });
    await client.call('PUT /api/announcements/:id', { params: { id: 4 }, body: { title: 'a', message: 'b', type: 'info', active: true, showAsPopup: false, showInSidebar: true } });
    await client.call('PATCH /api/jobs/:id', { params: { id: 'JOB 1/2' }, body: { progress: 2 } });
    await client.call('DELETE /api/announcements/:id', { params: { id: 4 } });
    expect(seen.map((s) => [s.method, s.url, s.body])).toEqual([
      ['GET', '/api/jobs/search?query=Kim+Nguyen', ''],
      ['PUT', '/api/announcements/4', '{"title":"a","message":"b","type":"info","active":true,"showAsPopup":false,"showInSidebar":true}'],
      ['PATCH', '/api/jobs/JOB%201%2F2', '{"progress":2}'],
      ['DELETE', '/api/announcements/4', ''],
    ]);
    expect(seen[0]!.headers['content-type']).toBeUndefined();
    expect(sentInits.every((init) => init.credentials === 'include')).toBe(true);
  });

  it('resolves an empty answer to undefined', async () => {
    await expect(client.call('DELETE /api/jobs/:id', { params: { id: 'JOB-2025-9' } })).resolves.toBeUndefined();
  });

  it('answers a file route with its bytes', async () => {
    const photo = await client.call('GET /api/jobs/:id/photos/:photoId', { params: { id: 'JOB-2025-1', photoId: 7 } });
    expect(photo).toBeInstanceOf(Blob);
    expect(photo.type).toBe('image/png');
    expect(photo.size).toBe(4);
  });
});

describe('a server refusing as busy (503 + Retry-After)', () => {
  it('has a read asked again after the wait it names', async () => {
    busyAnswers = 2;
    await expect(client.call('GET /api/stats/live')).resolves.toEqual({ echo: null });
    expect(seen.map((request) => request.url)).toEqual(['/api/stats/live', '/api/stats/live', '/api/stats/live']);
  });

  it('gives up on a read after two more tries, with the server\'s answer', async () => {
    busyAnswers = 3;
    expect((await caught(client.call('GET /api/stats/live'))).status).toBe(503);
    expect(seen).toHaveLength(3);
  });

  it('never sends a write twice (the SOS page keeps its own queue)', async () => {
    busyAnswers = 1;
    expect((await caught(client.call('POST /api/sos', { body: { phone: '0400 000 000' } }))).status).toBe(503);
    expect(seen).toHaveLength(1);
  });
});

describe('multipart bodies', () => {
  it('sends FormData as multipart, with the browser-made boundary and the extra headers', async () => {
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), 'bogged.png');
    const answer = await client.call('POST /api/jobs/:id/photos', { params: { id: 'JOB-2025-1' }, body: form, headers: { 'Idempotency-Key': 'key-1234' } });
    expect((answer as unknown as { length: number }).length).toBeGreaterThan(0);
    const [request] = seen;
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.headers['idempotency-key']).toBe('key-1234');
    expect(request.body).toContain('filename="bogged.png"');
  });
});
