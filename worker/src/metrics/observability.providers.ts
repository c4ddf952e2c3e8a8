import { WorkerHeartbeat } from './worker-heartbeat.js';
import { WorkerMetrics } from './worker-metrics.js';

/** What lets operators see the worker: its metrics endpoint and its heartbeat. */
export const OBSERVABILITY_PROVIDERS = [WorkerMetrics, WorkerHeartbeat];
