import type { EntityManager } from 'typeorm';
import { checkOdometerReading, type OdometerReading } from '@towing/contracts';
import { loadVehicleHistories, type VehicleEntity, type VehicleHistory } from '@towing/db';
import { fieldError } from '../common/errors.js';

export interface OdometerCandidate {
  km: number;
  at: string;
  /** The request field the reading came in. */
  field: string;
  /** The sender confirmed an implausible jump. */
  confirmed: boolean;
  /** Leave this reading out of the history (the one being replaced). */
  except?: (reading: OdometerReading) => boolean;
}

/**
 * Refuses a reading that contradicts the truck's history (400: lower than one before it, higher
 * than one after it) and one that jumps further than a truck drives unless confirmed (422).
 * Answers the history it checked against.
 */
export async function assertOdometerFits(manager: EntityManager, vehicle: VehicleEntity, candidate: OdometerCandidate): Promise<VehicleHistory> {
  const history = (await loadVehicleHistories(manager, [vehicle])).get(vehicle.id)!;
  const readings = candidate.except ? history.readings.filter((reading) => !candidate.except!(reading)) : history.readings;
  const verdict = checkOdometerReading(readings, candidate);
  if (verdict.ok || (verdict.kind === 'jump' && candidate.confirmed)) return history;
  throw fieldError(verdict.kind === 'jump' ? 422 : 400, candidate.field, verdict.message);
}
