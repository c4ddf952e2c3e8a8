import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Injectable } from '@nestjs/common';
import Handlebars from 'handlebars';
import { BUSINESS } from '@towing/contracts';
import { packageDirectory } from '@towing/platform';

const TEMPLATES_DIR = join(packageDirectory('@towing/worker'), 'templates');

export type SmsTemplate = 'sms/sos-driver' | 'sms/sos-oncall' | 'sms/job-created' | 'sms/booking-received' | 'sms/booking-approved' | 'sms/job-en-route' | 'sms/job-completed' | 'sms/vehicle-service-due' | 'sms/sos-summary' | 'sms/claim-code' | 'sms/sos-by-text' | 'sms/sos-acknowledged' | 'sms/job-message';
export type EmailTemplate = 'email/sos-alert' | 'email/job-created' | 'email/booking-alert' | 'email/booking-received' | 'email/booking-approved' | 'email/job-completed-summary' | 'email/contact-received' | 'email/fleet-inquiry-received' | 'email/feedback-received' | 'email/quote-accepted' | 'email/vehicle-service-due' | 'email/sos-summary' | 'email/email-limit-reached' | 'email/sos-unacknowledged';
/** Billing messages: an HTML email with its plain-text part, and the SMS beside it. */
export type BillingTemplate = 'quote' | 'payment-receipt' | 'invoice';
export type PdfTemplate = 'pdf/quote' | 'pdf/invoice';
type TemplateName = SmsTemplate | EmailTemplate | 'email/layout' | `email/${BillingTemplate}` | `text/${BillingTemplate}` | `sms/${BillingTemplate}` | PdfTemplate | 'pdf/layout';

const BRAND = { business: BUSINESS.name, businessPhone: BUSINESS.phone, abn: BUSINESS.abn };

function listTemplates(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listTemplates(join(dir, entry.name)) : entry.name.endsWith('.hbs') ? [join(dir, entry.name)] : [],
  );
}

/** Every message template, compiled once at boot. */
@Injectable()
export class TemplatesService {
  private readonly templates = new Map<string, Handlebars.TemplateDelegate>();

  constructor() {
    for (const file of listTemplates(TEMPLATES_DIR)) {
      const name = relative(TEMPLATES_DIR, file).replace(/\\/g, '/').replace(/\.hbs$/, '');
      // SMS and text parts are plain text: escaping would put &amp; into a driver's message.
      const noEscape = name.startsWith('sms/') || name.startsWith('text/');
      this.templates.set(name, Handlebars.compile(readFileSync(file, 'utf8'), { strict: true, noEscape }));
    }
  }

  sms(name: SmsTemplate, context: object): string {
    return this.render(name, context).trim();
  }

  /** An email body inside the branded layout. */
  email(name: EmailTemplate, context: object): string {
    return this.render('email/layout', { body: this.render(name, context) });
  }

  /** A billing message in its three forms: the email's HTML (in the layout) and text parts, and the SMS. */
  billing(name: BillingTemplate, context: object): { html: string; text: string; sms: string } {
    return {
      html: this.render('email/layout', { body: this.render(`email/${name}`, context) }),
      text: this.render(`text/${name}`, context).trim(),
      sms: this.render(`sms/${name}`, context).trim(),
    };
  }

  /** A printable document (quote, tax invoice) as one self-contained HTML page. */
  pdf(name: PdfTemplate, context: object & { title: string; number: string }): string {
    return this.render('pdf/layout', { ...context, body: this.render(name, context) });
  }

  private render(name: TemplateName, context: object): string {
    const template = this.templates.get(name);
    if (!template) throw new Error(`No template ${name} in ${TEMPLATES_DIR}`);
    return template({ ...BRAND, ...context });
  }
}
