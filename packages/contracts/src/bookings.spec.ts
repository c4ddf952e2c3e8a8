import { BOOKING_TIME_SLOTS, isSlotStillAhead, openTimeSlots } from './bookings.js';
import { perthInstant } from './time.js';

describe('booking slots that have not passed', () => {
  const day = '2025-03-01';

  it('offers every slot on a later day', () => {
    expect(openTimeSlots('2025-03-02', perthInstant(day, '04:00 PM'))).toEqual(BOOKING_TIME_SLOTS);
  });

  it('offers only the slots not begun yet today, in Perth whatever the machine says', () => {
    const now = perthInstant(day, '12:00 PM');
    expect(isSlotStillAhead(day, '12:00 PM', now)).toBe(false);
    expect(isSlotStillAhead(day, '12:30 PM', now)).toBe(true);
    expect(openTimeSlots(day, new Date(now.getTime() + 1))[0]).toBe('12:30 PM');
    expect(openTimeSlots(day, perthInstant(day, '05:30 PM'))).toEqual([]);
  });
});
