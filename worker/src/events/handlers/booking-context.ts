import { formatPerthDateTime, perthInstant } from '@towing/contracts';
import type { BookingEntity } from '@towing/db';

/** The booking promise (docs/rules.md, "Bookings"): confirmation within 30 minutes. */
const BOOKING_CONFIRM_MINUTES = 30;

/** What every booking message may show; absent optional fields are null so strict templates render. */
export function bookingContext(booking: BookingEntity) {
  return {
    bookingId: booking.id,
    customerName: booking.customerName,
    phone: booking.phone,
    email: booking.email,
    service: booking.service,
    location: booking.location,
    // The day and slot asked for, written as every other date a customer reads (contracts time.ts).
    preferredAt: formatPerthDateTime(perthInstant(booking.preferredDate, booking.preferredTime)),
    urgency: booking.urgency,
    urgent: booking.urgency !== 'scheduled',
    description: booking.description,
    vehicleDetails: booking.vehicleDetails,
    confirmMinutes: BOOKING_CONFIRM_MINUTES,
  };
}
