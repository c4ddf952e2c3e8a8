import { IsEmail, IsInt, IsISO8601, IsString, Max, MaxLength, Min } from 'class-validator';
import type { Coordinates, CreateEmergencyJobRequest, CreateSosRequest } from '@towing/contracts';
import { IsPhone, Optional } from '../../common/dto-rules.js';
import { SOS_PHONE } from './create-sos.dto.js';

/**
 * The spec's emergency payload for POST /api/jobs, the alias of POST /api/sos. status,
 * assignedTo, progress and estimatedArrival are accepted for the spec's shape but the server
 * decides them.
 */
export class CreateEmergencyJobDto implements CreateEmergencyJobRequest {
  @IsPhone(SOS_PHONE)
  phone: string;

  @Optional() @IsString() @MaxLength(100) customerName?: string;
  @Optional() @IsEmail({}, { message: 'Please enter a valid email address' }) @MaxLength(100) email?: string;
  @Optional() @IsString() @MaxLength(100) service?: string;
  @Optional() @IsString() @MaxLength(500) location?: string;
  @Optional() @IsString() @MaxLength(5000) notes?: string;
  @Optional() @IsString() @MaxLength(20) status?: string;
  @Optional() @IsString() @MaxLength(50) assignedTo?: string;
  @Optional() @IsISO8601({}, { message: 'estimatedArrival must be an ISO 8601 date-time' }) estimatedArrival?: string;
  @Optional() @IsInt() @Min(0) @Max(100) progress?: number;
}

/**
 * The lines the spec's emergency page writes into its notes: the marker,
 * the fix, the vehicle, the situation and a map link. The map link and the marker say nothing
 * the job does not already hold.
 */
const MARKER = 'EMERGENCY RECOVERY REQUEST';
const FIELD_LINES = { vehicle: 'Vehicle: ', situation: 'Situation: ' } as const;
const DERIVED_LINE = /^(GPS: |Google Maps: )/;
/** The fix as the page writes it, in the notes or as the location when it found no address: 'GPS: -20.736812, 116.846254'. */
const GPS_IN_TEXT = /GPS: (-?\d{1,2}\.\d{3,}),\s*(-?\d{1,3}\.\d{3,})/;

function fixIn(...texts: Array<string | undefined>): Coordinates | null {
  for (const text of texts) {
    const match = text ? GPS_IN_TEXT.exec(text) : null;
    if (!match) continue;
    const [lat, lng] = [Number(match[1]), Number(match[2])];
    if (Math.abs(lat) <= 90 && Math.abs(lng) <= 180) return { lat, lng };
  }
  return null;
}

/**
 * The one place the spec's payload becomes the SOS command: its fields are read out of the
 * notes here, once, and what is left of the notes is the sender's own text.
 */
export function sosCommandOf(payload: CreateEmergencyJobDto): CreateSosRequest {
  const command: CreateSosRequest = { phone: payload.phone, customerName: payload.customerName, email: payload.email, location: payload.location };
  const gps = fixIn(payload.location, payload.notes);
  if (gps) command.gps = gps;
  const rest: string[] = [];
  for (const line of payload.notes?.split('\n') ?? []) {
    const field = (Object.keys(FIELD_LINES) as Array<keyof typeof FIELD_LINES>).find((name) => line.startsWith(FIELD_LINES[name]));
    if (field) command[field] ??= line.slice(FIELD_LINES[field].length);
    else if (line !== MARKER && !DERIVED_LINE.test(line)) rest.push(line);
  }
  const notes = rest.join('\n').trim();
  if (notes) command.notes = notes;
  return command;
}
