import {
  BUSINESS,
  type Coordinates,
  type CreateSosRequest,
  givenText,
  gpsLocationText,
  smsHref as smsLink,
  telHref,
} from '@towing/contracts';

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

export const SMS_TEXT = 'EMERGENCY: I need 4x4 recovery assistance';

/** The fix as the Geolocation API reports it. */
export function phoneFix(position: Pick<GeolocationPosition, 'coords' | 'timestamp'>): PhoneFix {
  return {
    lat: position.coords.latitude,
    lng: position.coords.longitude,
    accuracyM: Math.round(position.coords.accuracy),
    fixedAt: new Date(position.timestamp).toISOString(),
  };
}

export const callHref = telHref(BUSINESS.phoneE164);

export function smsHref(position: Coordinates | null): string {
  return smsLink(BUSINESS.phoneE164, position ? `${SMS_TEXT} ${gpsLocationText(position)}` : SMS_TEXT);
}

/**
 * The SOS command's body: what the driver typed, trimmed, blank answers left out, and the fix.
 * The server fills the defaults.
 */
export function buildSosRequest(values: EmergencyFormValues, fix: PhoneFix | null): CreateSosRequest {
  const typed = {
    customerName: values.name,
    email: values.email,
    location: values.location,
    vehicle: values.vehicle,
    situation: values.situation,
  };
  const request: CreateSosRequest = { phone: values.phone.trim() };
  for (const [field, value] of Object.entries(typed) as Array<[keyof typeof typed, string | undefined]>) {
    const text = givenText(value);
    if (text) request[field] = text;
  }
  if (fix) request.gps = fix;
  return request;
}
