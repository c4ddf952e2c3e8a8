import PhoneOutlined from '@ant-design/icons-svg/es/asn/PhoneOutlined';
import { formatPerthDateTime, gpsLocationText, isSosOverdue, type Job, telHrefFor } from '@towing/contracts';
import { Button } from 'antd';
import { memo, useState } from 'react';
import { useNotification } from '../../../shared/ui/notification';
import { formatClock } from '../durations';
import { useNow } from '../../../shared/hooks/useNow';
import { acknowledgeJob } from '../job-commands';
import { useAdminStore } from '../state/admin.store';
import { EscalationTrail } from './EscalationTrail';
import { GpsDetails } from './GpsDetails';
import { JobPhotos } from './JobPhotos';
import { JobConversation } from './JobConversation';
import { SvgIcon } from '../../../shared/ui/SvgIcon';

/**
 * An open SOS: everything needed to call, find and send help, and the one click that says
 * someone has it. Its age ticks here, so the second-by-second clock re-renders the card alone,
 * never the map beside it.
 */
export const SosCard = memo(function SosCard({ job }: { job: Job }) {
  const notification = useNotification();
  const now = useNow(1000);
  const [busy, setBusy] = useState(false);
  const overdue = isSosOverdue(job, now);
  const waited = formatClock(now - Date.parse(job.createdAt));

  async function acknowledge() {
    setBusy(true);
    await acknowledgeJob(job.id, notification);
    setBusy(false);
  }

  return (
    <article className={`sos-card${overdue ? ' sos-card-overdue' : ''}`} data-testid={`sos-${job.id}`} aria-label={`SOS ${job.id}`}>
      <div className="admin-row" style={{ justifyContent: 'space-between' }}>
        <strong>
          SOS {job.id} · {job.customerName}
        </strong>
        <span className="sos-age" title={`Received ${formatPerthDateTime(job.createdAt)}`} role="timer" aria-label={`Waiting ${waited}`}>
          {overdue ? 'Not acknowledged ' : 'Waiting '}
          {waited}
        </span>
      </div>
      {job.situation && <div className="sos-situation">{job.situation}</div>}
      {job.vehicle && <div>Vehicle: {job.vehicle}</div>}
      {/* With no address the location is the fix itself, which the GPS lines below already show. */}
      {job.location !== (job.gps && gpsLocationText(job.gps)) && <div>{job.location}</div>}
      {job.gps ? <GpsDetails fix={job.gps} now={now} /> : <span className="board-warning">No GPS fix: ask the driver where they are</span>}
      <JobPhotos jobId={job.id} />
      <JobConversation job={job} compact />
      <EscalationTrail jobId={job.id} />
      <div className="admin-actions">
        <Button type="primary" danger loading={busy} onClick={acknowledge}>
          Acknowledge
        </Button>
        <Button icon={<SvgIcon icon={PhoneOutlined} />} href={telHrefFor(job.phone, job.phoneE164)}>
          Call {job.phone}
        </Button>
        <Button type="link" onClick={() => useAdminStore.getState().openJob(job.id)}>
          Open job
        </Button>
      </div>
    </article>
  );
});
