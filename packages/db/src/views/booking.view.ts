import type { Booking } from '@towing/contracts';
import type { BookingEntity } from '../entities/booking.entity.js';

export function toBookingView(booking: BookingEntity): Booking {
  return {
    id: booking.id,
    customerName: booking.customerName,
    phone: booking.phone,
    email: booking.email,
    service: booking.service,
    location: booking.location,
    preferredDate: booking.preferredDate,
    preferredTime: booking.preferredTime,
    urgency: booking.urgency,
    description: booking.description,
    vehicleDetails: booking.vehicleDetails,
    status: booking.status,
    jobId: booking.jobId,
    createdAt: booking.createdAt.toISOString(),
    updatedAt: booking.updatedAt.toISOString(),
  };
}
