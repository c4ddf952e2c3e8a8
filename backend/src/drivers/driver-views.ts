import type { DriverBooking, DriverJob } from '@towing/contracts';
import { type BookingEntity, type JobEntity, toBookingView, toJobView } from '@towing/db';

/** A job as /driver shows it: the board's view without what a driver has no use for. */
export function toDriverJob(job: JobEntity, photoIds: number[]): DriverJob {
  const view = toJobView(job);
  return {
    id: view.id,
    customerName: view.customerName,
    phone: view.phone,
    phoneE164: view.phoneE164,
    service: view.service,
    location: view.location,
    notes: view.notes,
    vehicle: view.vehicle,
    situation: view.situation,
    status: view.status,
    assignedTo: view.assignedTo,
    estimatedArrival: view.estimatedArrival,
    progress: view.progress,
    gps: view.gps,
    acknowledgement: view.acknowledgement,
    createdAt: view.createdAt,
    updatedAt: view.updatedAt,
    photoIds,
  };
}

export function toDriverBooking(booking: BookingEntity): DriverBooking {
  const view = toBookingView(booking);
  return {
    id: view.id,
    customerName: view.customerName,
    phone: view.phone,
    service: view.service,
    location: view.location,
    preferredDate: view.preferredDate,
    preferredTime: view.preferredTime,
    urgency: view.urgency,
    description: view.description,
    vehicleDetails: view.vehicleDetails,
    status: view.status,
    jobId: view.jobId,
  };
}
