import type { FleetExpense, FuelRecord, MileageRecord, ServiceRecord, Vehicle } from '@towing/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { queryClient } from '../../../shared/query/queryClient';
import { vehicleRecordsKey } from '../fleet-data';

export interface VehicleRecords {
  services: ServiceRecord[];
  fuel: FuelRecord[];
  mileage: MileageRecord[];
  expenses: FleetExpense[];
}

/** One truck's full history, newest first; read again with every push about the truck (fleet-data.ts). */
export function useVehicleRecords(vehicle: Vehicle): { records: VehicleRecords | null; failed: boolean } {
  const read = useQuery(
    {
      queryKey: vehicleRecordsKey(vehicle.id),
      queryFn: async ({ signal }) => {
        const options = { query: { vehicleId: String(vehicle.id) }, signal };
        const [services, fuel, mileage, expenses] = await Promise.all([
          api.call('GET /api/service-records', options),
          api.call('GET /api/fuel-records', options),
          api.call('GET /api/mileage-records', options),
          api.call('GET /api/fleet-expenses', options),
        ]);
        return { services, fuel, mileage, expenses };
      },
    },
    queryClient,
  );
  return { records: read.data ?? null, failed: read.isError };
}
