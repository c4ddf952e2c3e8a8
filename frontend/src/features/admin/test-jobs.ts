import type { Job } from '@towing/contracts';

/** A job as the API returns it, for the board's specs. */
export function testJob(overrides: Partial<Job> = {}): Job {
  return {
    id: 'JOB-2025-10',
    customerName: 'Kim Nguyen',
    phone: '0412 345 678',
    phoneE164: '+61412345678',
    email: null,
    service: '4x4 Recovery',
    location: 'Millstream Road',
    notes: null,
    vehicle: null,
    situation: null,
    status: 'Assigned',
    assignedTo: 'Unassigned',
    estimatedArrival: null,
    progress: 0,
    gps: null,
    acknowledgement: null,
    createdAt: '2025-03-01T02:00:00.000Z',
    updatedAt: '2025-03-01T02:00:00.000Z',
    ...overrides,
  };
}
