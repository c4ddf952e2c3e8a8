import { ASSIGNEES, canDeleteJob, canPerform, isOpenForChanges, type Job, JOB_ACTIONS, type JobAction, type UpdateJobRequest } from '@towing/contracts';
import { Button, Popconfirm, Select } from 'antd';
import { useState } from 'react';
import { api } from '../../../shared/api/client';
import { useNotification } from '../../../shared/ui/notification';
import { confirmTruckAssignment, promptOdometer } from '../../fleet';
import { jobChanged, jobRemoved } from '../board-data';
import { useAdminStore } from '../state/admin.store';

const FORWARD_ACTIONS: JobAction[] = ['enRoute', 'startService', 'complete'];

/** The assignment selector and status buttons, enabled by the state machine; the same on the list row and the job card. */
export function JobActions({ job }: { job: Job }) {
  const notification = useNotification();
  const [busy, setBusy] = useState<string | null>(null);

  async function change(key: string, body: UpdateJobRequest) {
    useAdminStore.getState().sosSeen(job.id);
    setBusy(key);
    try {
      const answer = await api.call('PATCH /api/jobs/:id', { params: { id: job.id }, body });
      jobChanged(answer.job);
      notification.success({ title: 'Job Updated', description: `${job.id} is ${answer.job.status}` });
      if (key === 'complete') void promptOdometer(answer.job);
    } catch {
      notification.error({ title: 'Failed to update job' });
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    setBusy('delete');
    try {
      await api.call('DELETE /api/jobs/:id', { params: { id: job.id } });
      jobRemoved(job.id);
      notification.success({ title: 'Job Deleted', description: `${job.id} was deleted` });
    } catch {
      notification.error({ title: 'Failed to delete job' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="admin-actions">
      <Select
        aria-label={`Assignee of ${job.id}`}
        style={{ minWidth: 130 }}
        value={job.assignedTo}
        disabled={!isOpenForChanges(job.status) || busy !== null}
        options={ASSIGNEES.map((name) => ({ value: name, label: name }))}
        onChange={async (assignedTo) => (await confirmTruckAssignment(assignedTo)) && change('assign', { assignedTo })}
      />
      {FORWARD_ACTIONS.map((action) => (
        <Button
          key={action}
          loading={busy === action}
          disabled={!canPerform(job.status, action) || (busy !== null && busy !== action)}
          onClick={() => change(action, { status: JOB_ACTIONS[action].status, progress: JOB_ACTIONS[action].progress ?? undefined })}
        >
          {JOB_ACTIONS[action].label}
        </Button>
      ))}
      <Popconfirm title={`Cancel ${job.id}?`} okText="Cancel job" cancelText="Keep" onConfirm={() => change('cancel', { status: 'Cancelled' })}>
        <Button danger loading={busy === 'cancel'} disabled={!canPerform(job.status, 'cancel') || busy !== null}>
          Cancel
        </Button>
      </Popconfirm>
      <Popconfirm title={`Delete ${job.id}?`} okText="Delete" cancelText="Keep" onConfirm={remove}>
        <Button danger type="text" loading={busy === 'delete'} disabled={!canDeleteJob(job.status) || busy !== null}>
          Delete
        </Button>
      </Popconfirm>
    </div>
  );
}
