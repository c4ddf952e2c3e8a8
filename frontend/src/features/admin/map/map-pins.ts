import { type GpsFix, isActiveJobStatus, type Job, SERVICE_AREA_BOUNDARY } from '@towing/contracts';

export interface MapPin {
  job: Job;
  fix: GpsFix;
  sos: boolean;
}

/** South-west and north-east corners, as Leaflet takes them. */
export type ViewBounds = [[number, number], [number, number]];

/**
 * Every open job with a position, SOS first (their pins are drawn last, on top of the rest);
 * open jobs without one are listed beside the map instead.
 */
export function mapPins(jobs: readonly Job[]): { pins: MapPin[]; withoutFix: Job[] } {
  const open = jobs.filter((job) => isActiveJobStatus(job.status));
  const pins = open
    .filter((job): job is Job & { gps: GpsFix } => job.gps !== null)
    .map((job) => ({ job, fix: job.gps, sos: job.status === 'Emergency' }))
    .sort((a, b) => Number(b.sos) - Number(a.sos));
  return { pins, withoutFix: open.filter((job) => job.gps === null) };
}

/**
 * Which pins are where, whatever their order or status: the map refits its view when this
 * changes, and only then, so a push about some other part of a job leaves the dispatcher's own
 * pan and zoom alone.
 */
export function pinSetKey(pins: readonly MapPin[]): string {
  return pins
    .map(({ job, fix }) => `${job.id}@${fix.lat},${fix.lng}`)
    .sort()
    .join('|');
}

/** Along a meridian, on the sphere Leaflet draws the service area's circle on. */
const KM_PER_DEGREE_LAT = (Math.PI * 6371) / 180;

/** The service area and every pin in one view: a pin far outside the area widens it. */
export function viewBounds(pins: readonly MapPin[]): ViewBounds {
  const { center, radiusKm } = SERVICE_AREA_BOUNDARY;
  const latSpan = radiusKm / KM_PER_DEGREE_LAT;
  const lngSpan = radiusKm / (KM_PER_DEGREE_LAT * Math.cos((center.lat * Math.PI) / 180));
  let [south, west, north, east] = [center.lat - latSpan, center.lng - lngSpan, center.lat + latSpan, center.lng + lngSpan];
  for (const { fix } of pins) {
    south = Math.min(south, fix.lat);
    north = Math.max(north, fix.lat);
    west = Math.min(west, fix.lng);
    east = Math.max(east, fix.lng);
  }
  return [
    [south, west],
    [north, east],
  ];
}
