import { assignedDrivers, TRUCK_DRIVERS, type Vehicle } from '@towing/contracts';
import { useMemo } from 'react';

/** The trucks a job's assignee drives: their usual truck(s); both owners' for 'Both'; none when unassigned. */
export function trucksOf(vehicles: readonly Vehicle[], assignee: string): Vehicle[] {
  const drivers = assignedDrivers(assignee);
  return vehicles.filter((vehicle) => vehicle.usualDriver !== null && drivers.includes(vehicle.usualDriver));
}

/** Whether a job for `assignee` goes out in one of the owners' trucks (Unassigned does not). */
export const drivesTrucks = (assignee: string) => assignedDrivers(assignee).some((driver) => TRUCK_DRIVERS.includes(driver));

/** Trucks nobody usually drives (or whose usual driver is no longer an owner): the spares either owner may take. */
export function spareTrucks(vehicles: readonly Vehicle[]): Vehicle[] {
  return vehicles.filter((vehicle) => vehicle.usualDriver === null || !TRUCK_DRIVERS.includes(vehicle.usualDriver));
}

export interface TruckGroup {
  /** The owner who usually drives them; null for the spares. */
  driver: string | null;
  trucks: Vehicle[];
}

/** Every truck in the fleet, by the owner who usually drives it, the spares last. */
export function truckGroups(vehicles: readonly Vehicle[]): TruckGroup[] {
  return [...TRUCK_DRIVERS.map((driver) => ({ driver, trucks: trucksOf(vehicles, driver) })), { driver: null, trucks: spareTrucks(vehicles) }];
}

/** Every truck by driver, from the live fleet; none while it has not been read. */
export function useDriverTrucks(vehicles: readonly Vehicle[] | undefined): TruckGroup[] {
  return useMemo(() => truckGroups(vehicles ?? []), [vehicles]);
}
