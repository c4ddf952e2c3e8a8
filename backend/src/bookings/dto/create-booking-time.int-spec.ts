import { jest } from '@jest/globals';
import { BOOKING_TIME_SLOTS, type CreateBookingRequest, PAST_SLOT_MESSAGE, perthInstant, todayInPerth } from '@towing/contracts';
import { BookingEntity } from '@towing/db';
import { useApi } from '../../testing/use-api.js';

const TODAY = todayInPerth();
const TOMORROW = todayInPerth(new Date(Date.now() + 86_400_000));

const BOOKING: Omit<CreateBookingRequest, 'preferredDate' | 'preferredTime'> = {
  customerName: 'Sam Walker',
  phone: '0412 345 678',
  email: 'sam@example.com',
  service: '4x4 Recovery - Complex',
  location: 'Millstream Road, 40 km south of Karratha',
  urgency: 'same-day',
  description: 'Landcruiser bogged to the axles in a creek crossing',
};

/** Only the clock is stopped: timers keep running, so the database and Redis clients work as usual. */
function perthClockAt(slotLikeTime: string): void {
  jest.useFakeTimers({
    now: perthInstant(TODAY, slotLikeTime),
    doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
  });
}

describe('booking a time that has already passed today in Perth', () => {
  const api = useApi();
  let visitors = 0;
  const book = (preferredDate: string, preferredTime: string) => {
    visitors += 1;
    return api.client().post('/api/bookings', { ...BOOKING, preferredDate, preferredTime }, { 'x-forwarded-for': `192.0.2.${visitors}` });
  };
  const count = () => api.dataSource.getRepository(BookingEntity).count();

  afterEach(() => {
    jest.useRealTimers();
  });

  it('refuses a slot that began earlier today, with the field and reason, and stores nothing', async () => {
    perthClockAt('12:15 PM');
    const before = await count();
    for (const slot of ['08:00 AM', '12:00 PM']) {
      const response = await book(TODAY, slot);
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual([{ field: 'preferredTime', message: PAST_SLOT_MESSAGE }]);
    }
    expect(await count()).toBe(before);
  });

  it('accepts a slot later today and any slot tomorrow', async () => {
    perthClockAt('12:15 PM');
    expect((await book(TODAY, '12:30 PM')).status).toBe(201);
    expect((await book(TOMORROW, '08:00 AM')).status).toBe(201);
  });

  it('refuses every slot today once the last one has begun', async () => {
    perthClockAt('05:45 PM');
    for (const slot of [BOOKING_TIME_SLOTS[0], BOOKING_TIME_SLOTS.at(-1)!]) {
      expect((await book(TODAY, slot)).status).toBe(400);
    }
  });
});
