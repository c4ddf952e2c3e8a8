import type { FleetExpense, FuelRecord, MileageRecord, ServiceRecord, Vehicle } from '@towing/contracts';
import { useEffect, useState } from 'react';
import { api } from '../../../shared/api/client';

export interface VehicleRecords {
  services: ServiceRecord[];
  fuel: FuelRecord[];
  mileage: MileageRecord[];
  expenses: FleetExpense[];
}

/**
 * One truck's full history, newest first. Read again whenever the truck is pushed
 * (vehicle:updated follows every change to its records), so the lists and charts follow
 * what anyone enters.
 */
export function useVehicleRecords(vehicle: Vehicle): { records: VehicleRecords | null; failed: boolean } {
  const [records, setRecords] = useState<VehicleRecords | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    const query = { vehicleId: String(vehicle.id) };
    const options = { query, signal: controller.signal };
    Promise.all([
      api.call('GET /api/service-records', options),
      api.call('GET /api/fuel-records', options),
      api.call('GET /api/mileage-records', options),
      api.call('GET /api/fleet-expenses', options),
    ])
      .then(([services, fuel, mileage, expenses]) => {
        setRecords({ services, fuel, mileage, expenses });
        setFailed(false);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [vehicle]);

  return { records, failed };
}
