import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSms {
  accountSid: string;
  to: string;
  from: string;
  body: string;
  receivedAt: number;
}

/** An HTTP server speaking the part of Twilio's Messages API the SDK uses. */
export class TwilioPeer {
  readonly received: ReceivedSms[] = [];
  /** Answer this many requests with a 500 before accepting again. */
  failNext = 0;
  private server?: Server;
  private counter = 0;

  get url(): string {
    const { port } = this.server!.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const match = request.url?.match(/^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/);
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      request.on('end', () => {
        response.setHeader('content-type', 'application/json');
        if (request.method !== 'POST' || !match) {
          response.statusCode = 404;
          response.end(JSON.stringify({ code: 20404, message: 'Not found', status: 404 }));
          return;
        }
        if (this.failNext > 0) {
          this.failNext -= 1;
          response.statusCode = 500;
          response.end(JSON.stringify({ code: 20500, message: 'Internal error', status: 500 }));
          return;
        }
        const form = new URLSearchParams(raw);
        const sms = {
          accountSid: match[1],
          to: form.get('To') ?? '',
          from: form.get('From') ?? '',
          body: form.get('Body') ?? '',
          receivedAt: Date.now(),
        };
        this.received.push(sms);
        this.counter += 1;
        response.statusCode = 201;
        response.end(
          JSON.stringify({ sid: `SM${String(this.counter).padStart(32, '0')}`, status: 'queued', to: sms.to, from: sms.from, body: sms.body }),
        );
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  to(phone: string): ReceivedSms[] {
    return this.received.filter((sms) => sms.to === phone);
  }

  environment(): NodeJS.ProcessEnv {
    return {
      TWILIO_ACCOUNT_SID: 'ACtest00000000000000000000000000',
      TWILIO_AUTH_TOKEN: 'test-token',
      TWILIO_FROM: '+61491570159',
      TWILIO_API_URL: this.url,
    };
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
