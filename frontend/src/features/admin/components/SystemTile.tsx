import { useQuery } from '@tanstack/react-query';
import type { SystemStatus } from '@towing/contracts';
import { api } from '../../../shared/api/client';
import { queryClient } from '../../../shared/query/queryClient';

/** Read again this often: the heartbeat is written every 10 s. */
const REFRESH_MS = 15_000;
/** A heartbeat older than this, or an outbox row older than this, is shown as trouble. */
const LATE_SECONDS = 60;

function age(seconds: number | null, none: string): string {
  if (seconds === null) return none;
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  return `${Math.floor(seconds / 3600)} h ago`;
}

const trouble = { color: '#b91c1c' } as const;

/** The System tile: is the worker alive, is anything stuck, which services are configured, in words. */
export function SystemTile() {
  const read = useQuery({ queryKey: ['system'], queryFn: () => api.call('GET /api/system'), refetchInterval: REFRESH_MS }, queryClient);
  const status: SystemStatus | undefined = read.data;
  return (
    <section className="admin-tile" aria-label="System">
      <div>System</div>
      {!status ? (
        <div>{read.isError ? 'Could not read the system status' : 'Reading…'}</div>
      ) : (
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          <li style={status.workerHeartbeatAgeSeconds === null || status.workerHeartbeatAgeSeconds > LATE_SECONDS ? trouble : undefined}>
            Worker heartbeat: {age(status.workerHeartbeatAgeSeconds, 'none in the last minute')}
          </li>
          <li style={(status.oldestOutboxAgeSeconds ?? 0) > LATE_SECONDS ? trouble : undefined}>
            Oldest unsent event: {status.oldestOutboxAgeSeconds === null ? 'none waiting' : `${status.oldestOutboxAgeSeconds} s old`}
          </li>
          <li style={status.failedJobsLastHour > 0 ? trouble : undefined}>
            Failed jobs in the last hour: {status.failedJobsLastHour} (<a href="/admin/queues">queues</a>)
          </li>
          {status.services.map((service) => (
            <li key={service.name}>
              {service.name}: {service.status}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
