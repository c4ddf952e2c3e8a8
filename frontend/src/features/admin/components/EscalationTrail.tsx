import type { EscalationTrail as Trail } from '@towing/contracts';
import { api } from '../../../shared/api/client';
import { refetchOn, useLiveQuery } from '../../../shared/realtime/live-query';

const escalationKey = (jobId: string) => ['job-escalation', jobId] as const;

// A rung taken, a call ended, a text to the caller undelivered: the card reads its trail again.
refetchOn('job:escalation', ({ jobId }) => escalationKey(jobId));

/**
 * The SOS's escalation ladder on its card: each rung taken ("called Dean 02:14, no answer") and,
 * when our text did not reach the stranded person, a flag to call them instead.
 */
export function EscalationTrail({ jobId }: { jobId: string }) {
  const trail: Trail | undefined = useLiveQuery({ queryKey: escalationKey(jobId), queryFn: () => api.call('GET /api/jobs/:id/escalation', { params: { id: jobId } }) }).data;
  if (!trail || (trail.steps.length === 0 && !trail.callerUnreached)) return null;
  return (
    <div className="sos-escalation" aria-label={`Escalation of ${jobId}`}>
      {trail.callerUnreached && (
        <div role="alert" className="board-warning">
          {trail.callerUnreached}
        </div>
      )}
      {trail.steps.length > 0 && (
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {trail.steps.map((step) => (
            <li key={`${step.at}-${step.text}`}>
              <span className="board-muted">{step.text}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
