import { Queue } from 'bullmq';
import { addMonths, addDays, QUEUES, todayInPerth, type Vehicle } from '@towing/contracts';
import { OutboxEntity, VehicleEntity } from '@towing/db';
import { eventually, leaseSharedStack, type SystemLease, type TestClient } from '@towing/testkit';
import { SERVICE_DUE_JOB } from './service-due-daily-check.js';

const OWNERS = ['+61491570157', '+61491570158'];
const OFFICE = 'office@towing.test';

describe('vehicle.serviceDue', () => {
  let stack: SystemLease;
  let admin: TestClient;
  let checks: Queue;

  beforeAll(async () => {
    stack = await leaseSharedStack('system', { worker: true });
    admin = await stack.api.adminClient();
    checks = new Queue(QUEUES.fleetChecks, { connection: { url: stack.variables.REDIS_URL! }, prefix: stack.variables.REDIS_PREFIX });
  });
  afterAll(async () => {
    await checks?.close();
    await stack?.release();
  });

  const smsAbout = (registration: string) => OWNERS.map((phone) => stack.twilio.to(phone).filter((sms) => sms.body.includes(registration)).length);
  const mailAbout = (registration: string) => stack.smtp.to(OFFICE).filter((mail) => mail.raw.includes(registration));

  /** Runs the daily check now, as the 5 am scheduler would, and waits for it to finish. */
  async function runDailyCheck(): Promise<void> {
    const job = await checks.add(SERVICE_DUE_JOB, {});
    await eventually(async () => (await job.getState()) === 'completed', 20_000);
  }

  async function addVehicle(registration: string, overrides: Record<string, unknown> = {}): Promise<Vehicle> {
    const response = await admin.post('/api/vehicles', {
      name: `Truck ${registration}`,
      make: 'Isuzu',
      model: 'FVZ 1400',
      registration,
      type: 'Heavy Recovery',
      mileage: 40_000,
      lastServiceMileage: 40_000,
      lastServiceDate: todayInPerth(),
      ...overrides,
    });
    expect(response.status).toBe(201);
    return response.body as Vehicle;
  }

  it('texts each owner and emails the office once when a truck comes within 1000 km, not again', async () => {
    const vehicle = await addVehicle('SVC 100');
    expect((await admin.post('/api/mileage-records', { vehicleId: vehicle.id, endOdometer: 49_200, confirmOdometerJump: true })).status).toBe(201);

    await eventually(() => smsAbout('SVC 100').every((count) => count === 1) && mailAbout('SVC 100').length === 1, 30_000);
    const sms = stack.twilio.to(OWNERS[0]!).find((message) => message.body.includes('SVC 100'))!;
    expect(sms.body).toContain('Truck SVC 100 (SVC 100) is due for its service: 800 km to go at 49,200 km');
    expect(mailAbout('SVC 100')[0]!.raw).toContain('Service due: Truck SVC 100 (SVC 100)');

    // Closer still, then the daily check: still the one alert for this interval.
    expect((await admin.post('/api/mileage-records', { vehicleId: vehicle.id, endOdometer: 49_600 })).status).toBe(201);
    await runDailyCheck();
    const events = await stack.api.dataSource.getRepository(OutboxEntity).findBy({ name: 'vehicle.serviceDue' });
    expect(events.filter((event) => (event.payload as { vehicleId: number }).vehicleId === vehicle.id)).toHaveLength(1);
    expect(smsAbout('SVC 100')).toEqual([1, 1]);
    expect(mailAbout('SVC 100')).toHaveLength(1);
  });

  it('alerts for a truck that comes due by date overnight, with nobody touching it, once', async () => {
    const vehicle = await addVehicle('SVC 200');
    // Five months and three weeks pass: the six-month service is ten days away.
    const lastService = addDays(addMonths(todayInPerth(), -6), 10);
    await stack.api.dataSource.getRepository(VehicleEntity).update({ id: vehicle.id }, { lastServiceDate: lastService });
    expect(smsAbout('SVC 200')).toEqual([0, 0]);

    await runDailyCheck();
    await eventually(() => smsAbout('SVC 200').every((count) => count === 1) && mailAbout('SVC 200').length === 1, 30_000);
    expect(stack.twilio.to(OWNERS[1]!).find((message) => message.body.includes('SVC 200'))!.body).toContain(`service by ${new Intl.DateTimeFormat('en-AU', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(`${addMonths(lastService, 6)}T00:00:00Z`))}`);

    // The next morning's check finds it still due: nothing more is sent.
    await runDailyCheck();
    const event = (await stack.api.dataSource.getRepository(OutboxEntity).findBy({ name: 'vehicle.serviceDue' })).find(
      (row) => (row.payload as { vehicleId: number }).vehicleId === vehicle.id,
    )!;
    await eventually(async () => (await stack.api.dataSource.getRepository(OutboxEntity).findOneByOrFail({ id: event.id })).publishedAt !== null, 20_000);
    expect(smsAbout('SVC 200')).toEqual([1, 1]);
    expect(mailAbout('SVC 200')).toHaveLength(1);
  });

  /** How many vehicle.serviceDue events the truck has had, once the worker has handled each of them. */
  async function alertsHandled(vehicleId: number): Promise<number> {
    const outbox = stack.api.dataSource.getRepository(OutboxEntity);
    const events = (await outbox.findBy({ name: 'vehicle.serviceDue' })).filter((event) => (event.payload as { vehicleId: number }).vehicleId === vehicleId);
    const queue = new Queue(QUEUES.domainEvents, { connection: { url: stack.variables.REDIS_URL! }, prefix: stack.variables.REDIS_PREFIX });
    try {
      for (const event of events) await eventually(async () => (await (await queue.getJob(event.id))?.getState()) === 'completed', 30_000);
    } finally {
      await queue.close();
    }
    return events.length;
  }

  it('alerts again when a corrected last service makes the truck fine and it later comes due in the same interval, once', async () => {
    // The last service typed in 10,000 km short: the truck joins overdue and the owners are told.
    const vehicle = await addVehicle('SVC 400', { lastServiceMileage: 30_000 });
    expect(vehicle).toMatchObject({ displayState: 'overdue' });
    await eventually(() => smsAbout('SVC 400').every((count) => count === 1) && mailAbout('SVC 400').length === 1, 30_000);

    // Corrected: the truck is fine again, and stays quiet through the morning check.
    const corrected = await admin.put(`/api/vehicles/${vehicle.id}`, { lastServiceMileage: 40_000 });
    expect(corrected.status).toBe(200);
    expect(corrected.body).toMatchObject({ displayState: 'active', health: { cycle: 'joined', kmRemaining: 10_000 } });
    await runDailyCheck();
    expect(await alertsHandled(vehicle.id)).toBe(1);

    // 9,300 km later it is due in the same interval: one more alert, not one a day.
    expect((await admin.post('/api/mileage-records', { vehicleId: vehicle.id, endOdometer: 49_300, confirmOdometerJump: true })).status).toBe(201);
    await eventually(() => smsAbout('SVC 400').every((count) => count === 2) && mailAbout('SVC 400').length === 2, 30_000);
    expect(stack.twilio.to(OWNERS[0]!).filter((message) => message.body.includes('SVC 400')).at(-1)!.body).toContain('700 km to go at 49,300 km');
    await runDailyCheck();
    expect(await alertsHandled(vehicle.id)).toBe(2);
    expect(smsAbout('SVC 400')).toEqual([2, 2]);
    expect(mailAbout('SVC 400')).toHaveLength(2);
  });

  it('alerts again when a mistaken reading is taken out or the interval lengthened, and the truck then comes due', async () => {
    const vehicle = await addVehicle('SVC 500');
    const trip = (endOdometer: number) => admin.post('/api/mileage-records', { vehicleId: vehicle.id, endOdometer, confirmOdometerJump: true });
    // 49,500 typed for 45,900: due, and the owners are told.
    const mistaken = await trip(49_500);
    expect(mistaken.status).toBe(201);
    await eventually(() => smsAbout('SVC 500').every((count) => count === 1), 30_000);

    expect((await admin.request('DELETE', `/api/mileage-records/${(mistaken.body as { id: number }).id}`)).status).toBe(204);
    expect((await trip(45_900)).status).toBe(201);
    expect((await trip(49_100)).status).toBe(201);
    await eventually(() => smsAbout('SVC 500').every((count) => count === 2) && mailAbout('SVC 500').length === 2, 30_000);

    // A longer interval makes it fine; driving on to within 1000 km of the new one alerts once more.
    expect((await admin.put(`/api/vehicles/${vehicle.id}`, { serviceInterval: 15_000 })).body).toMatchObject({ displayState: 'active' });
    expect((await trip(54_200)).status).toBe(201);
    await eventually(() => smsAbout('SVC 500').every((count) => count === 3) && mailAbout('SVC 500').length === 3, 30_000);
    await runDailyCheck();
    expect(await alertsHandled(vehicle.id)).toBe(3);
    expect(smsAbout('SVC 500')).toEqual([3, 3]);
  });

  it('says nothing about a truck serviced before the worker got to the alert', async () => {
    const vehicle = await addVehicle('SVC 300');
    // An alert for the interval it had when it joined, arriving after a service started a new one.
    const service = await admin.post('/api/service-records', {
      vehicleId: vehicle.id,
      serviceType: 'Routine Service',
      description: 'Service',
      mileageAtService: 40_050,
      totalCost: 90_000,
      servicedBy: 'Pilbara Diesel',
      invoiceDate: todayInPerth(),
    });
    expect(service.status).toBe(201);
    const outbox = stack.api.dataSource.getRepository(OutboxEntity);
    const stale = await outbox.save(outbox.create({ name: 'vehicle.serviceDue', payload: { vehicleId: vehicle.id, cycle: 'joined' } }));

    const events = new Queue(QUEUES.domainEvents, { connection: { url: stack.variables.REDIS_URL! }, prefix: stack.variables.REDIS_PREFIX });
    try {
      await eventually(async () => (await (await events.getJob(stale.id))?.getState()) === 'completed', 30_000);
    } finally {
      await events.close();
    }
    expect(smsAbout('SVC 300')).toEqual([0, 0]);
    expect(mailAbout('SVC 300')).toHaveLength(0);
  });
});
