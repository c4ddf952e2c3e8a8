import type { Announcement, Booking, DriversAvailability, Email, Job, Notification } from '@towing/contracts';
import { useCallback } from 'react';
import { api } from '../../api/client';
import { useOnSocketConnect } from '../../realtime/useOnSocketConnect';
import { useSocketEvent } from '../../realtime/useSocketEvent';
import { useAdminStore } from './admin.store';
import { raiseSosAlert } from './sos-alert';

/** Re-reads everything the board shows; run on every socket connect, since pushes missed while away are lost. */
export async function loadBoard(): Promise<void> {
  const [jobs, bookings, emails, notifications, announcements, drivers] = await Promise.all([
    api.get<Job[]>('/api/jobs'),
    api.get<Booking[]>('/api/bookings?status=pending'),
    api.get<Email[]>('/api/emails'),
    api.get<Notification[]>('/api/notifications'),
    api.get<Announcement[]>('/api/announcements'),
    api.get<DriversAvailability>('/api/dispatch/drivers'),
  ]);
  useAdminStore.getState().replace({ jobs, bookings, emails, notifications, announcements, availableDrivers: drivers.available });
}

export async function reloadAnnouncements(): Promise<void> {
  useAdminStore.getState().replace({ announcements: await api.get<Announcement[]>('/api/announcements') });
}

/** Keeps the board live from socket pushes alone: no polling. */
export function useAdminLiveData(onLoadError: (error: Error) => void): void {
  const reload = useCallback(() => {
    loadBoard().catch(onLoadError);
  }, [onLoadError]);
  useOnSocketConnect(reload);

  const store = useAdminStore.getState;
  useSocketEvent('job:created', (job) => {
    store().upsertJob(job);
    if (job.status === 'Emergency') {
      store().sosArrived(job.id);
      raiseSosAlert(job);
    }
  });
  // Admin sockets get the full job; the public view only goes to watchers of one job.
  useSocketEvent('job:updated', (job) => {
    if ('phone' in job) store().upsertJob(job);
  });
  useSocketEvent('job:deleted', ({ id }) => store().removeJob(id));
  useSocketEvent('booking:created', (booking) => store().upsertBooking(booking));
  useSocketEvent('booking:updated', (booking) => store().upsertBooking(booking));
  useSocketEvent('email:created', (email) => store().upsertEmail(email));
  useSocketEvent('email:updated', (email) => store().upsertEmail(email));
  useSocketEvent('notification:updated', (notification) => store().upsertNotification(notification));
  useSocketEvent('drivers:changed', ({ available }) => store().setAvailableDrivers(available));
  // The push carries only the active list; the board also shows inactive ones, so it re-reads.
  useSocketEvent('announcements:changed', () => {
    reloadAnnouncements().catch(onLoadError);
  });
}
