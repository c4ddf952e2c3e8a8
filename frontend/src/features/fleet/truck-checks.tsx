import { type Job, OFF_ROAD_STATUSES, type Vehicle } from '@towing/contracts';
import { queryClient } from '../../shared/query/queryClient';
import { readVehicles, VEHICLES } from './fleet-data';
import { drivesTrucks, trucksOf } from './hooks/useDriverTrucks';

/*
 * The job list calls these on the board's first screen: the dialogs themselves are fetched only
 * when one is shown, so the board's first load does not carry them.
 */

/**
 * Before a job goes to a driver whose truck is off the road (out of service, or in the
 * workshop), asks whether to assign it anyway. Answers true straight away when nothing is wrong.
 * Fails safe: when the fleet cannot be read, nobody can tell the truck is fine, so it asks too.
 */
export async function confirmTruckAssignment(assignee: string): Promise<boolean> {
  if (!drivesTrucks(assignee)) return true;
  // The board holds the fleet once its driver tile has read it; an assignment before that reads it now.
  const vehicles = await readVehicles().catch(() => null);
  const offRoad = vehicles === null ? null : trucksOf(vehicles, assignee).filter((vehicle) => OFF_ROAD_STATUSES.includes(vehicle.status));
  if (offRoad !== null && offRoad.length === 0) return true;
  const [{ AssignAnywayDialog }, { openDialog }] = await Promise.all([import('./components/AssignAnywayDialog'), import('./dialogs')]);
  return new Promise((resolve) => {
    openDialog((close) => (
      <AssignAnywayDialog
        assignee={assignee}
        trucks={offRoad}
        onAnswer={(assign) => {
          close();
          resolve(assign);
        }}
      />
    ));
  });
}

/**
 * After a job is completed, offers to record the odometer of the truck that did it (a mileage
 * record for the job). Nothing to ask when the fleet has no trucks.
 */
export async function promptOdometer(job: Job): Promise<void> {
  const vehicles = queryClient.getQueryData<Vehicle[]>(VEHICLES) ?? [];
  if (vehicles.length === 0) return;
  const [{ OdometerPrompt }, { openDialog }] = await Promise.all([import('./components/OdometerPrompt'), import('./dialogs')]);
  openDialog((close) => <OdometerPrompt job={job} vehicles={vehicles} suggested={trucksOf(vehicles, job.assignedTo)} onClose={close} />);
}
