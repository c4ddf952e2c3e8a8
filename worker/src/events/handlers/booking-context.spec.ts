import type { BookingEntity } from '@towing/db';
import { bookingContext } from './booking-context.js';

describe('a booking as its messages show it', () => {
  it('writes the day and slot asked for as every date a customer reads is written, the way the confirmation text writes its arrival', () => {
    const booking = { id: 42, preferredDate: '2026-11-27', preferredTime: '09:00 AM', urgency: 'scheduled' } as BookingEntity;
    expect(bookingContext(booking).preferredAt).toBe('27 Nov 2026, 9:00 am');
    expect(bookingContext({ ...booking, preferredDate: '2026-12-01', preferredTime: '02:30 PM' } as BookingEntity).preferredAt).toBe('1 Dec 2026, 2:30 pm');
  });
});
