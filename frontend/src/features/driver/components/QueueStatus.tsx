import { formatPerthDateTime } from '@towing/contracts';
import type { RequestQueue } from '../hooks/useRequestQueue';

const STOPPED: Record<'offline' | 'signed-out' | 'unavailable', string> = {
  offline: 'No signal: they go by themselves when the phone is back online, even with this page closed.',
  'signed-out': 'Signed out: sign in again and they go.',
  unavailable: 'The server is busy: they go by themselves shortly.',
};

/** What is still on the phone, and what the server refused and why: nothing a driver tapped is lost silently. */
export function QueueStatus({ queue }: { queue: RequestQueue }) {
  const { waiting, refused, stoppedBy } = queue;
  if (waiting.length === 0 && refused.length === 0) return null;
  return (
    <section className="driver-queue" aria-label="Not sent yet">
      {waiting.length > 0 && (
        <div className="driver-queue__waiting" role="status">
          <p>
            <strong>
              {waiting.length} waiting to go
            </strong>
            {stoppedBy ? ` · ${STOPPED[stoppedBy]}` : ''}
          </p>
          <ol>
            {waiting.map((entry) => (
              <li key={entry.key}>
                {entry.label} · tapped {formatPerthDateTime(entry.madeAt)}
              </li>
            ))}
          </ol>
          <button type="button" className="driver-button" onClick={queue.sendNow}>
            Try now
          </button>
        </div>
      )}
      {refused.map((entry) => (
        <div key={entry.key} className="driver-queue__refused" role="alert">
          <p>
            <strong>Not done: {entry.label}</strong> (tapped {formatPerthDateTime(entry.madeAt)})
          </p>
          <p>{entry.reason}</p>
          <button type="button" className="driver-button" onClick={() => queue.dismiss(entry.key)}>
            OK
          </button>
        </div>
      ))}
    </section>
  );
}
