export { PushToggle } from './PushToggle';
export { usePushAlerts } from './usePushAlerts';
