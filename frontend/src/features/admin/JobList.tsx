import {
  ASSIGNEES,
  canDeleteJob,
  canPerform,
  canReassign,
  formatPerthDateTime,
  type Job,
  JOB_ACTIONS,
  type JobAction,
  type JobResponse,
} from '@towing/contracts';
import { Button, Popconfirm, Progress, Select, Typography } from 'antd';
import { memo, useState } from 'react';
import { api } from '../../api/client';
import { JobStatusTag } from '../customer/JobStatusTag';
import { useAdminStore } from './admin.store';
import { PagedList } from './PagedList';
import { useNotification } from '../../ui/notification';

const FORWARD_ACTIONS: JobAction[] = ['enRoute', 'startService', 'complete'];

interface RowProps {
  job: Job;
  unseenSos: boolean;
}

const JobRow = memo(function JobRow({ job, unseenSos }: RowProps) {
  const notification = useNotification();
  const [busy, setBusy] = useState<string | null>(null);
  const seen = () => useAdminStore.getState().sosSeen(job.id);

  async function change(key: string, body: Record<string, unknown>) {
    seen();
    setBusy(key);
    try {
      const answer = await api.patch<JobResponse>(`/api/jobs/${encodeURIComponent(job.id)}`, body);
      useAdminStore.getState().upsertJob(answer.job);
      notification.success({ title: 'Job Updated', description: `${job.id} is ${answer.job.status}` });
    } catch {
      notification.error({ title: 'Failed to update job' });
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    setBusy('delete');
    try {
      await api.delete(`/api/jobs/${encodeURIComponent(job.id)}`);
      useAdminStore.getState().removeJob(job.id);
      notification.success({ title: 'Job Deleted', description: `${job.id} was deleted` });
    } catch {
      notification.error({ title: 'Failed to delete job' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div
      className={`admin-item admin-job${unseenSos ? ' admin-job-sos' : ''}`}
      data-testid={`job-${job.id}`}
      data-status={job.status}
      onClick={unseenSos ? seen : undefined}
    >
      <div style={{ width: '100%' }}>
        <div className="admin-row" style={{ justifyContent: 'space-between' }}>
          <span className="admin-row">
            <Typography.Text strong>{job.id}</Typography.Text>
            <JobStatusTag status={job.status} />
            {unseenSos && <Typography.Text type="danger">New SOS</Typography.Text>}
          </span>
          <Typography.Text type="secondary">{formatPerthDateTime(job.createdAt)}</Typography.Text>
        </div>
        <div>
          {job.customerName} · <a href={`tel:${job.phone}`}>{job.phone}</a>
          {job.email ? ` · ${job.email}` : ''}
        </div>
        <div>
          {job.service} · {job.location}
        </div>
        {job.estimatedArrival && <div>ETA {formatPerthDateTime(job.estimatedArrival)}</div>}
        {job.notes && (
          <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }} ellipsis={{ rows: 2, expandable: true }}>
            {job.notes}
          </Typography.Paragraph>
        )}
        <Progress percent={job.progress} size="small" />
        <div className="admin-actions">
          <Select
            aria-label={`Assignee of ${job.id}`}
            style={{ minWidth: 130 }}
            value={job.assignedTo}
            disabled={!canReassign(job.status) || busy !== null}
            options={ASSIGNEES.map((name) => ({ value: name, label: name }))}
            onChange={(assignedTo) => change('assign', { assignedTo })}
          />
          {FORWARD_ACTIONS.map((action) => (
            <Button
              key={action}
              size="middle"
              loading={busy === action}
              disabled={!canPerform(job.status, action) || (busy !== null && busy !== action)}
              onClick={() => change(action, { status: JOB_ACTIONS[action].status, progress: JOB_ACTIONS[action].progress })}
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
      </div>
    </div>
  );
});

/** Newest first, one page at a time. */
export function JobList() {
  const jobs = useAdminStore((state) => state.jobs);
  const unseenSos = useAdminStore((state) => state.unseenSos);
  return <PagedList items={jobs} rowKey={(job) => job.id} empty="No jobs yet" renderItem={(job) => <JobRow job={job} unseenSos={unseenSos.has(job.id)} />} />;
}
