import { usePushAlerts } from '../../push';

/** This phone's SOS alerts (Web Push) on or off, beside Sign out; nothing when the server sends no push. */
export function AlertsButton() {
  const alerts = usePushAlerts();
  if (!alerts.available) return null;
  const label = alerts.why ? 'Alerts unavailable' : alerts.on ? 'Alerts on' : 'Turn on alerts';
  return (
    <button
      type="button"
      className="driver-button driver-button--quiet"
      aria-pressed={alerts.on}
      disabled={alerts.busy || Boolean(alerts.why)}
      title={alerts.failed ? 'Could not change alerts on this phone. Please try again.' : alerts.why}
      onClick={() => alerts.turn(!alerts.on)}
    >
      {label}
    </button>
  );
}
