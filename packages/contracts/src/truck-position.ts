import { getDistance } from 'geolib';
import type { Coordinates } from './map-links.js';
import type { JobStatus } from './jobs.js';

/**
 * While a job is in these statuses its truck is on the way or at the scene: the driver's phone
 * shares its position and the customer's tracking page shows it. Nothing is shared otherwise.
 */
export const POSITION_SHARING_STATUSES = ['En Route', 'In Progress'] as const satisfies readonly JobStatus[];

export function isPositionSharingStatus(status: string): boolean {
  return (POSITION_SHARING_STATUSES as readonly string[]).includes(status);
}

/** How the driver's phone sends: a fix when this long has passed or the truck moved this far, whichever first. */
export const POSITION_SEND = { everyMs: 20_000, everyMetres: 150 } as const;
/** At most this many fixes in one request: a phone that was offline for a long drive sends in several. */
export const POSITION_BATCH_MAX = 50;
/** A fix older than this is shown as stale rather than as where the truck is. */
export const POSITION_STALE_AFTER_MS = 3 * 60_000;

/**
 * The ETA from the straight-line distance: Pilbara roads wind around ranges and creeks, so the
 * road is taken as this much longer than the straight line, driven at this average speed
 * (a tow truck on bitumen and gravel, towns included). Shown as "about".
 */
export const TRUCK_ETA = { roadFactor: 1.4, averageSpeedKmh: 70 } as const;

/** One fix as the driver's phone took it. */
export interface PositionFix {
  lat: number;
  lng: number;
  /** Metres, as the phone reported it. */
  accuracyM?: number;
  /** When the phone took the fix (ISO 8601). */
  fixedAt: string;
}

/** POST /api/jobs/:id/positions: the fixes the phone took since it last sent, oldest first. */
export interface PositionBatchRequest {
  fixes: PositionFix[];
}

export interface PositionBatchResponse {
  /** How many of the fixes were new (a resent batch stores nothing twice). */
  stored: number;
}

/** Where a job's truck was last seen: pushed as `job:position` and read with GET .../position. */
export interface TruckPosition {
  jobId: string;
  lat: number;
  lng: number;
  accuracyM: number | null;
  /** When the phone took the fix: what its age is counted from. */
  fixedAt: string;
  /** When the server received it. */
  receivedAt: string;
  /** Straight line from the truck to the job's own GPS fix, when the job has one. */
  distanceKm: number | null;
}

/** The board's view of a truck: its position and who drives it. */
export interface BoardTruck extends TruckPosition {
  assignedTo: string;
  status: JobStatus;
}

/** GET /api/jobs/:id/position: the tracking page's read (its watch key is the proof). */
export interface TruckPositionQuery {
  key: string;
}

export interface TruckPositionResponse {
  /** Null when the job's truck is not on its way or there is no fix yet. */
  position: TruckPosition | null;
}

/** Metres between two points on the ground (great circle). */
export function metresBetween(from: Coordinates, to: Coordinates): number {
  return getDistance({ latitude: from.lat, longitude: from.lng }, { latitude: to.lat, longitude: to.lng }, 1);
}

/** Kilometres, to one decimal. */
export function straightLineKm(from: Coordinates, to: Coordinates): number {
  return Math.round(metresBetween(from, to) / 100) / 10;
}

/** Whole minutes the truck needs for a straight-line distance (TRUCK_ETA), at least 1. */
export function etaMinutes(distanceKm: number): number {
  return Math.max(1, Math.round(((distanceKm * TRUCK_ETA.roadFactor) / TRUCK_ETA.averageSpeedKmh) * 60));
}

/** "about 25 min", "about 1 h 40 min". */
export function etaText(distanceKm: number): string {
  const minutes = etaMinutes(distanceKm);
  if (minutes < 60) return `about ${minutes} min`;
  const rest = minutes % 60;
  return `about ${Math.floor(minutes / 60)} h${rest ? ` ${rest} min` : ''}`;
}

/** "updated 40 s ago", "updated 2 min ago". */
export function fixAgeText(fixedAt: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(fixedAt)) / 1000));
  if (seconds < 60) return `updated ${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `updated ${minutes} min ago`;
  return `updated ${Math.floor(minutes / 60)} h ${minutes % 60} min ago`;
}

export function isStaleFix(fixedAt: string, now: number): boolean {
  return now - Date.parse(fixedAt) > POSITION_STALE_AFTER_MS;
}

/**
 * Whether the phone should send now: the first fix, or POSITION_SEND's time or distance since
 * the last fix it sent.
 */
export function isDueToSend(last: { at: number; position: Coordinates } | null, now: number, position: Coordinates): boolean {
  if (!last) return true;
  return now - last.at >= POSITION_SEND.everyMs || metresBetween(last.position, position) >= POSITION_SEND.everyMetres;
}
