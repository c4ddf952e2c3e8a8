import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, StreamableFile } from '@nestjs/common';
import type { Request, Response } from 'express';
import Handlebars from 'handlebars';
import { type ApiError, BUSINESS, EMERGENCY_DEFAULTS, type EmergencyFormValues, type FieldError, routePath, SOS_COMMAND_FIELD, SOS_FORM_FIELDS, type SosFormField, telHref } from '@towing/contracts';

/**
 * The answers to the SOS form's native post (no script on the phone yet): small pages of their
 * own, styled inline, with the same words as the page's confirmation and the call button.
 */
const LAYOUT = Handlebars.compile<{ title: string; body: string }>(`<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{title}} | ${BUSINESS.name}</title>
<style>
body { font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0; padding: 16px; color: #1f2937; background: #f9fafb; }
main { max-width: 480px; margin: 0 auto; }
h1 { font-size: 22px; margin: 0 0 8px; }
.card { background: #fff; border-radius: 12px; padding: 16px; box-shadow: 0 1px 3px rgba(0, 0, 0, 0.12); margin-bottom: 16px; }
.call { box-sizing: border-box; display: block; text-align: center; background: #b91c1c; color: #fff; font-size: 20px; font-weight: 700; padding: 16px; border-radius: 10px; text-decoration: none; margin-top: 12px; border: 0; width: 100%; }
.muted { color: #4b5563; }
.errors { color: #b91c1c; }
label { display: block; font-weight: 600; margin-top: 12px; }
input, textarea { box-sizing: border-box; width: 100%; font: inherit; padding: 10px; border: 1px solid #6b7280; border-radius: 8px; }
[aria-invalid="true"] { border-color: #b91c1c; }
a { color: #1d4ed8; overflow-wrap: anywhere; }
</style>
</head>
<body><main>{{{body}}}</main></body>
</html>
`);

const CALL = `<a class="call" href="${telHref(BUSINESS.phoneE164)}">Call ${BUSINESS.phone}</a>`;

const SENT = Handlebars.compile<{ jobId: string; trackingUrl: string }>(`<div class="card" role="status">
<h1>Help is on the way!</h1>
<p class="muted">We've received your emergency request and are dispatching help immediately.</p>
<p><strong>We'll call you within ${EMERGENCY_DEFAULTS.callbackMinutes} minutes</strong></p>
<p>Job ID: <strong>{{jobId}}</strong></p>
<p>Track your job (the link is in our text too): <a href="{{trackingUrl}}">{{trackingUrl}}</a></p>
${CALL}
</div>`);

interface FieldView {
  name: SosFormField;
  label: string;
  value: string;
  multiline: boolean;
  /** A one-line field's input type (the phone's keypad for the phone). */
  type: 'text' | 'tel';
  required: boolean;
  error?: string;
}

const REFUSED = Handlebars.compile<{ errors: string[]; fields: FieldView[] }>(`<div class="card">
<h1>Request not sent</h1>
<ul class="errors" role="alert">{{#each errors}}<li>{{this}}</li>{{/each}}</ul>
${CALL}
</div>
<form class="card" method="post" action="${routePath('POST /api/sos/form')}">
{{#each fields}}
<label for="sos-{{name}}">{{label}}</label>
{{#if multiline}}<textarea id="sos-{{name}}" name="{{name}}" rows="2"{{#if error}} aria-invalid="true"{{/if}}>{{value}}</textarea>
{{else}}<input id="sos-{{name}}" name="{{name}}" type="{{type}}" value="{{value}}"{{#if required}} required{{/if}}{{#if error}} aria-invalid="true"{{/if}}>{{/if}}
{{/each}}
<button class="call" type="submit">Send Emergency Request</button>
</form>`);

/** The SOS page's own labels for its fields. */
const FIELDS: Record<SosFormField, Omit<FieldView, 'name' | 'value' | 'error'>> = {
  location: { label: 'Location', multiline: true, type: 'text', required: false },
  phone: { label: 'Phone', multiline: false, type: 'tel', required: true },
  name: { label: 'Name (optional)', multiline: false, type: 'text', required: false },
  vehicle: { label: 'Vehicle details', multiline: false, type: 'text', required: false },
  situation: { label: 'What happened?', multiline: true, type: 'text', required: false },
};

/** The command's field names back to the form's, for the reasons the command's validation gives. */
const FORM_FIELD_OF: Record<string, SosFormField> = Object.fromEntries(SOS_FORM_FIELDS.map((name) => [SOS_COMMAND_FIELD[name], name]));

/** What a native post carried, as the page's values: strings only, a repeated field's first. */
export function sosFormValues(body: unknown): EmergencyFormValues {
  const posted = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const text = (field: SosFormField) => {
    const value = Array.isArray(posted[field]) ? (posted[field] as unknown[])[0] : posted[field];
    return typeof value === 'string' ? value : '';
  };
  return Object.fromEntries(SOS_FORM_FIELDS.map((field) => [field, text(field)])) as Record<SosFormField, string>;
}

export function sosSentPage(jobId: string, trackingUrl: string): string {
  return LAYOUT({ title: 'Help is on the way', body: SENT({ jobId, trackingUrl }) });
}

/** The form again, as it was posted: each field at fault marked, and the reasons above it. */
export function sosRefusedPage(values: EmergencyFormValues, errors: FieldError[], message: string): string {
  const fields = SOS_FORM_FIELDS.map((name) => ({
    name,
    ...FIELDS[name],
    value: values[name],
    error: errors.find((error) => FORM_FIELD_OF[error.field] === name)?.message,
  }));
  const label = (field: string) => (FORM_FIELD_OF[field] ? FIELDS[FORM_FIELD_OF[field]].label : field);
  const reasons = errors.length > 0 ? errors.map((error) => `${label(error.field)}: ${error.message}`) : [message];
  return LAYOUT({ title: 'Request not sent', body: REFUSED({ errors: reasons, fields }) });
}

/** A page as the answer of an Endpoint whose answer is a file. */
export function htmlPage(html: string): StreamableFile {
  const bytes = Buffer.from(html);
  return new StreamableFile(bytes, { type: 'text/html; charset=utf-8', length: bytes.length });
}

/**
 * A refusal of the SOS form's native post (bad input, 400, or any other the API answers): the
 * form again, as posted, with the reasons and the call button, not the API's JSON.
 */
@Catch(HttpException)
export class SosFormRefusals implements ExceptionFilter {
  catch(exception: HttpException, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const raw = exception.getResponse();
    const { errors = [], message = exception.message } = typeof raw === 'object' ? (raw as Partial<ApiError>) : { message: raw };
    const page = sosRefusedPage(sosFormValues(http.getRequest<Request>().body), errors, Array.isArray(message) ? message.join('; ') : message);
    http.getResponse<Response>().status(exception.getStatus()).type('html').send(page);
  }
}
