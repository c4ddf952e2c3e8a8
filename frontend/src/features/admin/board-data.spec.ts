import type { Booking, Job } from '@towing/contracts';
import { withBooking, withJob } from './board-data';
import { useAdminStore } from './state/admin.store';

const job = (id: string, createdAt: string, status: Job['status'] = 'Assigned'): Job => ({
  id,
  customerName: 'Kim',
  phone: '0412 345 678',
  phoneE164: '+61412345678',
  email: null,
  service: '4x4 Recovery',
  location: 'Karratha',
  notes: null,
  vehicle: null,
  situation: null,
  status,
  assignedTo: 'Unassigned',
  estimatedArrival: null,
  progress: 0,
  gps: null,
  acknowledgement: null,
  createdAt,
  updatedAt: createdAt,
});

const booking = (id: number, status: Booking['status']): Booking => ({
  id,
  customerName: 'Sam',
  phone: '0412 345 678',
  email: 'sam@example.com',
  service: 'Jump Start',
  location: 'Dampier boat ramp',
  preferredDate: '2031-01-02',
  preferredTime: '08:00 AM',
  urgency: 'scheduled',
  description: 'Flat battery after a swing',
  vehicleDetails: null,
  status,
  jobId: null,
  createdAt: '2031-01-01T00:00:00.000Z',
  updatedAt: '2031-01-01T00:00:00.000Z',
});

beforeEach(() => useAdminStore.setState({ unseenSos: new Set() }));

describe('the board cache', () => {
  it('keeps jobs newest first as pushes arrive, replacing a job in place on update', () => {
    let jobs: Job[] = [];
    jobs = withJob(jobs, job('JOB-1', '2031-01-01T00:00:00.000Z'));
    jobs = withJob(jobs, job('JOB-2', '2031-01-02T00:00:00.000Z'));
    jobs = withJob(jobs, { ...job('JOB-1', '2031-01-01T00:00:00.000Z'), status: 'En Route' });
    expect(jobs.map((item) => [item.id, item.status])).toEqual([
      ['JOB-2', 'Assigned'],
      ['JOB-1', 'En Route'],
    ]);
  });

  it('lists pending bookings only: an approved one leaves', () => {
    let bookings: Booking[] = [];
    bookings = withBooking(bookings, booking(1, 'pending'));
    bookings = withBooking(bookings, booking(2, 'pending'));
    bookings = withBooking(bookings, booking(1, 'approved'));
    expect(bookings.map((item) => item.id)).toEqual([2]);
  });
});

describe('admin store', () => {
  it('remembers an unseen SOS until it is seen', () => {
    const store = useAdminStore.getState();
    store.sosArrived('JOB-3');
    store.sosArrived('JOB-5');
    store.sosSeen('JOB-3');
    expect([...useAdminStore.getState().unseenSos]).toEqual(['JOB-5']);
  });
});
