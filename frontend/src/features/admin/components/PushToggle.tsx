import { Switch, Tooltip } from 'antd';
import { usePushAlerts } from '../../push';

/**
 * SOS alerts pushed to this device (phone or PC), even with the app closed and the screen
 * locked, for the signed-in staff member; on or off per device. Hidden when the server sends
 * no push.
 */
export function PushToggle() {
  const alerts = usePushAlerts();
  if (!alerts.available) return null;
  return (
    <Tooltip title={alerts.failed ? 'Could not change alerts on this device. Please try again.' : alerts.why}>
      <span className="admin-row">
        <Switch
          aria-label="Push alerts on this device"
          checked={alerts.on}
          loading={alerts.busy}
          disabled={Boolean(alerts.why)}
          onChange={(on) => alerts.turn(on)}
        />
        <span>Push alerts on this device</span>
      </span>
    </Tooltip>
  );
}
