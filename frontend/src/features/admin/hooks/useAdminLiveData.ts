import { useCallback } from 'react';
import { api } from '../../../shared/api/client';
import { useOnSocketConnect } from '../../../shared/realtime/useOnSocketConnect';
import { useSocketEvent } from '../../../shared/realtime/useSocketEvent';
import { useAdminStore } from '../state/admin.store';
import { raiseSosAlert } from '../sos-alert';

/** Re-reads everything the board shows; run on every socket connect, since pushes missed while away are lost. */
export async function loadBoard(): Promise<void> {
  const [jobs, bookings, emails, notifications, announcements, drivers] = await Promise.all([
    api.call('GET /api/jobs'),
    api.call('GET /api/bookings', { query: { status: 'pending' } }),
    api.call('GET /api/emails'),
    api.call('GET /api/notifications'),
    api.call('GET /api/announcements'),
    api.call('GET /api/dispatch/drivers'),
  ]);
  useAdminStore.getState().replace({ jobs, bookings, emails, notifications, announcements, availableDrivers: drivers.available });
}

export async function reloadAnnouncements(): Promise<void> {
  useAdminStore.getState().replace({ announcements: await api.call('GET /api/announcements') });
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
