import type { DriverBooking } from '@towing/contracts';

/** Today's bookings: when, who, where and what; approving them stays on the board. */
export function TodayBookings({ bookings }: { bookings: DriverBooking[] }) {
  return (
    <section className="driver-section" aria-labelledby="driver-today">
      <h2 id="driver-today">Today's bookings</h2>
      {bookings.length === 0 ? (
        <p className="driver-empty">No bookings today.</p>
      ) : (
        <ul className="driver-bookings">
          {bookings.map((booking) => (
            <li key={booking.id} className="driver-card">
              <p>
                <strong>{booking.preferredTime}</strong> · {booking.service} ({booking.status})
              </p>
              <p>
                {booking.customerName} · <a href={`tel:${booking.phone.replace(/[^\d+]/g, '')}`}>{booking.phone}</a>
              </p>
              <p>{booking.location}</p>
              {booking.vehicleDetails && <p>Vehicle: {booking.vehicleDetails}</p>}
              <p>{booking.description}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
