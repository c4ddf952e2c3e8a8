import type { AddressInfo } from 'node:net';
import type { ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { holdsNoProcessOpen } from './holds-no-process-open.js';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A received email's parts: text, HTML and attachments, decoded. The parser is loaded when first
 * asked for: every test file imports the testkit, and fewer than half read an email.
 */
export async function parseMail(mail: ReceivedMail): Promise<ParsedMail> {
  const { simpleParser } = await import('mailparser');
  return simpleParser(mail.raw);
}

/** A real SMTP server on a free port that keeps what it receives. */
export class SmtpPeer {
  readonly received: ReceivedMail[] = [];
  /** While set, DATA is held open: a send started now never completes. */
  stall = false;
  /** While set, every recipient is refused (550), as a mail server that will not take our mail. */
  refuse = false;
  private server?: SMTPServer;

  get url(): string {
    const { port } = this.server!.server.address() as AddressInfo;
    return `smtp://127.0.0.1:${port}`;
  }

  async start(): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo: (_address, _session, callback) => {
        if (this.refuse) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (this.stall) return;
          this.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    // A sender that dies mid-conversation (a killed worker) resets its connection: not our failure.
    this.server.on('error', () => undefined);
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  /** Keeps no process open (a shared stack's peer, which ends with its Jest worker). */
  unref(): void {
    holdsNoProcessOpen(this.server!.server);
  }

  /** Back as started: nothing received, nothing stalled or refused (a shared stack's next file). */
  reset(): void {
    this.received.length = 0;
    this.stall = false;
    this.refuse = false;
  }

  to(address: string): ReceivedMail[] {
    return this.received.filter((mail) => mail.to.includes(address));
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
