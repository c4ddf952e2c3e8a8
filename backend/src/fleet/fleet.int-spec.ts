import type { FleetExpense, FuelRecord, MileageRecord, ServiceRecord, Vehicle } from '@towing/contracts';
import { FleetExpenseEntity, FuelRecordEntity, OutboxEntity, ServiceRecordEntity, VehicleEntity } from '@towing/db';
import type { TestClient } from '@towing/testkit';
import { useSharedApi } from '../testing/use-shared-api.js';

/** What the spec's Add Vehicle form sends. */
const HILUX = {
  name: 'Recovery 1',
  make: 'Toyota',
  model: 'LandCruiser 79',
  year: 2021,
  registration: '1HDX 452',
  type: '4x4 Recovery',
  mileage: 152_000,
  serviceInterval: 10_000,
  fuelType: 'Diesel',
  modifications: ['Snorkel (Raised Air Intake)'],
  specialFeatures: ['Emergency Response Ready'],
  status: 'Excellent',
  isActive: true,
};

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Perth' }).format(new Date());

describe('fleet API', () => {
  const api = useSharedApi();
  let admin: TestClient;
  let registrations = 0;

  beforeAll(async () => {
    admin = await api.adminClient();
  });

  async function addVehicle(overrides: Record<string, unknown> = {}): Promise<Vehicle> {
    registrations += 1;
    const response = await admin.post('/api/vehicles', { ...HILUX, registration: `FLT ${registrations}`, ...overrides });
    expect(response.status).toBe(201);
    return response.body as Vehicle;
  }

  const serviceEvents = async (vehicleId: number) =>
    // Oldest first: without an order PostgreSQL returns rows as they lie, and the relay's update of an
    // event (publishedAt) moves its row behind one written after it.
    (await api.dataSource.getRepository(OutboxEntity).find({ where: { name: 'vehicle.serviceDue' }, order: { createdAt: 'ASC' } })).filter(
      (event) => (event.payload as { vehicleId: number }).vehicleId === vehicleId,
    );

  describe('vehicles', () => {
    it('adds a vehicle from the spec form, with its service estimate and display state', async () => {
      const vehicle = await addVehicle({ usualDriver: 'Dean' });
      // The form sends its condition as the status: an active truck in Excellent condition.
      expect(vehicle).toMatchObject({
        name: 'Recovery 1',
        status: 'active',
        condition: 'Excellent',
        isActive: true,
        mileage: 152_000,
        serviceInterval: 10_000,
        serviceIntervalMonths: 6,
        driveType: '4WD',
        usualDriver: 'Dean',
        displayState: 'active',
        health: { odometerKm: 152_000, kmRemaining: 10_000, dailyKm: 50, dailyKmFrom: 'assumed', state: 'ok', usedPercent: 0 },
      });
      const listed = (await admin.get('/api/vehicles')).body as Vehicle[];
      expect(listed.map((item) => item.id)).toContain(vehicle.id);
    });

    it('checks every field of the vehicle form with its words, storing nothing', async () => {
      const before = await api.dataSource.getRepository(VehicleEntity).count();
      const response = await admin.post('/api/vehicles', {
        name: ' ',
        make: '',
        registration: '   ',
        year: 1899,
        mileage: -1,
        serviceInterval: 0,
        status: 'parked',
        lastServiceDate: 'last week',
      });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual(
        expect.arrayContaining([
          { field: 'registration', message: 'Registration is required' },
          { field: 'name', message: 'Vehicle name is required' },
          { field: 'make', message: 'Make is required' },
          { field: 'model', message: 'Model is required' },
          { field: 'type', message: 'Vehicle type is required' },
          { field: 'year', message: 'Year must be between 1900 and 2030' },
          { field: 'mileage', message: 'Mileage cannot be negative' },
          { field: 'serviceInterval', message: 'Service interval must be at least 1 km' },
          { field: 'status', message: 'Status must be one of active, maintenance, out_of_service' },
          { field: 'lastServiceDate', message: 'Last service date must be a date (YYYY-MM-DD)' },
        ]),
      );
      expect((await admin.post('/api/vehicles', { ...HILUX, registration: 'NEW 1', year: 2031 })).body.errors).toEqual([
        { field: 'year', message: 'Year must be between 1900 and 2030' },
      ]);
      expect((await admin.post('/api/vehicles', { ...HILUX, registration: 'NEW 2', owner: 'me' })).body.errors).toEqual([{ field: 'owner', message: 'Unknown field' }]);
      expect(await api.dataSource.getRepository(VehicleEntity).count()).toBe(before);
    });

    it('defaults the year to this year', async () => {
      const { year: _year, ...withoutYear } = HILUX;
      const response = await admin.post('/api/vehicles', { ...withoutYear, registration: 'YR 2026' });
      expect(response.body.year).toBe(Number(today().slice(0, 4)));
    });

    it('answers a taken registration with the spec\'s words as a 409, whatever its case and spacing', async () => {
      await addVehicle({ registration: 'DUP 001', vin: 'JTEBR3FJ10K123456' });
      const again = await admin.post('/api/vehicles', { ...HILUX, registration: ' dup  001 ' });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({
        message: 'Registration number already exists. Please use a different registration.',
        errors: [{ field: 'registration', message: 'Registration number already exists. Please use a different registration.' }],
      });
      const sameVin = await admin.post('/api/vehicles', { ...HILUX, registration: 'DUP 002', vin: 'jtebr3fj10k123456' });
      expect(sameVin.status).toBe(409);
      expect(sameVin.body.errors).toEqual([{ field: 'vin', message: 'VIN already exists. Please check the VIN.' }]);
    });

    it('updates modifications or special features alone, as the spec\'s Edit Mods sends them', async () => {
      const vehicle = await addVehicle();
      const mods = await admin.put(`/api/vehicles/${vehicle.id}`, { modifications: ['Dual Battery System', 'UHF CB Radio'] });
      expect(mods.status).toBe(200);
      expect(mods.body).toMatchObject({ modifications: ['Dual Battery System', 'UHF CB Radio'], specialFeatures: ['Emergency Response Ready'] });
      const features = await admin.put(`/api/vehicles/${vehicle.id}`, { specialFeatures: ['Mine Site Approved', '24/7 Operation Capable'], status: 'out_of_service' });
      expect(features.body).toMatchObject({ specialFeatures: ['Mine Site Approved', '24/7 Operation Capable'], status: 'out_of_service', condition: 'Excellent', displayState: 'out_of_service' });
      expect((await admin.put(`/api/vehicles/${vehicle.id}`, { name: '' })).body.errors).toEqual([{ field: 'name', message: 'Vehicle name is required' }]);
      expect((await admin.put('/api/vehicles/999999', { name: 'Ghost' })).status).toBe(404);
    });

    it('is for admins only', async () => {
      expect((await api.client().get('/api/vehicles')).status).toBe(401);
      expect((await api.client().post('/api/fuel-records', {})).status).toBe(401);
    });
  });

  describe('service records', () => {
    it('checks the service form with its words', async () => {
      const response = await admin.post('/api/service-records', { vehicleId: 0, mileageAtService: -5, totalCost: -100, serviceType: ' ', description: '' });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual(
        expect.arrayContaining([
          { field: 'vehicleId', message: 'Vehicle is required' },
          { field: 'serviceType', message: 'Service type is required' },
          { field: 'description', message: 'Description is required' },
          { field: 'mileageAtService', message: 'Mileage at service cannot be negative' },
          { field: 'totalCost', message: 'Total cost cannot be negative' },
          { field: 'servicedBy', message: 'Serviced by is required' },
          { field: 'invoiceDate', message: 'Invoice date is required' },
        ]),
      );
      const missingVehicle = await admin.post('/api/service-records', {
        vehicleId: 999_999,
        serviceType: 'Routine Service',
        description: 'Service',
        mileageAtService: 1,
        totalCost: 0,
        servicedBy: 'Pilbara Diesel',
        invoiceDate: today(),
      });
      expect(missingVehicle.status).toBe(400);
      expect(missingVehicle.body.errors).toEqual([{ field: 'vehicleId', message: 'Vehicle not found' }]);
    });

    it('stores the spec\'s payload in cents with labour as the total, and refuses a taken invoice number', async () => {
      const vehicle = await addVehicle();
      const body = {
        vehicleId: vehicle.id,
        serviceType: 'Routine Service',
        description: '10,000 km service: oil, filters, grease',
        mileageAtService: 153_000,
        totalCost: 84_550,
        servicedBy: 'Pilbara Diesel Karratha',
        invoiceNumber: 'PD-22817',
        invoiceDate: today(),
        notes: null,
        laborCost: 84_550,
        partsCost: 0,
        isPaid: false,
      };
      const created = await admin.post('/api/service-records', body);
      expect(created.status).toBe(201);
      expect(created.body as ServiceRecord).toMatchObject({ totalCost: 84_550, laborCost: 84_550, partsCost: 0, invoiceNumber: 'PD-22817' });
      const again = await admin.post('/api/service-records', { ...body, mileageAtService: 153_100 });
      expect(again.status).toBe(409);
      expect(again.body.errors).toEqual([{ field: 'invoiceNumber', message: 'Invoice number already exists. Please check the invoice number.' }]);
      const mismatch = await admin.post('/api/service-records', { ...body, invoiceNumber: null, laborCost: 100, partsCost: 100 });
      expect(mismatch.body.errors).toEqual([{ field: 'totalCost', message: 'Total cost must equal labour plus parts' }]);

      const listed = (await admin.get(`/api/service-records?vehicleId=${vehicle.id}`)).body as ServiceRecord[];
      expect(listed).toHaveLength(1);
      const after = ((await admin.get('/api/vehicles')).body as Vehicle[]).find((item) => item.id === vehicle.id)!;
      expect(after.health).toMatchObject({ lastServiceKm: 153_000, odometerKm: 153_000, kmRemaining: 10_000, cycle: `service-${listed[0]!.id}` });
    });
  });

  describe('fuel records', () => {
    it('checks the fuel form with its words', async () => {
      const response = await admin.post('/api/fuel-records', { vehicleId: 'one', liters: 99, totalCost: -1, odometerReading: -1, location: ' ' });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual(
        expect.arrayContaining([
          { field: 'vehicleId', message: 'Vehicle is required' },
          { field: 'liters', message: 'Liters must be at least 0.1' },
          { field: 'totalCost', message: 'Cost cannot be negative' },
          { field: 'odometerReading', message: 'Kilometers cannot be negative' },
          { field: 'fuelType', message: 'Fuel type is required' },
          { field: 'location', message: 'Location is required' },
        ]),
      );
    });

    it('keeps litres in thousandths and money in cents, derives the price per litre and L/100 km across a partial fill', async () => {
      const vehicle = await addVehicle({ mileage: 60_000 });
      const fill = (odometerReading: number, liters: number, totalCost: number, fillType: 'Full' | 'Partial', hours: number) =>
        admin.post('/api/fuel-records', {
          vehicleId: vehicle.id,
          dateTime: hoursAgo(hours),
          location: 'Karratha BP',
          fuelType: 'Diesel',
          liters,
          pricePerLiter: 1,
          totalCost,
          odometerReading,
          fillType,
          driver: 'Matt',
          notes: null,
        });
      expect((await fill(60_100, 80_000, 17_592, 'Full', 30)).body).toMatchObject({ liters: 80_000, pricePerLiter: 220, efficiency: null, driver: 'Matt' });
      expect((await fill(60_400, 40_500, 8_910, 'Partial', 20)).body).toMatchObject({ fillType: 'Partial', efficiency: null });
      const third = await fill(60_900, 55_500, 12_210, 'Full', 10);
      expect(third.status).toBe(201);
      // (40.5 + 55.5) L over 800 km.
      expect((third.body as FuelRecord).efficiency).toBe(12);

      // A fill entered late, between the first two, changes the figures after it.
      await fill(60_250, 30_000, 6_600, 'Partial', 25);
      const fills = (await admin.get(`/api/fuel-records?vehicleId=${vehicle.id}`)).body as FuelRecord[];
      expect(fills.map((record) => [record.odometerReading, record.efficiency])).toEqual([
        [60_900, 15.75],
        [60_400, null],
        [60_250, null],
        [60_100, null],
      ]);
    });

    it('defaults the fill to Full by the first owner now', async () => {
      const vehicle = await addVehicle({ mileage: 10_000 });
      const response = await admin.post('/api/fuel-records', { vehicleId: vehicle.id, location: 'Tom Price Shell', fuelType: 'Diesel', liters: 50_000, totalCost: 11_500, odometerReading: 10_200 });
      expect(response.body).toMatchObject({ fillType: 'Full', driver: 'Dean' });
      expect(Date.now() - Date.parse((response.body as FuelRecord).dateTime)).toBeLessThan(60_000);
    });
  });

  describe('odometer readings', () => {
    it('refuses a reading lower than the last one, with the field and the reason, storing nothing', async () => {
      const vehicle = await addVehicle({ mileage: 200_000 });
      const base = { vehicleId: vehicle.id, location: 'Roebourne', fuelType: 'Diesel', liters: 60_000, totalCost: 13_200 };
      expect((await admin.post('/api/fuel-records', { ...base, odometerReading: 200_500, dateTime: hoursAgo(5) })).status).toBe(201);
      const lower = await admin.post('/api/fuel-records', { ...base, odometerReading: 200_400, dateTime: hoursAgo(1) });
      expect(lower.status).toBe(400);
      expect(lower.body.errors).toEqual([{ field: 'odometerReading', message: expect.stringMatching(/^Odometer reading is lower than the last reading of 200,500 km \(fuel, /) }]);
      const trip = await admin.post('/api/mileage-records', { vehicleId: vehicle.id, endOdometer: 199_000 });
      expect(trip.status).toBe(400);
      expect(trip.body.errors[0].field).toBe('endOdometer');
      expect(await api.dataSource.getRepository(FuelRecordEntity).countBy({ vehicleId: vehicle.id })).toBe(1);
    });

    it('refuses a service dated the day the truck was added with an odometer below the one it was added with', async () => {
      const vehicle = await addVehicle({ mileage: 120_000 });
      const service = (mileageAtService: number, invoiceDate: string) =>
        admin.post('/api/service-records', {
          vehicleId: vehicle.id,
          serviceType: 'Routine Service',
          description: 'Service',
          mileageAtService,
          totalCost: 50_000,
          servicedBy: 'Pilbara Diesel',
          invoiceDate,
        });
      const lower = await service(119_900, today());
      expect(lower.status).toBe(400);
      expect(lower.body.errors).toEqual([{ field: 'mileageAtService', message: expect.stringMatching(/^Odometer reading is lower than the last reading of 120,000 km \(added, /) }]);
      expect(await api.dataSource.getRepository(ServiceRecordEntity).countBy({ vehicleId: vehicle.id })).toBe(0);
      // The day before it joined the fleet, a lower reading is history, not a contradiction.
      const yesterday = new Date(Date.parse(`${today()}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      expect((await service(119_900, yesterday)).status).toBe(201);
      expect((await service(120_000, today())).status).toBe(201);
    });

    it('flags a jump of more than 1,500 km a day until it is confirmed', async () => {
      const vehicle = await addVehicle({ mileage: 90_000 });
      const body = { vehicleId: vehicle.id, location: 'Newman', fuelType: 'Diesel', liters: 70_000, totalCost: 15_400, odometerReading: 900_000 };
      const flagged = await admin.post('/api/fuel-records', body);
      expect(flagged.status).toBe(422);
      expect(flagged.body.errors).toEqual([{ field: 'odometerReading', message: expect.stringContaining('Odometer jumps 810,000 km in a day') }]);
      expect(await api.dataSource.getRepository(FuelRecordEntity).countBy({ vehicleId: vehicle.id })).toBe(0);
      expect((await admin.post('/api/fuel-records', { ...body, confirmOdometerJump: true })).status).toBe(201);
      expect((await admin.post('/api/fuel-records', { ...body, odometerReading: 901_400 })).status).toBe(201);
    });
  });

  describe('service due', () => {
    it('records one vehicle.serviceDue when a truck comes within 1000 km, never again in that interval, and again in the next', async () => {
      const vehicle = await addVehicle({ mileage: 40_000, lastServiceMileage: 40_000, lastServiceDate: today() });
      const trip = (endOdometer: number) => admin.post('/api/mileage-records', { vehicleId: vehicle.id, endOdometer, confirmOdometerJump: true });

      expect((await trip(48_999)).status).toBe(201);
      expect(await serviceEvents(vehicle.id)).toHaveLength(0);
      expect((await trip(49_000)).status).toBe(201);
      const due = ((await admin.get('/api/vehicles')).body as Vehicle[]).find((item) => item.id === vehicle.id)!;
      expect(due).toMatchObject({ displayState: 'due', health: { kmRemaining: 1000, state: 'due' } });
      expect(await serviceEvents(vehicle.id)).toEqual([expect.objectContaining({ payload: { vehicleId: vehicle.id, cycle: 'joined' } })]);

      expect((await trip(50_000)).status).toBe(201);
      const overdue = ((await admin.get('/api/vehicles')).body as Vehicle[]).find((item) => item.id === vehicle.id)!;
      expect(overdue).toMatchObject({ displayState: 'overdue', health: { kmRemaining: 0 } });
      expect(await serviceEvents(vehicle.id)).toHaveLength(1);

      const service = await admin.post('/api/service-records', {
        vehicleId: vehicle.id,
        serviceType: 'Routine Service',
        description: 'Service',
        mileageAtService: 50_100,
        totalCost: 60_000,
        servicedBy: 'Pilbara Diesel',
        invoiceDate: today(),
      });
      expect(service.status).toBe(201);
      expect((await trip(59_100)).status).toBe(201);
      expect((await serviceEvents(vehicle.id)).map((event) => event.payload)).toEqual([
        { vehicleId: vehicle.id, cycle: 'joined' },
        { vehicleId: vehicle.id, cycle: `service-${(service.body as ServiceRecord).id}` },
      ]);
    });

    it('alerts for a truck added already overdue by date', async () => {
      const vehicle = await addVehicle({ lastServiceDate: '2024-01-10', lastServiceMileage: 150_000 });
      expect(vehicle).toMatchObject({ displayState: 'overdue', health: { dueByDate: '2024-07-10', dueBy: 'date' } });
      expect(await serviceEvents(vehicle.id)).toHaveLength(1);
    });
  });

  describe('mileage records and expenses', () => {
    it('records the odometer at the end of a job once per truck, starting from the last reading', async () => {
      const vehicle = await addVehicle({ mileage: 70_000 });
      const job = (await admin.post('/api/jobs', { customerName: 'Cape Lambert Port', phone: '0412 111 222', service: '4x4 Recovery', location: 'Cape Lambert' })).body.job;
      const record = await admin.post('/api/mileage-records', { vehicleId: vehicle.id, endOdometer: 70_180, jobId: job.id, purpose: '4x4 Recovery' });
      expect(record.status).toBe(201);
      expect(record.body as MileageRecord).toMatchObject({ startOdometer: 70_000, endOdometer: 70_180, distance: 180, jobId: job.id });
      const again = await admin.post('/api/mileage-records', { vehicleId: vehicle.id, endOdometer: 70_200, jobId: job.id });
      expect(again.status).toBe(409);
      expect(again.body.errors[0].field).toBe('jobId');
      const unknown = await admin.post('/api/mileage-records', { vehicleId: vehicle.id, endOdometer: 70_300, jobId: 'JOB-1999-1' });
      expect(unknown.body.errors).toEqual([{ field: 'jobId', message: 'Job JOB-1999-1 not found' }]);
    });

    it('lists, adds and deletes expenses in cents', async () => {
      const vehicle = await addVehicle();
      const created = await admin.post('/api/fleet-expenses', {
        vehicleId: vehicle.id,
        expenseType: 'Registration',
        description: 'Annual registration, heavy vehicle',
        amount: 142_300,
        expenseDate: today(),
        vendor: 'Department of Transport WA',
      });
      expect(created.status).toBe(201);
      const expense = created.body as FleetExpense;
      expect(expense).toMatchObject({ amount: 142_300, isPaid: false });
      expect(((await admin.get(`/api/fleet-expenses?vehicleId=${vehicle.id}`)).body as FleetExpense[]).map((item) => item.id)).toEqual([expense.id]);
      expect((await admin.request('DELETE', `/api/fleet-expenses/${expense.id}`)).status).toBe(204);
      expect((await admin.request('DELETE', `/api/fleet-expenses/${expense.id}`)).status).toBe(404);
      expect((await admin.post('/api/fleet-expenses', { vehicleId: vehicle.id, expenseType: ' ', description: 'x', amount: 1.5, expenseDate: '2026-02-30' })).body.errors).toEqual(
        expect.arrayContaining([
          { field: 'expenseType', message: 'Expense type is required' },
          { field: 'amount', message: 'Amount must be a whole number of cents' },
          { field: 'expenseDate', message: 'Expense date is required' },
        ]),
      );
    });
  });

  describe('removing a vehicle', () => {
    it('takes it off the fleet and the lists but keeps it and its records, read-only', async () => {
      const vehicle = await addVehicle({ registration: 'SOLD 01', mileage: 10_000 });
      const service = await admin.post('/api/service-records', {
        vehicleId: vehicle.id,
        serviceType: 'Oil Change',
        description: 'Oil and filter',
        mileageAtService: 10_050,
        totalCost: 25_000,
        servicedBy: 'Karratha Auto',
        invoiceDate: today(),
      });
      const fuel = await admin.post('/api/fuel-records', { vehicleId: vehicle.id, location: 'Dampier', fuelType: 'Diesel', liters: 40_000, totalCost: 8_800, odometerReading: 10_100 });
      await admin.post('/api/fleet-expenses', { vehicleId: vehicle.id, expenseType: 'Insurance', description: 'Policy', amount: 250_000, expenseDate: today() });

      expect((await admin.request('DELETE', `/api/vehicles/${vehicle.id}`)).status).toBe(204);

      expect(((await admin.get('/api/vehicles')).body as Vehicle[]).map((item) => item.id)).not.toContain(vehicle.id);
      expect(((await admin.get('/api/vehicles?includeRemoved=true')).body as Vehicle[]).find((item) => item.id === vehicle.id)).toMatchObject({ isActive: false });
      expect(((await admin.get('/api/service-records')).body as ServiceRecord[]).map((item) => item.vehicleId)).not.toContain(vehicle.id);
      expect(((await admin.get(`/api/service-records?vehicleId=${vehicle.id}`)).body as ServiceRecord[]).map((item) => item.id)).toEqual([service.body.id]);
      expect(((await admin.get(`/api/fuel-records?vehicleId=${vehicle.id}`)).body as FuelRecord[]).map((item) => item.id)).toEqual([fuel.body.id]);
      expect(await api.dataSource.getRepository(ServiceRecordEntity).countBy({ vehicleId: vehicle.id })).toBe(1);
      expect(await api.dataSource.getRepository(FleetExpenseEntity).countBy({ vehicleId: vehicle.id })).toBe(1);

      const more = await admin.post('/api/fuel-records', { vehicleId: vehicle.id, location: 'Dampier', fuelType: 'Diesel', liters: 40_000, totalCost: 8_800, odometerReading: 10_300 });
      expect(more.status).toBe(409);
      expect(more.body.errors[0].field).toBe('vehicleId');
      expect((await admin.request('DELETE', `/api/fuel-records/${fuel.body.id}`)).status).toBe(409);
      expect((await admin.put(`/api/vehicles/${vehicle.id}`, { name: 'Back' })).status).toBe(409);
      expect((await admin.request('DELETE', `/api/vehicles/${vehicle.id}`)).status).toBe(404);
      expect((await admin.post('/api/vehicles', { ...HILUX, registration: 'SOLD 01' })).status).toBe(409);
    });
  });
});
