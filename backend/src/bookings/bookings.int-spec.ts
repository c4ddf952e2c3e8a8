import { type Booking, type CreateBookingRequest } from '@towing/contracts';
import { JobEntity, OutboxEntity, BookingEntity } from '@towing/db';
import type { TestClient } from '@towing/testkit';
import { useSharedApi } from '../testing/use-shared-api.js';
import { todayInPerth } from '@towing/contracts';

const perthDay = (offsetDays: number) => todayInPerth(new Date(Date.now() + offsetDays * 86_400_000));

const BOOKING: CreateBookingRequest = {
  customerName: 'Sam Walker',
  phone: '0412 345 678',
  email: 'sam@example.com',
  service: '4x4 Recovery - Complex',
  location: 'Millstream Road, 40 km south of Karratha',
  preferredDate: perthDay(2),
  preferredTime: '09:30 AM',
  urgency: 'scheduled',
  description: 'Landcruiser bogged to the axles in a creek crossing',
  vehicleDetails: '2019 Toyota Landcruiser 79',
};

describe('bookings', () => {
  const api = useSharedApi();
  let admin: TestClient;

  beforeAll(async () => {
    admin = await api.adminClient();
  });

  const countBookings = () => api.dataSource.getRepository(BookingEntity).count();
  const countJobs = () => api.dataSource.getRepository(JobEntity).count();

  /** Written straight to the table: the approve tests must not spend the public route's rate limit. */
  async function storedBooking(overrides: Partial<BookingEntity> = {}): Promise<BookingEntity> {
    const bookings = api.dataSource.getRepository(BookingEntity);
    const { vehicleDetails, ...fields } = BOOKING;
    return bookings.save(bookings.create({ ...fields, vehicleDetails: vehicleDetails ?? null, urgency: 'scheduled', status: 'pending', ...overrides }));
  }

  it('stores a valid booking as pending and records booking.created', async () => {
    const response = await api.client().post('/api/bookings', BOOKING);
    expect(response.status).toBe(201);
    const booking = response.body as Booking;
    expect(booking).toMatchObject({ ...BOOKING, status: 'pending', jobId: null });
    const outbox = await api.dataSource.getRepository(OutboxEntity).findBy({ name: 'booking.created' });
    expect(outbox.map((row) => row.payload)).toContainEqual({ bookingId: booking.id });
  });

  // Today's slots, which close as the day goes on, are covered by create-booking-time.int-spec.ts.
  it('defaults the urgency to scheduled', async () => {
    const { urgency: _urgency, ...withoutUrgency } = BOOKING;
    const response = await api.client().post('/api/bookings', withoutUrgency);
    expect(response.status).toBe(201);
    expect(response.body.urgency).toBe('scheduled');
  });

  it("refuses every broken rule at once with the form's messages and stores nothing", async () => {
    const before = await countBookings();
    const response = await api.client().post('/api/bookings', {
      customerName: 'S',
      phone: '041234',
      email: 'not-an-email',
      service: 'Haircut',
      location: 'Km 4',
      preferredDate: perthDay(-1),
      preferredTime: '07:30 AM',
      urgency: 'whenever',
      description: 'help',
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'customerName', message: 'Name must be at least 2 characters' },
        { field: 'phone', message: 'Please enter a valid phone number' },
        { field: 'email', message: 'Please enter a valid email address' },
        { field: 'service', message: 'Please select a service' },
        { field: 'location', message: 'Please provide a detailed location' },
        { field: 'preferredDate', message: 'Please select today or a later date' },
        { field: 'preferredTime', message: 'Please select a preferred time' },
        { field: 'urgency', message: 'urgency must be one of emergency, same-day, scheduled' },
        { field: 'description', message: 'Please provide more details about your service needs' },
      ]),
    );
    expect(await countBookings()).toBe(before);
  });

  it.each([
    ['a missing date', { preferredDate: undefined }, 'preferredDate', 'Please select a preferred date'],
    ['an impossible date', { preferredDate: '2030-02-30' }, 'preferredDate', 'Please select today or a later date'],
    ['a missing time', { preferredTime: undefined }, 'preferredTime', 'Please select a preferred time'],
    ['an unknown field', { isPaid: true }, 'isPaid', 'Unknown field'],
  ])('refuses %s', async (_case, change, field, message) => {
    const response = await api.client().post('/api/bookings', { ...BOOKING, ...change });
    expect(response.status).toBe(400);
    expect(response.body.errors).toContainEqual({ field, message });
  });

  it('lists bookings to admins only, filtered by status', async () => {
    expect((await api.client().get('/api/bookings')).status).toBe(401);
    const approved = await storedBooking({ status: 'approved' });
    const pending = (await admin.get('/api/bookings?status=pending')).body as Booking[];
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((booking) => booking.status === 'pending')).toBe(true);
    const all = (await admin.get('/api/bookings')).body as Booking[];
    expect(all.map((booking) => booking.id)).toContain(approved.id);
    expect((await admin.get('/api/bookings?status=lost')).status).toBe(400);
  });

  it('approves a booking into a job in one go: job fields, Perth arrival, booking approved, event recorded', async () => {
    const booking = await storedBooking({ preferredDate: '2031-03-04', preferredTime: '02:30 PM' });
    const response = await admin.post(`/api/bookings/${booking.id}/approve`);
    expect(response.status).toBe(200);
    const { job, booking: approved } = response.body;
    expect(job).toMatchObject({
      customerName: BOOKING.customerName,
      phone: BOOKING.phone,
      email: BOOKING.email,
      service: BOOKING.service,
      location: BOOKING.location,
      status: 'Scheduled',
      estimatedArrival: '2031-03-04T06:30:00.000Z',
    });
    expect([job.notes, job.vehicle]).toEqual([BOOKING.description, BOOKING.vehicleDetails]);
    expect(approved).toMatchObject({ id: booking.id, status: 'approved', jobId: job.id });
    const outbox = await api.dataSource.getRepository(OutboxEntity).findBy({ name: 'booking.approved' });
    expect(outbox.map((row) => row.payload)).toContainEqual({ bookingId: booking.id, jobId: job.id });
    // The approval speaks for the job: no separate job.created message to the customer.
    const created = await api.dataSource.getRepository(OutboxEntity).findBy({ name: 'job.created' });
    expect(created.map((row) => row.payload)).not.toContainEqual({ jobId: job.id });
  });

  it('answers a second approval with a 409 and creates nothing', async () => {
    const booking = await storedBooking();
    expect((await admin.post(`/api/bookings/${booking.id}/approve`)).status).toBe(200);
    const jobs = await countJobs();
    const again = await admin.post(`/api/bookings/${booking.id}/approve`);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(new RegExp(`^Booking ${booking.id} is already approved \\(job JOB-`));
    expect(await countJobs()).toBe(jobs);
  });

  it('refuses to approve a booking that is not pending', async () => {
    const booking = await storedBooking({ status: 'cancelled' });
    const jobs = await countJobs();
    const response = await admin.post(`/api/bookings/${booking.id}/approve`);
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(`Booking ${booking.id} is cancelled; only pending bookings can be approved`);
    expect(await countJobs()).toBe(jobs);
    expect((await admin.post('/api/bookings/999999/approve')).status).toBe(404);
  });

  it('creates exactly one job when two dispatchers approve at the same moment', async () => {
    const booking = await storedBooking();
    const jobs = await countJobs();
    const dispatchers = await Promise.all([api.adminClient(), api.adminClient(), api.adminClient()]);
    const responses = await Promise.all(dispatchers.map((client) => client.post(`/api/bookings/${booking.id}/approve`)));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409, 409]);
    expect(await countJobs()).toBe(jobs + 1);
    const events = await api.dataSource.getRepository(OutboxEntity).findBy({ name: 'booking.approved' });
    expect(events.filter((row) => (row.payload as { bookingId: number }).bookingId === booking.id)).toHaveLength(1);
  });

  it('limits how often one address may book', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 25; attempt += 1) {
      statuses.push((await api.client().post('/api/bookings', { customerName: 'x' })).status);
    }
    expect(statuses).toContain(429);
  });
});
