import { canPlanEta, isoToPerthLocal, type Job, JOB_NOTES_MAX_LENGTH, perthLocalToIso, type UpdateJobDetailsRequest } from '@towing/contracts';
import { Button, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../../../shared/api/client';
import { useNotification } from '../../../shared/ui/notification';
import { jobChanged } from '../board-data';

/** The dispatcher's ETA (Perth time) and notes. Each box starts from the job as it is and saves on its own. */
export function JobDetailsEditor({ job }: { job: Job }) {
  const notification = useNotification();
  const storedEta = job.estimatedArrival ? isoToPerthLocal(job.estimatedArrival) : '';
  const [eta, setEta] = useState(storedEta);
  const [notes, setNotes] = useState(job.notes ?? '');
  const [busy, setBusy] = useState<'eta' | 'notes' | null>(null);

  async function save(field: 'eta' | 'notes', body: UpdateJobDetailsRequest) {
    setBusy(field);
    try {
      const answer = await api.call('PATCH /api/jobs/:id/details', { params: { id: job.id }, body });
      jobChanged(answer.job);
      notification.success({ title: 'Job Updated', description: field === 'eta' ? `ETA of ${job.id} saved` : `Notes of ${job.id} saved` });
    } catch {
      notification.error({ title: 'Failed to update job' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="job-details-editor">
      <label className="job-field">
        <Typography.Text strong>ETA (Perth time)</Typography.Text>
        <Space.Compact style={{ width: '100%' }}>
          <Input type="datetime-local" aria-label="ETA" value={eta} disabled={!canPlanEta(job.status)} onChange={(event) => setEta(event.target.value)} />
          <Button
            type="primary"
            loading={busy === 'eta'}
            disabled={!canPlanEta(job.status) || eta === storedEta || busy !== null}
            onClick={() => save('eta', { estimatedArrival: eta ? perthLocalToIso(eta) : null })}
          >
            {eta ? 'Set ETA' : 'Clear ETA'}
          </Button>
        </Space.Compact>
      </label>
      <label className="job-field">
        <Typography.Text strong>Notes</Typography.Text>
        <Input.TextArea aria-label="Notes" value={notes} maxLength={JOB_NOTES_MAX_LENGTH} autoSize={{ minRows: 3, maxRows: 10 }} onChange={(event) => setNotes(event.target.value)} />
      </label>
      <Button loading={busy === 'notes'} disabled={notes === (job.notes ?? '') || busy !== null} onClick={() => save('notes', { notes })}>
        Save notes
      </Button>
    </div>
  );
}
