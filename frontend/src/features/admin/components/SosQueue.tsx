import type { Job } from '@towing/contracts';
import { useState } from 'react';
import { formatClock } from '../durations';
import { useNow } from '../../../shared/hooks/useNow';
import { SosCard } from './SosCard';

/**
 * The open SOS in a burst: one full card (the oldest not yet acknowledged, or the one the
 * dispatcher picked) and every other as a one-line row with how long it has waited, oldest first,
 * under a count of them. A row opens its full card in place of the one shown.
 */
export function SosQueue({ openSos }: { openSos: Job[] }) {
  const [pickedId, setPickedId] = useState<string | null>(null);
  // Acknowledged (or deleted) meanwhile, the picked SOS leaves the list and the oldest shows again.
  const shown = openSos.find((job) => job.id === pickedId) ?? openSos[0];
  if (!shown) return null;
  const rest = openSos.filter((job) => job.id !== shown.id);
  return (
    <>
      <SosCard job={shown} />
      {rest.length > 0 && <SosRows jobs={rest} onOpen={setPickedId} />}
    </>
  );
}

/** The rest of the open SOS, one row each; their waiting times tick here, not in the card above. */
function SosRows({ jobs, onOpen }: { jobs: Job[]; onOpen(jobId: string): void }) {
  const now = useNow(1000);
  return (
    <div className="sos-rows" aria-label="More open SOS">
      <strong>
        {jobs.length} more waiting
      </strong>
      <ul>
        {jobs.map((job) => {
          const waited = formatClock(now - Date.parse(job.createdAt));
          return (
            <li key={job.id}>
              <button type="button" className="sos-row" onClick={() => onOpen(job.id)} aria-label={`SOS ${job.id}, ${job.customerName}, waiting ${waited}: open`}>
                <span className="sos-row-who">
                  {job.id} · {job.customerName}
                  {job.vehicle && ` · ${job.vehicle}`}
                </span>
                <span className="sos-age">{waited}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
