export { usePushAlerts } from './usePushAlerts';
