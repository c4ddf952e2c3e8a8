import { createECDH, createPublicKey, type ECDH, randomBytes, verify } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decrypt } from 'http_ece';

/** A VAPID key pair (RFC 8292) as the environment takes it: URL-safe base64 of the P-256 public point and private scalar. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** A fresh P-256 key pair for VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY. */
export function vapidKeyPair(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  // The scalar is 32 bytes; getPrivateKey drops a leading zero byte.
  const privateKey = Buffer.from(ecdh.getPrivateKey().toString('hex').padStart(64, '0'), 'hex');
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: privateKey.toString('base64url') };
}

/** A browser's subscription, as PushSubscription.toJSON() gives it. */
export interface PeerSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A push the peer accepted, its payload decrypted with the device's keys. */
export interface ReceivedPush {
  endpoint: string;
  ttl: number;
  urgency: string;
  topic: string | null;
  /** The decrypted payload as text. */
  payload: string;
  /** The VAPID Authorization header it came with (checked before it was accepted). */
  authorization: string;
  receivedAt: number;
}

interface Device {
  subscription: PeerSubscription;
  /** The browser's side of the key agreement. */
  ecdh: ECDH;
  gone: boolean;
  /** Its next push answers 503 (failNext). */
  failNext?: boolean;
}

const URGENCIES = ['very-low', 'low', 'normal', 'high'];
/** RFC 8030 5.4: a Topic is at most 32 characters of the URL-safe base64 alphabet. */
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;
/** RFC 8292 2: the token expires at most 24 hours after it is made. */
const MAX_TOKEN_LIFETIME_S = 24 * 60 * 60;

class Refusal extends Error {
  constructor(
    readonly status: number,
    reason: string,
  ) {
    super(reason);
  }
}

/**
 * A push service for tests (RFC 8030): devices the test subscribes get an endpoint here; a push
 * to it must carry a TTL, a valid Urgency and Topic when given, a VAPID Authorization (RFC 8292)
 * signed by the application server's key the peer was made with, and an aes128gcm body (RFC 8291)
 * that the peer decrypts with the device's private keys. Accepted pushes answer 201 Created;
 * an endpoint the test expired answers 410 Gone, an unknown one 404. It speaks HTTPS only, as
 * push services do, with a certificate of its own that the processes it serves are told to
 * trust (environment()).
 */
export class PushServicePeer {
  readonly received: ReceivedPush[] = [];
  /** Refused requests with their reasons, for tests that expect none. */
  readonly refused: Array<{ endpoint: string; status: number; reason: string }> = [];
  private readonly devices = new Map<string, Device>();
  private server?: Server;
  private certificateDir?: string;

  constructor(private readonly vapidPublicKey: string) {}

  /** What the worker needs to reach the peer: its certificate as a trusted CA. */
  environment(): NodeJS.ProcessEnv {
    return { NODE_EXTRA_CA_CERTS: join(this.certificateDir!, 'push-service.pem') };
  }

  get url(): string {
    const { port } = this.server!.address() as AddressInfo;
    return `https://127.0.0.1:${port}`;
  }

  async start(): Promise<this> {
    // Loaded here, not with the testkit: it brings an X.509 stack that every other test file would load for nothing.
    const { generate } = await import('selfsigned');
    const { private: key, cert } = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
      algorithm: 'sha256',
      keyType: 'ec',
      extensions: [
        { name: 'basicConstraints', cA: true },
        { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
      ],
    });
    this.certificateDir = await mkdtemp(join(tmpdir(), 'push-service-peer-'));
    await writeFile(join(this.certificateDir, 'push-service.pem'), cert);
    this.server = createServer({ key, cert }, (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => this.answer(request, Buffer.concat(chunks), response));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    if (this.certificateDir) await rm(this.certificateDir, { recursive: true, force: true });
  }

  /** A new device's subscription: what a browser's pushManager.subscribe() would give. */
  subscribe(): PeerSubscription {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const subscription = {
      endpoint: `${this.url}/push/${randomBytes(12).toString('base64url')}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    };
    this.devices.set(new URL(subscription.endpoint).pathname, { subscription, ecdh, gone: false });
    return subscription;
  }

  /** The device unsubscribed or its subscription expired: pushes to it answer 410 Gone. */
  expire(endpoint: string): void {
    this.devices.get(new URL(endpoint).pathname)!.gone = true;
  }

  /** The push service is overloaded for one device: its next push answers 503, the ones after it as usual. */
  failNext(endpoint: string): void {
    this.devices.get(new URL(endpoint).pathname)!.failNext = true;
  }

  /** Pushes accepted for one device, oldest first. */
  pushesTo(endpoint: string): ReceivedPush[] {
    return this.received.filter((push) => push.endpoint === endpoint);
  }

  private answer(request: IncomingMessage, body: Buffer, response: ServerResponse): void {
    const path = new URL(request.url ?? '/', this.url).pathname;
    const device = this.devices.get(path);
    try {
      if (request.method !== 'POST') throw new Refusal(405, 'Push with POST');
      if (!device) throw new Refusal(404, 'No such subscription');
      if (device.gone) throw new Refusal(410, 'Subscription expired');
      if (device.failNext) {
        device.failNext = false;
        throw new Refusal(503, 'Overloaded, try again later');
      }
      const push = this.accept(request, body, device);
      this.received.push(push);
      response.writeHead(201, { Location: `/message/${randomBytes(8).toString('base64url')}`, 'Content-Length': 0 }).end();
    } catch (error) {
      const status = error instanceof Refusal ? error.status : 400;
      const reason = (error as Error).message;
      this.refused.push({ endpoint: device?.subscription.endpoint ?? path, status, reason });
      response.writeHead(status, { 'Content-Type': 'text/plain' }).end(reason);
    }
  }

  private accept(request: IncomingMessage, body: Buffer, device: Device): ReceivedPush {
    const ttlHeader = request.headers.ttl;
    if (typeof ttlHeader !== 'string' || !/^\d+$/.test(ttlHeader)) throw new Refusal(400, 'TTL header required (RFC 8030 5.2)');
    const urgency = request.headers.urgency ?? 'normal';
    if (typeof urgency !== 'string' || !URGENCIES.includes(urgency)) throw new Refusal(400, `Urgency must be one of ${URGENCIES.join(', ')}`);
    const topic = request.headers.topic;
    if (topic !== undefined && (typeof topic !== 'string' || !TOPIC.test(topic))) throw new Refusal(400, 'Topic must be at most 32 URL-safe base64 characters');
    this.checkVapid(request.headers.authorization, device.subscription.endpoint);
    if (request.headers['content-encoding'] !== 'aes128gcm') throw new Refusal(415, 'Content-Encoding must be aes128gcm (RFC 8291)');
    const payload = decrypt(body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.subscription.keys.auth }).toString('utf8');
    return { endpoint: device.subscription.endpoint, ttl: Number(ttlHeader), urgency, topic: topic ?? null, payload, authorization: request.headers.authorization!, receivedAt: Date.now() };
  }

  /** RFC 8292: `vapid t=<JWT signed ES256>, k=<public key>`; k is the key the peer expects, aud this origin, exp in the next 24 hours. */
  private checkVapid(authorization: string | undefined, endpoint: string): void {
    const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
    if (!match) throw new Refusal(401, 'VAPID Authorization required (RFC 8292)');
    const [, token, key] = match as unknown as [string, string, string];
    if (key !== this.vapidPublicKey) throw new Refusal(403, 'VAPID key is not the application server key of this subscription');
    const [header, claims, signature] = token.split('.');
    if (!header || !claims || !signature) throw new Refusal(401, 'VAPID token is not a JWT');
    const point = Buffer.from(key, 'base64url');
    const publicKey = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
      format: 'jwk',
    });
    const signed = verify('sha256', Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
    if (!signed) throw new Refusal(403, 'VAPID token signature does not verify');
    const { alg } = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string };
    const { aud, exp, sub } = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud?: string; exp?: number; sub?: string };
    const now = Math.floor(Date.now() / 1000);
    if (alg !== 'ES256') throw new Refusal(403, 'VAPID token must be ES256');
    if (aud !== new URL(endpoint).origin) throw new Refusal(403, `VAPID aud must be ${new URL(endpoint).origin}`);
    if (typeof exp !== 'number' || exp <= now || exp > now + MAX_TOKEN_LIFETIME_S) throw new Refusal(403, 'VAPID exp must be within the next 24 hours');
    if (!sub || !/^(mailto:|https:)/.test(sub)) throw new Refusal(403, 'VAPID sub must be a mailto: or https: URL');
  }
}
