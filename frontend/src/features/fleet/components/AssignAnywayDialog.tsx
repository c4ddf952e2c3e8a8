import { type Vehicle, VEHICLE_DISPLAY } from '@towing/contracts';
import { Modal } from 'antd';

/**
 * Asks before a job goes to a driver whose truck is off the road, or whose truck's status nobody
 * can see (`trucks` null: the fleet could not be read).
 */
export function AssignAnywayDialog({ assignee, trucks, onAnswer }: { assignee: string; trucks: Vehicle[] | null; onAnswer: (assign: boolean) => void }) {
  return (
    <Modal open title={`Assign to ${assignee}?`} okText="Assign anyway" cancelText="Keep as is" onOk={() => onAnswer(true)} onCancel={() => onAnswer(false)}>
      {trucks === null ? (
        <p style={{ margin: 0 }}>Truck status is unavailable: check the truck is on the road before sending the job out.</p>
      ) : (
        trucks.map((vehicle) => (
          <p key={vehicle.id} style={{ margin: 0 }}>
            {vehicle.name} ({vehicle.registration}) is {VEHICLE_DISPLAY[vehicle.displayState].label.toLowerCase()}.
          </p>
        ))
      )}
    </Modal>
  );
}
