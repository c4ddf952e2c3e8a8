import { type EntityManager, In } from 'typeorm';
import {
  alertedCycleAfter,
  type BaselineService,
  type OdometerReading,
  serviceBaseline,
  serviceDueCrossing,
  type ServiceHealth,
  serviceHealth,
  type Vehicle,
  vehicleReadings,
} from '@towing/contracts';
import { FuelRecordEntity } from '../entities/fuel-record.entity.js';
import { MileageRecordEntity } from '../entities/mileage-record.entity.js';
import { ServiceRecordEntity } from '../entities/service-record.entity.js';
import { VehicleEntity } from '../entities/vehicle.entity.js';
import { toVehicleView } from '../views/fleet.view.js';

/** What the service estimate reads of a truck's records: its odometer readings and its services. */
export interface VehicleHistory {
  readings: OdometerReading[];
  services: BaselineService[];
}

/**
 * The odometer readings and services of each vehicle, the reading from when it joined the fleet
 * included. Only the columns the estimate needs are read.
 */
export async function loadVehicleHistories(manager: EntityManager, vehicles: readonly VehicleEntity[]): Promise<Map<number, VehicleHistory>> {
  if (vehicles.length === 0) return new Map();
  const ids = vehicles.map((vehicle) => vehicle.id);
  // One after another: inside a transaction the manager is one connection, which runs one query at a time.
  const services = await manager.getRepository(ServiceRecordEntity).find({
    select: { id: true, vehicleId: true, serviceType: true, mileageAtService: true, invoiceDate: true, nextServiceDue: true },
    where: { vehicleId: In(ids) },
  });
  const fuel = await manager.getRepository(FuelRecordEntity).find({ select: { vehicleId: true, odometerReading: true, dateTime: true }, where: { vehicleId: In(ids) } });
  const trips = await manager.getRepository(MileageRecordEntity).find({ select: { vehicleId: true, endOdometer: true, dateTime: true }, where: { vehicleId: In(ids) } });
  const iso = <T extends { dateTime: Date }>(row: T) => ({ ...row, dateTime: row.dateTime.toISOString() });
  return new Map(
    vehicles.map((vehicle) => {
      const own = <T extends { vehicleId: number }>(rows: T[]) => rows.filter((row) => row.vehicleId === vehicle.id);
      const vehicleServices = own(services);
      return [
        vehicle.id,
        {
          services: vehicleServices,
          readings: vehicleReadings({ mileage: vehicle.mileage, createdAt: vehicle.createdAt.toISOString() }, vehicleServices, own(fuel).map(iso), own(trips).map(iso)),
        },
      ];
    }),
  );
}

export function vehicleHealth(vehicle: VehicleEntity, history: VehicleHistory, now = new Date()): ServiceHealth {
  return serviceHealth({
    intervalKm: vehicle.serviceInterval,
    intervalMonths: vehicle.serviceIntervalMonths,
    baseline: serviceBaseline({ ...vehicle, createdAt: vehicle.createdAt.toISOString() }, history.services),
    readings: history.readings,
    now,
  });
}

/** The vehicles as the API returns them, with their service estimate as of `now`. */
export async function loadVehicleViews(manager: EntityManager, vehicles: readonly VehicleEntity[], now = new Date()): Promise<Vehicle[]> {
  const histories = await loadVehicleHistories(manager, vehicles);
  return vehicles.map((vehicle) => toVehicleView(vehicle, vehicleHealth(vehicle, histories.get(vehicle.id)!, now)));
}

export interface ServiceDueCheck {
  vehicle: Vehicle;
  /** The service interval that has just come due: record vehicle.serviceDue for it in this transaction. */
  crossed: string | null;
}

/**
 * Inside the caller's transaction: locks the vehicle, works out its estimate and, when it has just
 * come due in an interval nobody was alerted for, marks that interval as alerted; a truck no
 * longer due forgets its alert, so it alerts again when it next comes due. The API runs it
 * after every change to a truck's records, the worker's daily check for due dates nobody touched.
 * Null for a vehicle that is gone or removed.
 */
export async function checkServiceDue(manager: EntityManager, vehicleId: number, now = new Date()): Promise<ServiceDueCheck | null> {
  const vehicles = manager.getRepository(VehicleEntity);
  const vehicle = await vehicles.findOne({ where: { id: vehicleId }, lock: { mode: 'pessimistic_write' } });
  if (!vehicle?.isActive) return null;
  const history = (await loadVehicleHistories(manager, [vehicle])).get(vehicle.id)!;
  const health = vehicleHealth(vehicle, history, now);
  const crossed = serviceDueCrossing(health, vehicle.serviceDueAlertedCycle);
  const alerted = alertedCycleAfter(health);
  if (alerted !== vehicle.serviceDueAlertedCycle) await vehicles.update({ id: vehicle.id }, { serviceDueAlertedCycle: alerted });
  return { vehicle: toVehicleView(vehicle, health), crossed };
}
