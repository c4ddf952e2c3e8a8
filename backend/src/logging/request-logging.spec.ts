import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import { pino } from 'pino';
import { eventually } from '@towing/testkit';
import { logRequests } from './request-logging.js';

describe('the request log', () => {
  const lines: Array<Record<string, unknown>> = [];
  const log = logRequests(pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) }));
  let status = 200;
  const server = createServer((request: IncomingMessage, response: ServerResponse) =>
    log(request as Request, response as Response, (() => response.writeHead(status).end()) as NextFunction),
  );
  let baseUrl: string;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  async function lineFor(path: string): Promise<Record<string, unknown>> {
    const answer = await fetch(`${baseUrl}${path}?token=secret`);
    expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    return eventually(() => lines.find((line) => (line.req as { url: string }).url === path));
  }

  it('writes one line per answer with its id, method, path (no query) and status', async () => {
    status = 200;
    expect(await lineFor('/api/health')).toMatchObject({ level: 30, req: { method: 'GET', url: '/api/health' }, res: { statusCode: 200 }, msg: 'request completed' });
  });

  it('logs a 5xx at error level with its status, without an error made up for the status alone', async () => {
    status = 503;
    const line = await lineFor('/api/jobs');
    expect(line).toMatchObject({ level: 50, res: { statusCode: 503 }, msg: 'request errored' });
    expect(line).not.toHaveProperty('err');
  });
});
