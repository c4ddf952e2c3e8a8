import { request } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { compressAnswers } from './compress-answers.js';
import { serveFrontend } from './serve-frontend.js';

const SHELL = '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/main-abc123.js"></script></body></html>';
const SOS_PAGE = '<!doctype html><html><body><div id="root"><form><a href="tel:+61000">Call</a></form></div></body></html>';
const NOT_FOUND_HTML = '<!doctype html><html><body><div id="root"><h1>404 Page Not Found</h1></div></body></html>';
const CHUNK = `export const text = ${JSON.stringify('stranded on the Karijini road '.repeat(200))};`;
const BIG_LIST = Array.from({ length: 200 }, (_, index) => ({ id: index, name: `Job ${index}`, location: 'Karratha' }));

@Controller('api/things')
class ThingsController {
  @Get('big')
  big() {
    return BIG_LIST;
  }

  @Get('small')
  small() {
    return { ok: true };
  }
}

@Module({ controllers: [ThingsController] })
class FixtureModule {}

/** A built frontend as the Vite build leaves it: files, their brotli and gzip copies, prerendered pages. */
function writeDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'serve-frontend-'));
  const write = (path: string, content: string, compressed = true) => {
    mkdirSync(join(dist, path, '..'), { recursive: true });
    writeFileSync(join(dist, path), content);
    if (!compressed) return;
    writeFileSync(join(dist, `${path}.br`), brotliCompressSync(content));
    writeFileSync(join(dist, `${path}.gz`), gzipSync(content));
  };
  write('index.html', SHELL);
  write('assets/main-abc123.js', CHUNK);
  write('prerendered/sos.html', SOS_PAGE);
  write('prerendered/index.html', SOS_PAGE.replace('Call', 'Home'));
  write('prerendered/404.html', NOT_FOUND_HTML);
  write('route-patterns.json', JSON.stringify(['/', '/sos', '/customer-portal', '/quote/:id']));
  write('icon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', false);
  return dist;
}

describe('serving the built frontend', () => {
  let app: NestExpressApplication;
  let baseUrl: string;
  let dist: string;

  beforeAll(async () => {
    dist = writeDist();
    app = await NestFactory.create<NestExpressApplication>(FixtureModule, { logger: false });
    compressAnswers(app);
    serveFrontend(app, dist);
    await app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (path: string, encodings: string, method = 'GET') => fetch(`${baseUrl}${path}`, { method, headers: { 'accept-encoding': encodings } });

  it('sends the brotli copy of an asset to a browser that takes brotli, and gzip to one that takes only gzip', async () => {
    const brotli = await get('/assets/main-abc123.js', 'gzip, deflate, br');
    expect(brotli.status).toBe(200);
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(brotli.headers.get('content-type')).toMatch(/javascript/);
    expect(Number(brotli.headers.get('content-length'))).toBe(brotliCompressSync(CHUNK).length);
    expect(await brotli.text()).toBe(CHUNK);

    const gzip = await get('/assets/main-abc123.js', 'gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(await gzip.text()).toBe(CHUNK);

    const plain = await get('/assets/main-abc123.js', 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(await plain.text()).toBe(CHUNK);
  });

  it('lets browsers keep hashed assets for a year and makes them revalidate everything else', async () => {
    expect((await get('/assets/main-abc123.js', 'br')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/sos', '/customer-portal', '/icon.svg', '/index.html']) {
      expect([path, (await get(path, 'br')).headers.get('cache-control')]).toEqual([path, 'no-cache']);
    }
  });

  it("answers an app route with its prerendered page, or the app shell when it has none", async () => {
    const sos = await get('/sos', 'br');
    expect(sos.headers.get('content-encoding')).toBe('br');
    expect(sos.headers.get('content-type')).toMatch(/text\/html/);
    expect(await sos.text()).toBe(SOS_PAGE);
    expect(await (await get('/', 'gzip')).text()).toContain('Home');
    expect(await (await get('/customer-portal', 'gzip')).text()).toBe(SHELL);
    expect(await (await get('/quote/Q-2025-0001', 'gzip')).text()).toBe(SHELL);
  });

  it('answers a path of no route with the not-found page and a 404, and a route with a parameter or a trailing slash as a route', async () => {
    for (const path of ['/no/such/page', '/sos/extra', '/quote']) {
      const answer = await get(path, 'br');
      expect([path, answer.status]).toEqual([path, 404]);
      expect(answer.headers.get('content-type')).toMatch(/text\/html/);
      expect(await answer.text()).toBe(NOT_FOUND_HTML);
    }
    expect((await get('/quote/Q-2025-0001', 'br')).status).toBe(200);
    expect((await get('/customer-portal/', 'br')).status).toBe(200);
    expect((await get('/SOS', 'br')).status).toBe(200);
  });

  it('revalidates HTML with its ETag: an unchanged page answers 304 with no body', async () => {
    const first = await get('/sos', 'br');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    // fetch() would add Cache-Control: no-cache to a conditional request, as its spec says; a browser revalidating does not.
    const status = await new Promise<number | undefined>((resolve, reject) =>
      request(`${baseUrl}/sos`, { headers: { 'accept-encoding': 'br', 'if-none-match': etag! } }, (answer) => {
        answer.resume();
        resolve(answer.statusCode);
      })
        .on('error', reject)
        .end(),
    );
    expect(status).toBe(304);
  });

  it('answers HEAD wherever GET answers, with the headers and no body', async () => {
    for (const path of ['/sos', '/', '/customer-portal', '/assets/main-abc123.js', '/icon.svg', '/api/things/big']) {
      const [head, getAnswer] = await Promise.all([get(path, 'br', 'HEAD'), get(path, 'br')]);
      expect([path, head.status]).toEqual([path, 200]);
      expect([path, head.headers.get('content-type')]).toEqual([path, getAnswer.headers.get('content-type')]);
      expect(await head.text()).toBe('');
    }
  });

  it('answers 404, not the app shell, for a chunk that is not there (an older deployment), and for an unknown API route', async () => {
    const gone = await get('/assets/main-old999.js', 'br');
    expect(gone.status).toBe(404);
    expect(gone.headers.get('content-type')).not.toMatch(/text\/html/);
    expect((await get('/api/nothing-here', 'br')).status).toBe(404);
  });

  it('compresses JSON answers over 1 kB and leaves small ones alone', async () => {
    const big = await get('/api/things/big', 'gzip, br');
    expect(big.headers.get('content-encoding')).toBe('br');
    expect(big.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(await big.json()).toEqual(BIG_LIST);
    expect((await get('/api/things/big', 'gzip')).headers.get('content-encoding')).toBe('gzip');
    const small = await get('/api/things/small', 'gzip, br');
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
  });

  it('answers a malformed path with a 400, never a 500', async () => {
    expect((await get('/%E0%A4%A', 'br')).status).toBe(400);
  });
});
