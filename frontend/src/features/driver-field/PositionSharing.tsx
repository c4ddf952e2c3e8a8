import { formatPerthDateTime } from '@towing/contracts';
import type { PositionSharing as Sharing } from './usePositionSharing';

/** The switch and what it is doing: the driver always knows whether the customer sees the truck. */
export function PositionSharing({ sharing, onTheWay }: { sharing: Sharing; onTheWay: boolean }) {
  let state: string;
  if (!sharing.enabled) state = 'Position sharing is off: the customer does not see the truck.';
  else if (!onTheWay) state = 'Your position is shared only while the job is En Route or On scene.';
  else if (sharing.error) state = `The phone gives no position: ${sharing.error}`;
  else if (sharing.lastFixAt) state = `Sharing your position with the customer (last fix ${formatPerthDateTime(sharing.lastFixAt)}).`;
  else state = 'Sharing your position with the customer…';
  return (
    <div className="field-sharing">
      <label className="field-sharing__switch">
        <input type="checkbox" role="switch" checked={sharing.enabled} onChange={(event) => sharing.setEnabled(event.target.checked)} />
        Share my position
      </label>
      <p className="field-sharing__state" role="status" data-testid="position-sharing">
        {state}
      </p>
    </div>
  );
}
