import type { EmergencyFormValues } from '@towing/contracts';

/**
 * What the SOS page's markup (SosPage.tsx, rendered to HTML at build time) and its script
 * (sos-page.ts, the only code the phone runs there) agree on: the elements' ids and the texts the
 * script swaps in.
 */
export const SOS_FIELD_IDS = {
  location: 'sos-location',
  phone: 'sos-phone',
  name: 'sos-name',
  vehicle: 'sos-vehicle',
  situation: 'sos-situation',
} as const satisfies Record<Exclude<keyof EmergencyFormValues, 'email'>, string>;

export const SOS_IDS = {
  sms: 'sos-sms',
  confirmation: 'sos-confirmation',
  jobId: 'sos-job-id',
  tracking: 'sos-tracking',
  trackingLink: 'sos-tracking-link',
  photoStatus: 'sos-photo-status',
  form: 'sos-form',
  refresh: 'sos-refresh',
  photo: 'sos-photo',
  photoLabel: 'sos-photo-label',
  photoHelp: 'sos-photo-help',
  send: 'sos-send',
  queued: 'sos-queued',
  queuedTitle: 'sos-queued-title',
  queuedTime: 'sos-queued-time',
  sendNow: 'sos-send-now',
} as const;

export const PHOTO_LABEL = { none: 'Take or choose a photo', chosen: 'Change photo' } as const;

export const QUEUED_TITLE = {
  waiting: 'Request saved offline - waiting for signal',
  sending: 'Sending your saved emergency request...',
} as const;
