import { BUSINESS, type Coordinates, gpsLocationText, type PhoneFix, smsHref as smsLink, telHref } from '@towing/contracts';

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
