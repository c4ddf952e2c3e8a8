import { type Job, OFF_ROAD_STATUSES } from '@towing/contracts';
import { drivesTrucks, trucksOf } from './hooks/useDriverTrucks';
import { reloadFleet } from './hooks/useFleetLiveData';
import { useFleetStore } from './state/fleet.store';

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
  // The board reads the fleet when its socket connects; an assignment before that reads it now.
  if (!useFleetStore.getState().loaded && !useFleetStore.getState().error) await reloadFleet();
  const { vehicles, error } = useFleetStore.getState();
  const offRoad = error ? null : trucksOf(vehicles, assignee).filter((vehicle) => OFF_ROAD_STATUSES.includes(vehicle.status));
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
  const vehicles = useFleetStore.getState().vehicles;
  if (vehicles.length === 0) return;
  const [{ OdometerPrompt }, { openDialog }] = await Promise.all([import('./components/OdometerPrompt'), import('./dialogs')]);
  openDialog((close) => <OdometerPrompt job={job} vehicles={vehicles} suggested={trucksOf(vehicles, job.assignedTo)} onClose={close} />);
}
