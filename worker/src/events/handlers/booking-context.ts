import type { BookingEntity } from '@towing/db';

/** The booking promise (docs/rules.md, "Bookings"): confirmation within 30 minutes. */
const BOOKING_CONFIRM_MINUTES = 30;

/** What every booking message may show; absent optional fields are null so strict templates render. */
export function bookingContext(booking: BookingEntity) {
  const [year, month, day] = booking.preferredDate.split('-');
  return {
    bookingId: booking.id,
    customerName: booking.customerName,
    phone: booking.phone,
    email: booking.email,
    service: booking.service,
    location: booking.location,
    preferredDate: `${day}/${month}/${year}`,
    preferredTime: booking.preferredTime,
    urgency: booking.urgency,
    urgent: booking.urgency !== 'scheduled',
    description: booking.description,
    vehicleDetails: booking.vehicleDetails,
    confirmMinutes: BOOKING_CONFIRM_MINUTES,
  };
}
