import type { Booking, Email, Job, JobPhoto, Notification, ReviewedTestimonial } from '@towing/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../shared/api/client';
import { queryClient } from '../../shared/query/queryClient';
import { refetchOn, removeById, socketToCache, upsertById, useLiveQuery } from '../../shared/realtime/live-query';

/** Where the board's server data sits in the query cache. */
export const BOARD = {
  jobs: ['jobs'],
  pendingBookings: ['bookings', 'pending'],
  emails: ['emails'],
  notifications: ['notifications'],
  announcements: ['announcements', 'all'],
  drivers: ['dispatch', 'drivers'],
  photos: ['job-photos'],
  pendingTestimonials: ['testimonials', 'pending'],
  /** Jobs the server found for a search: under their own key, since a new job must not join a search's answer. */
  searched: ['jobs-searched'],
  /** The Total Jobs tile: the server's count, since the board holds only a window of the jobs. */
  total: ['jobs-total'],
} as const;

export const jobPhotosKey = (jobId: string) => [...BOARD.photos, jobId] as const;

/** Newest first by creation time. */
const newestFirst = <T extends { createdAt: string }>(a: T, b: T) => (a.createdAt === b.createdAt ? 0 : a.createdAt < b.createdAt ? 1 : -1);
const newestEmailFirst = (a: Email, b: Email) => (a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : b.id - a.id);
const newestNotificationFirst = (a: Notification, b: Notification) => b.id - a.id;

/** A job as the server now has it, from a push or from the answer to this board's own change. */
export const withJob = (jobs: Job[], job: Job) => upsertById(jobs, job, newestFirst);
/** The board lists pending bookings only: an approved one leaves the list. */
export const withBooking = (bookings: Booking[], booking: Booking) =>
  booking.status === 'pending' ? upsertById(bookings, booking, newestFirst) : removeById(bookings, booking.id);

socketToCache('job:created', BOARD.jobs, withJob);
// Admin sockets get the full job; the public view only goes to watchers of one job.
socketToCache('job:updated', BOARD.jobs, (jobs: Job[], job) => ('phone' in job ? withJob(jobs, job) : jobs));
socketToCache('job:deleted', BOARD.jobs, (jobs: Job[], { id }) => removeById(jobs, id));
// A job a search found stays as the server has it; a push never adds one to the answer.
socketToCache('job:updated', BOARD.searched, (jobs: Job[], job) =>
  'phone' in job && jobs.some((known) => known.id === job.id) ? withJob(jobs, job) : jobs,
);
socketToCache('job:deleted', BOARD.searched, (jobs: Job[], { id }) => removeById(jobs, id));
socketToCache('booking:created', BOARD.pendingBookings, withBooking);
socketToCache('booking:updated', BOARD.pendingBookings, withBooking);
socketToCache('email:created', BOARD.emails, (emails: Email[], email) => upsertById(emails, email, newestEmailFirst));
socketToCache('email:updated', BOARD.emails, (emails: Email[], email) => upsertById(emails, email, newestEmailFirst));
socketToCache('notification:updated', BOARD.notifications, (notifications: Notification[], notification) =>
  upsertById(notifications, notification, newestNotificationFirst),
);
socketToCache('drivers:changed', BOARD.drivers, (_current: { available: number }, { available }) => ({ available }));
socketToCache('job:photoAdded', BOARD.photos, (photos: JobPhoto[], photo, queryKey) =>
  queryKey[1] === photo.jobId && !photos.some((known) => known.id === photo.id) ? [...photos, photo] : photos,
);
/** Testimonials waiting for review: a decided one leaves the list. */
export const withTestimonial = (pending: ReviewedTestimonial[], testimonial: ReviewedTestimonial) =>
  testimonial.status === 'pending' ? [...removeById(pending, testimonial.id), testimonial] : removeById(pending, testimonial.id);
socketToCache('testimonial:updated', BOARD.pendingTestimonials, withTestimonial);
/** A flood brings a job:created per SOS: the total is read again at most this often. */
export const TOTAL_REREAD_MS = 2000;
// A released held SOS comes back as an update; a deleted job leaves the count.
for (const event of ['job:created', 'job:updated', 'job:deleted'] as const) refetchOn(event, BOARD.total, { atMostEveryMs: TOTAL_REREAD_MS });
// The push carries only the active list; the board also shows inactive ones, so it reads them again.
refetchOn('announcements:changed', BOARD.announcements);

const NONE: never[] = [];

/** The jobs on the board; none until the first read (the board shows itself only after it). */
export const useJobs = (): Job[] => useBoardJobs().data ?? NONE;
export const useBoardJobs = () => useLiveQuery({ queryKey: BOARD.jobs, queryFn: () => api.call('GET /api/jobs') });
/** How long the board's search waits for typing to pause before asking the server. */
export const SEARCH_PAUSE_MS = 300;

function usePaused(text: string, ms: number): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

/**
 * Every job the server finds for the board's search, older ones too: the board keeps only a
 * window (open jobs and recent ones). Nothing is asked while the box is empty.
 */
export function useSearchedJobs(search: string): Job[] {
  const asked = usePaused(search.trim(), SEARCH_PAUSE_MS);
  const found = useQuery(
    {
      queryKey: [...BOARD.searched, asked],
      queryFn: ({ signal }) => api.call('GET /api/jobs', { query: { search: asked }, signal }),
      enabled: asked !== '',
    },
    queryClient,
  );
  return (asked && found.data) || NONE;
}

export const useJobsTotal = () => useLiveQuery({ queryKey: BOARD.total, queryFn: () => api.call('GET /api/jobs/count') });
export const usePendingBookings = () =>
  useLiveQuery({ queryKey: BOARD.pendingBookings, queryFn: () => api.call('GET /api/bookings', { query: { status: 'pending' } }) });
export const useEmails = () => useLiveQuery({ queryKey: BOARD.emails, queryFn: () => api.call('GET /api/emails') });
export const useNotificationsLog = () => useLiveQuery({ queryKey: BOARD.notifications, queryFn: () => api.call('GET /api/notifications') });
export const useAllAnnouncements = () => useLiveQuery({ queryKey: BOARD.announcements, queryFn: () => api.call('GET /api/announcements') });
export const usePendingTestimonials = () =>
  useLiveQuery({ queryKey: BOARD.pendingTestimonials, queryFn: () => api.call('GET /api/testimonials/review', { query: { status: 'pending' } }) });
export const useDriversAvailable = () => useLiveQuery({ queryKey: BOARD.drivers, queryFn: () => api.call('GET /api/dispatch/drivers') });

/** What this board's own change answered goes into the cache as a push would. */
export function jobChanged(job: Job): void {
  queryClient.setQueryData<Job[]>(BOARD.jobs, (jobs) => jobs && withJob(jobs, job));
}

export function jobRemoved(id: string): void {
  queryClient.setQueryData<Job[]>(BOARD.jobs, (jobs) => jobs && removeById(jobs, id));
}

export function bookingChanged(booking: Booking): void {
  queryClient.setQueryData<Booking[]>(BOARD.pendingBookings, (bookings) => bookings && withBooking(bookings, booking));
}

export function driversChanged(available: number): void {
  queryClient.setQueryData(BOARD.drivers, { available });
}

export function announcementsChanged(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: BOARD.announcements });
}

export function testimonialChanged(testimonial: ReviewedTestimonial): void {
  queryClient.setQueryData<ReviewedTestimonial[]>(BOARD.pendingTestimonials, (pending) => pending && withTestimonial(pending, testimonial));
}
