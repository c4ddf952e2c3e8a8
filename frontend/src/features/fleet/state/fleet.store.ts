import type { Vehicle } from '@towing/contracts';
import { create } from 'zustand';

interface FleetState {
  vehicles: Vehicle[];
  loaded: boolean;
  /** Why the last read of the fleet failed; null once a read succeeds. The trucks shown may be stale or none. */
  error: string | null;
  replace(vehicles: Vehicle[]): void;
  failed(error: string): void;
  upsert(vehicle: Vehicle): void;
  remove(id: number): void;
}

const byName = (vehicles: Vehicle[]) => vehicles.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);

/** The trucks in the fleet with their service estimates, kept live by useFleetLiveData. */
export const useFleetStore = create<FleetState>()((set) => ({
  vehicles: [],
  loaded: false,
  error: null,
  replace: (vehicles) => set({ vehicles: byName(vehicles.filter((vehicle) => vehicle.isActive)), loaded: true, error: null }),
  failed: (error) => set({ error }),
  upsert: (vehicle) =>
    set((state) => {
      const others = state.vehicles.filter((candidate) => candidate.id !== vehicle.id);
      return { vehicles: vehicle.isActive ? byName([...others, vehicle]) : others };
    }),
  remove: (id) => set((state) => ({ vehicles: state.vehicles.filter((vehicle) => vehicle.id !== id) })),
}));
