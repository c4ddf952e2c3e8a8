import type { CreateSosRequest } from './jobs.js';
import { givenText } from './text.js';

/** What the phone's GPS said, as POST /api/sos carries it. */
export type PhoneFix = Required<NonNullable<CreateSosRequest['gps']>>;

/** What the stranded driver typed, untrimmed. */
export interface EmergencyFormValues {
  name: string;
  phone: string;
  email?: string;
  location: string;
  vehicle: string;
  situation: string;
}

/** The form's fields by their `name`, in the page's order: what a native post carries. */
export const SOS_FORM_FIELDS = ['location', 'phone', 'name', 'vehicle', 'situation'] as const satisfies ReadonlyArray<keyof EmergencyFormValues>;
export type SosFormField = (typeof SOS_FORM_FIELDS)[number];

/**
 * POST /api/sos/form, application/x-www-form-urlencoded: the SOS page's form posted natively,
 * before (or without) its script; one bar of signal may never bring the script. Answered with
 * a page. The page's script, once it runs, sends the JSON command (POST /api/sos) instead.
 */
export type SosFormBody = Partial<Record<SosFormField, string>>;

/** Which field of the SOS command each form field fills (the form's `name` is the command's customerName). */
export const SOS_COMMAND_FIELD = {
  location: 'location',
  phone: 'phone',
  name: 'customerName',
  vehicle: 'vehicle',
  situation: 'situation',
} as const satisfies Record<SosFormField, keyof CreateSosRequest>;

/**
 * The SOS command's body: what the driver typed, trimmed, blank answers left out, and the fix.
 * The server fills the defaults.
 */
export function buildSosRequest(values: EmergencyFormValues, fix: PhoneFix | null): CreateSosRequest {
  const request: CreateSosRequest = { phone: values.phone.trim() };
  for (const field of SOS_FORM_FIELDS.filter((name): name is Exclude<SosFormField, 'phone'> => name !== 'phone')) {
    const text = givenText(values[field]);
    if (text) request[SOS_COMMAND_FIELD[field]] = text;
  }
  const email = givenText(values.email);
  if (email) request.email = email;
  if (fix) request.gps = fix;
  return request;
}

/**
 * The first automatic retry of a queued SOS (the SOS page's queue; bench:load's phones do the same)
 * comes after this long; each failure doubles it.
 */
export const SOS_FIRST_RETRY_MS = 3_000;
/** ...up to this: a stranded driver's request is tried at least twice a minute while the page is open. */
export const SOS_MAX_RETRY_MS = 30_000;

/** How long to wait before the next try, after `failures` tries in a row have failed. */
export function sosRetryDelay(failures: number): number {
  return Math.min(SOS_MAX_RETRY_MS, SOS_FIRST_RETRY_MS * 2 ** Math.max(0, failures));
}
