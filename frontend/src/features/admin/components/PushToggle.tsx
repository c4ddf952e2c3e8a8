import { Switch } from 'antd';
import { usePushAlerts } from '../../push';

/**
 * SOS alerts pushed to this device (phone or PC), even with the app closed and the screen
 * locked, for the signed-in staff member; on or off per device. Hidden when the server sends
 * no push. Why it cannot be turned on is its title, as on the driver's AlertsButton: antd's
 * Tooltip would bring its popup library to the board's first download.
 */
export function PushToggle() {
  const alerts = usePushAlerts();
  if (!alerts.available) return null;
  return (
    <span className="admin-row" title={alerts.failed ? 'Could not change alerts on this device. Please try again.' : alerts.why}>
      <Switch
        aria-label="Push alerts on this device"
        checked={alerts.on}
        loading={alerts.busy}
        disabled={Boolean(alerts.why)}
        onChange={(on) => alerts.turn(on)}
      />
      <span>Push alerts on this device</span>
    </span>
  );
}
