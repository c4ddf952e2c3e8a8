import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Injectable } from '@nestjs/common';
import Handlebars from 'handlebars';
import { BUSINESS } from '@towing/contracts';

const TEMPLATES_DIR = fileURLToPath(new URL('../../templates', import.meta.url));

export type SmsTemplate = 'sms/sos-driver' | 'sms/sos-oncall' | 'sms/job-created' | 'sms/booking-received' | 'sms/booking-approved' | 'sms/job-en-route' | 'sms/job-completed';
export type EmailTemplate = 'email/sos-alert' | 'email/job-created' | 'email/booking-alert' | 'email/booking-received' | 'email/booking-approved' | 'email/job-completed-summary' | 'email/contact-received' | 'email/fleet-inquiry-received' | 'email/feedback-received';
type TemplateName = SmsTemplate | EmailTemplate | 'email/layout';

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
      // SMS is plain text: escaping would put &amp; into a driver's message.
      const noEscape = name.startsWith('sms/');
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

  private render(name: TemplateName, context: object): string {
    const template = this.templates.get(name);
    if (!template) throw new Error(`No template ${name} in ${TEMPLATES_DIR}`);
    return template({ ...BRAND, ...context });
  }
}
