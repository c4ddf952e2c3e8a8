import nodemailer, { type Transporter } from 'nodemailer';
import type { Delivery } from '../sms/sms-provider.js';
import { type EmailMessage, EmailProvider } from './email-provider.js';

export class SmtpEmailProvider extends EmailProvider {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    super();
    const url = new URL(smtpUrl);
    // Timeouts keep a dead mail server from holding an event past its queue lock.
    for (const [name, ms] of [['connectionTimeout', 10_000], ['greetingTimeout', 10_000], ['socketTimeout', 20_000]] as const) {
      if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
    }
    // A few connections kept open and reused: an SOS burst sends an office email per SOS.
    if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
    this.transport = nodemailer.createTransport(url.toString());
  }

  async send(message: EmailMessage): Promise<Delivery> {
    const info = await this.transport.sendMail({ from: this.from, ...message });
    return { delivered: true, providerMessageId: info.messageId };
  }
}
