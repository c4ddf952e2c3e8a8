import { type DriverJob, type DriverTapKind, type DriverTapRequest, metresBetween, tapOutcome, type TapState } from '@towing/contracts';
import type { QueuedRequest } from './offline/request-queue';

/** The taps still waiting on the phone for one job, oldest first. */
export function waitingTaps(queue: readonly QueuedRequest[], jobId: string): DriverTapRequest[] {
  return queue.filter((entry) => entry.kind === 'tap' && entry.jobId === jobId && 'json' in entry).map((entry) => (entry as { json: DriverTapRequest }).json);
}

/** The job as it will be once the taps waiting on the phone arrive (a tap the server would refuse is skipped). */
export function projected(job: DriverJob, taps: readonly DriverTapRequest[], driver: string): TapState {
  let state: TapState = { status: job.status, progress: job.progress, assignedTo: job.assignedTo, acknowledged: job.acknowledgement !== null };
  for (const tap of taps) {
    const outcome = tapOutcome(job.id, state, tap.kind, driver);
    if ('next' in outcome && outcome.next) state = outcome.next;
  }
  return state;
}

/** The taps that would do something now, in the order a job goes. */
export function tapsOffered(job: DriverJob, state: TapState, driver: string): DriverTapKind[] {
  const kinds: DriverTapKind[] = ['acknowledge', 'take', 'enRoute', 'onScene', 'towing', 'complete'];
  return kinds.filter((kind) => {
    const outcome = tapOutcome(job.id, state, kind, driver);
    return 'next' in outcome && outcome.next !== null;
  });
}

/** "12 min", "2 h 5 min": how long someone has been waiting. */
export function waitingFor(since: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** Straight-line distance from the phone, as people say it: "850 m", "12.4 km", "140 km". */
export function distanceText(from: { lat: number; lng: number }, to: { lat: number; lng: number }): string {
  const km = metresBetween(from, to) / 1000;
  if (km < 1) return `${Math.round(km * 1000)} m`;
  return km < 100 ? `${km.toFixed(1)} km` : `${Math.round(km)} km`;
}
