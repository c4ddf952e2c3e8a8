import type { Announcement, Booking, Email, Job, Notification } from '@towing/contracts';
import { create } from 'zustand';

export interface AdminSnapshot {
  jobs: Job[];
  bookings: Booking[];
  emails: Email[];
  notifications: Notification[];
  announcements: Announcement[];
  availableDrivers: number;
}

interface AdminState extends AdminSnapshot {
  loaded: boolean;
  /** SOS jobs nobody has opened or acted on yet: highlighted until someone does. */
  unseenSos: ReadonlySet<string>;
  /** The job whose card is open (from a map pin, an SOS card or the list); null when none. */
  openJobId: string | null;
  replace(snapshot: Partial<AdminSnapshot>): void;
  upsertJob(job: Job): void;
  removeJob(id: string): void;
  upsertBooking(booking: Booking): void;
  upsertEmail(email: Email): void;
  upsertNotification(notification: Notification): void;
  setAvailableDrivers(available: number): void;
  sosArrived(id: string): void;
  sosSeen(id: string): void;
  openJob(id: string | null): void;
}

/** Newest first by creation time; equal times keep their order (the sort is stable). */
const newestFirst = <T extends { createdAt: string }>(items: T[]) =>
  items.sort((a, b) => (a.createdAt === b.createdAt ? 0 : a.createdAt < b.createdAt ? 1 : -1));

function upsert<T extends { id: string | number }>(items: T[], item: T, sort: (items: T[]) => T[]): T[] {
  const index = items.findIndex((candidate) => candidate.id === item.id);
  if (index === -1) return sort([item, ...items]);
  const next = items.slice();
  next[index] = item;
  return next;
}

const byTimestamp = (emails: Email[]) => emails.sort((a, b) => (a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : b.id - a.id));

export const useAdminStore = create<AdminState>()((set) => ({
  jobs: [],
  bookings: [],
  emails: [],
  notifications: [],
  announcements: [],
  availableDrivers: 0,
  loaded: false,
  unseenSos: new Set<string>(),
  openJobId: null,
  replace: (snapshot) =>
    set((state) => ({
      ...snapshot,
      loaded: true,
      // A job deleted while we were away can no longer be highlighted.
      unseenSos: snapshot.jobs ? new Set([...state.unseenSos].filter((id) => snapshot.jobs!.some((job) => job.id === id))) : state.unseenSos,
    })),
  upsertJob: (job) => set((state) => ({ jobs: upsert(state.jobs, job, newestFirst) })),
  removeJob: (id) =>
    set((state) => {
      const unseenSos = new Set(state.unseenSos);
      unseenSos.delete(id);
      return { jobs: state.jobs.filter((job) => job.id !== id), unseenSos, openJobId: state.openJobId === id ? null : state.openJobId };
    }),
  // The board lists pending bookings only: an approved one leaves the list.
  upsertBooking: (booking) =>
    set((state) =>
      booking.status === 'pending'
        ? { bookings: upsert(state.bookings, booking, newestFirst) }
        : { bookings: state.bookings.filter((candidate) => candidate.id !== booking.id) },
    ),
  upsertEmail: (email) => set((state) => ({ emails: upsert(state.emails, email, byTimestamp) })),
  upsertNotification: (notification) =>
    set((state) => ({ notifications: upsert(state.notifications, notification, (items) => items.sort((a, b) => b.id - a.id)) })),
  setAvailableDrivers: (availableDrivers) => set({ availableDrivers }),
  sosArrived: (id) => set((state) => ({ unseenSos: new Set(state.unseenSos).add(id) })),
  openJob: (openJobId) => set({ openJobId }),
  sosSeen: (id) =>
    set((state) => {
      if (!state.unseenSos.has(id)) return state;
      const unseenSos = new Set(state.unseenSos);
      unseenSos.delete(id);
      return { unseenSos };
    }),
}));
