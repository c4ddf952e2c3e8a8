import type { Job, JobStatus } from './jobs.js';

/**
 * What one client address's SOS may make us do. Every SOS is stored and shown; past its
 * source's allowance an SOS is held: nobody is texted or alerted for it until a dispatcher
 * releases it. The source is an address (an IPv6 /64), stored only as a keyed hash.
 */
export interface SosAdmission {
  /** The keyed hash of the client address (64 hex characters). */
  source: string;
  held: boolean;
  /** The address had sent no SOS in the hour before this one: its caller's driver text may use the budget kept for new callers. */
  newSource: boolean;
  /** The SOS came as a text (POST /api/sms/inbound): its answer goes back over that number, perhaps a satellite messenger, so it fits one SMS. */
  byText?: boolean;
}

/** The admin jobs list answers at most this many jobs, whatever is asked. */
export const JOB_LIST_MAX_PAGE = 200;

/** Closed jobs the board lists without a search: those updated in the last this many days. */
export const JOB_LIST_RECENT_DAYS = 7;

/**
 * GET /api/jobs. Without search, status or before: the board's window, every open job (held
 * SOS folded, not listed) and the recently closed ones. With any of them: every job that
 * matches, held ones included, newest first, one page of at most `limit`.
 */
export interface JobListQuery {
  /** Matches the id, customer, phone, email, location, vehicle, situation and notes. */
  search?: string;
  status?: JobStatus;
  /** ISO time: only jobs created before it (the next page starts at the last job's createdAt). */
  before?: string;
  /** At most JOB_LIST_MAX_PAGE. */
  limit?: number;
}

/** GET /api/jobs/count: every job the board counts (held SOS are folded, not counted), not just its window. */
export interface JobCount {
  total: number;
}

/** One address whose SOS are held, as the board folds them into one line. */
export interface HeldSosSource {
  source: string;
  /** Held SOS from it that nobody has released or discarded yet. */
  count: number;
  /** Distinct phone numbers among them. */
  phones: number;
  firstAt: string;
  lastAt: string;
}

/** The held SOS of one source, newest first, at most JOB_LIST_MAX_PAGE of them. */
export interface HeldSosJobs {
  source: HeldSosSource | null;
  jobs: Job[];
}

/** POST /api/sos-holds/:source/release and /discard: all of the source's held SOS, or only these. */
export interface SettleHeldSosRequest {
  jobIds?: string[];
}

export interface SettleHeldSosResponse {
  /** How many held SOS were released (texts and alerts go out for each) or discarded (cancelled). */
  settled: number;
}

/** The board's one line for a held source: "612 SOS from one address in 10 min: held, not texted". */
export function heldSourceLine(source: Pick<HeldSosSource, 'count' | 'firstAt' | 'lastAt'>): string {
  const minutes = Math.max(1, Math.round((Date.parse(source.lastAt) - Date.parse(source.firstAt)) / 60_000));
  const span = minutes < 60 ? `${minutes} min` : `${Math.round(minutes / 60)} h`;
  return `${source.count} SOS from one address in ${span}: held, not texted`;
}
