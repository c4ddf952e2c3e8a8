import type { Booking } from '@towing/contracts';
import { NotificationEntity } from '@towing/db';
import { eventually, leaseSharedStack, type SystemLease } from '@towing/testkit';

const OFFICE = 'office@towing.test';
const STOPPED = 'Customer emails stopped for today';
const perthDay = (offsetDays: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Perth' }).format(new Date(Date.now() + offsetDays * 86_400_000));

describe('the business emails customers within its budgets', () => {
  let stack: SystemLease;
  let booked = 0;

  beforeAll(async () => {
    stack = await leaseSharedStack('system', { worker: true, workerEnv: { EMAIL_PER_ADDRESS_DAILY_LIMIT: '2', EMAIL_DAILY_LIMIT: '4' } });
  });
  afterAll(async () => {
    await stack?.release();
  });

  async function book(email: string): Promise<Booking> {
    booked += 1;
    const response = await stack.api.client().post('/api/bookings', {
      customerName: `Customer ${booked}`,
      phone: `0412 345 6${String(booked).padStart(2, '0')}`,
      email,
      service: 'Winch Recovery',
      location: 'Millstream Road, 40 km south of Karratha',
      preferredDate: perthDay(3),
      preferredTime: '10:00 AM',
      urgency: 'scheduled',
      description: 'Ute stuck at the bottom of a sandy creek bank',
    });
    expect(response.status).toBe(201);
    return response.body as Booking;
  }

  /** The confirmation's row once the worker has decided it (sent or refused). */
  const confirmation = (email: string, status: 'sent' | 'refused') =>
    eventually(async () => {
      const rows = await stack.api.dataSource.getRepository(NotificationEntity).findBy({ recipientEmail: email, subject: 'We have your booking' });
      const found = rows.filter((row) => row.status === status);
      return found.length ? found : null;
    });
  const confirmationsTo = (email: string) => stack.smtp.to(email).filter((mail) => mail.raw.includes('We have your booking'));

  it('sends one address at most EMAIL_PER_ADDRESS_DAILY_LIMIT confirmations a day, and keeps the refusal in the log with its reason', async () => {
    const address = 'same.person@example.com';
    for (let i = 0; i < 3; i += 1) await book(address);

    const [refused] = await confirmation(address, 'refused');
    expect(refused!.error).toMatch(/has had 2 confirmation emails in the last day \(EMAIL_PER_ADDRESS_DAILY_LIMIT\)/);
    await eventually(() => confirmationsTo(address).length === 2);
    expect(confirmationsTo(address)).toHaveLength(2);
    // The office still hears of every booking: its own mail is not counted.
    await eventually(() => stack.smtp.to(OFFICE).filter((mail) => mail.raw.includes('Booking #')).length === 3);
  });

  it('stops customer mail at EMAIL_DAILY_LIMIT and tells the office once', async () => {
    // Two of the four went in the test before; the refused one spent nothing.
    await book('first@example.com');
    await book('second@example.com');
    await confirmation('second@example.com', 'sent');
    await book('third@example.com');
    const [refused] = await confirmation('third@example.com', 'refused');
    expect(refused!.error).toMatch(/budget of 4 customer emails is spent \(EMAIL_DAILY_LIMIT\)/);
    await eventually(() => stack.smtp.to(OFFICE).some((mail) => mail.raw.includes(STOPPED)));

    // A later refusal adds no second notice.
    await book('fourth@example.com');
    await confirmation('fourth@example.com', 'refused');
    expect(stack.smtp.to(OFFICE).filter((mail) => mail.raw.includes(STOPPED))).toHaveLength(1);
    expect(confirmationsTo('third@example.com')).toHaveLength(0);
    expect(confirmationsTo('fourth@example.com')).toHaveLength(0);
  });
});
