import type { Vehicle } from '@towing/contracts';
import { api } from '../../shared/api/client';
import { queryClient } from '../../shared/query/queryClient';
import { refetchOn, removeById, socketToCache, useLiveQuery } from '../../shared/realtime/live-query';

/** The trucks in service, by name, with their service estimates; kept current by vehicle:* pushes. */
export const VEHICLES = ['vehicles'] as const;
/**
 * One truck's service, fuel, mileage and expense records: a key of its own, not under VEHICLES,
 * whose push rules edit every query under that key as a list of trucks.
 */
export const vehicleRecordsKey = (id: number) => ['vehicle-records', id] as const;

const byName = (a: Vehicle, b: Vehicle) => a.name.localeCompare(b.name) || a.id - b.id;

/** A truck as the server now has it: a retired one leaves the fleet. */
export function withVehicle(vehicles: Vehicle[], vehicle: Vehicle): Vehicle[] {
  const others = removeById(vehicles, vehicle.id);
  return vehicle.isActive ? [...others, vehicle].sort(byName) : others;
}

socketToCache('vehicle:created', VEHICLES, withVehicle);
socketToCache('vehicle:updated', VEHICLES, withVehicle);
socketToCache('vehicle:deleted', VEHICLES, (vehicles: Vehicle[], { id }) => removeById(vehicles, id));
// vehicle:updated follows every change to a truck's records, so its lists and charts follow what anyone enters.
refetchOn('vehicle:updated', (vehicle) => vehicleRecordsKey(vehicle.id));

export const vehiclesQuery = {
  queryKey: VEHICLES,
  queryFn: async () => (await api.call('GET /api/vehicles')).filter((vehicle) => vehicle.isActive).sort(byName),
};

/** The fleet, live while any screen showing trucks is open (the board's driver tile, the fleet tab). */
export const useVehicles = () => useLiveQuery(vehiclesQuery);

/**
 * The fleet for code outside a screen (the truck checks before an assignment): what the board
 * already holds, or read now when it holds nothing yet.
 */
export const readVehicles = (): Promise<Vehicle[]> => queryClient.fetchQuery({ ...vehiclesQuery, staleTime: Number.POSITIVE_INFINITY });

/** What this board's own change answered goes into the cache as a push would. */
export function vehicleChanged(vehicle: Vehicle): void {
  queryClient.setQueryData<Vehicle[]>(VEHICLES, (vehicles) => vehicles && withVehicle(vehicles, vehicle));
}

export function vehicleRemoved(id: number): void {
  queryClient.setQueryData<Vehicle[]>(VEHICLES, (vehicles) => vehicles && removeById(vehicles, id));
}
