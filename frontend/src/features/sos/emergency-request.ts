import { BUSINESS, EMERGENCY_DEFAULTS, type CreateEmergencyJobRequest } from '@towing/contracts';
import { telHref } from '../../lib/tel';

export interface GpsFix {
  lat: number;
  lng: number;
}

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
export const NOTES_MARKER = 'EMERGENCY RECOVERY REQUEST';

export function formatGps({ lat, lng }: GpsFix): string {
  return `${lat.toFixed(6)}, ${lng.toFixed(6)}`;
}

/** The location box text when reverse geocoding is unavailable. */
export function gpsLocationText(fix: GpsFix): string {
  return `GPS: ${formatGps(fix)}`;
}

export function mapsLink({ lat, lng }: GpsFix): string {
  return `https://maps.google.com/?q=${lat.toFixed(6)},${lng.toFixed(6)}`;
}

export const callHref = telHref(BUSINESS.phoneE164);

export function smsHref(gps: GpsFix | null): string {
  const body = gps ? `${SMS_TEXT} GPS: ${formatGps(gps)}` : SMS_TEXT;
  return `sms:${BUSINESS.phoneE164}?body=${encodeURIComponent(body)}`;
}

function orDefault(value: string, fallback: string): string {
  return value.trim() || fallback;
}

/** Dispatch reads these notes on the phone while driving out, so coordinates and a map link come first-hand. */
export function buildEmergencyNotes(values: EmergencyFormValues, gps: GpsFix | null): string {
  const lines = [NOTES_MARKER];
  if (gps) lines.push(gpsLocationText(gps));
  lines.push(`Vehicle: ${orDefault(values.vehicle, EMERGENCY_DEFAULTS.vehicle)}`);
  lines.push(`Situation: ${orDefault(values.situation, EMERGENCY_DEFAULTS.situation)}`);
  if (gps) lines.push(`Google Maps: ${mapsLink(gps)}`);
  return lines.join('\n');
}

export function buildEmergencyRequest(
  values: EmergencyFormValues,
  gps: GpsFix | null,
  now: Date = new Date(),
): CreateEmergencyJobRequest {
  const request: CreateEmergencyJobRequest = {
    customerName: orDefault(values.name, EMERGENCY_DEFAULTS.customerName),
    phone: values.phone.trim(),
    service: EMERGENCY_DEFAULTS.service,
    location: orDefault(values.location, EMERGENCY_DEFAULTS.location),
    notes: buildEmergencyNotes(values, gps),
    status: 'Emergency',
    assignedTo: 'Unassigned',
    estimatedArrival: new Date(now.getTime() + EMERGENCY_DEFAULTS.arrivalMinutes * 60_000).toISOString(),
    progress: 0,
  };
  const email = values.email?.trim();
  if (email) request.email = email;
  return request;
}
