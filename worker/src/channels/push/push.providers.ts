import { PushServiceClient } from './push-service.js';
import { SosPushAlerts } from './sos-push-alerts.js';

/** The worker's Web Push channel. */
export const PUSH_PROVIDERS = [PushServiceClient, SosPushAlerts];
