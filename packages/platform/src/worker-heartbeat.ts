/** How often a worker writes its heartbeat into Redis. */
export const WORKER_HEARTBEAT_INTERVAL_MS = 10_000;

/** The key holding the time (epoch ms) of the last heartbeat of any worker; it expires when none beats for a minute. */
export function workerHeartbeatKey(redisPrefix: string): string {
  return `${redisPrefix}:worker:heartbeat`;
}

export const WORKER_HEARTBEAT_TTL_SECONDS = 60;
