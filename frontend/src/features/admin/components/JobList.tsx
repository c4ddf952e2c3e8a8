import { formatPerthDateTime, isJobStale, type Job, telHrefFor } from '@towing/contracts';
import { Button, Progress, Tag, Typography } from 'antd';
import { memo, useMemo, useState } from 'react';
import { JobStatusTag } from '../../../shared/ui/JobStatusTag';
import { useNow } from '../../../shared/hooks/useNow';
import { boardOrder, filterJobs, type JobFilters, NO_FILTERS } from '../job-board-order';
import { useJobs, useSearchedJobs } from '../board-data';
import { useAdminStore } from '../state/admin.store';
import { JobActions } from './JobActions';
import { JobFiltersBar } from './JobFiltersBar';
import { PagedList } from './PagedList';

interface RowProps {
  job: Job;
  unseenSos: boolean;
  stale: boolean;
}

const JobRow = memo(function JobRow({ job, unseenSos, stale }: RowProps) {
  const seen = () => useAdminStore.getState().sosSeen(job.id);
  return (
    <div
      className={`admin-item admin-job${unseenSos ? ' admin-job-sos' : ''}${stale ? ' admin-job-stale' : ''}`}
      data-testid={`job-${job.id}`}
      data-status={job.status}
      onClick={unseenSos ? seen : undefined}
    >
      <div style={{ width: '100%' }}>
        <div className="admin-row" style={{ justifyContent: 'space-between' }}>
          <span className="admin-row">
            <Button type="link" className="admin-job-open" onClick={() => useAdminStore.getState().openJob(job.id)}>
              {job.id}
            </Button>
            <JobStatusTag status={job.status} />
            {unseenSos && <Typography.Text type="danger">New SOS</Typography.Text>}
            {stale && (
              <Tag color="orange" title="The ETA has passed and nothing has been recorded since">
                Stale
              </Tag>
            )}
          </span>
          <Typography.Text type="secondary">{formatPerthDateTime(job.createdAt)}</Typography.Text>
        </div>
        <div>
          {job.customerName} · <a href={telHrefFor(job.phone, job.phoneE164)}>{job.phone}</a>
          {job.email ? ` · ${job.email}` : ''}
        </div>
        <div>
          {job.service} · {job.location}
        </div>
        {job.estimatedArrival && <div>ETA {formatPerthDateTime(job.estimatedArrival)}</div>}
        {job.situation && <div className="sos-situation">{job.situation}</div>}
        {job.vehicle && <div>Vehicle: {job.vehicle}</div>}
        {job.notes && (
          <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }} ellipsis={{ rows: 2, expandable: true }}>
            {job.notes}
          </Typography.Paragraph>
        )}
        <Progress percent={job.progress} size="small" />
        <JobActions job={job} />
      </div>
    </div>
  );
});

/** Emergencies first, then open jobs by age; filtered by status, driver, day and search (older jobs found by the server), one page at a time. */
export function JobList() {
  const recent = useJobs();
  const [filters, setFilters] = useState<JobFilters>(NO_FILTERS);
  const searched = useSearchedJobs(filters.search);
  // The window's jobs are kept live by pushes; the search adds the older ones it found.
  const jobs = useMemo(() => {
    const known = new Set(recent.map((job) => job.id));
    return [...recent, ...searched.filter((job) => !known.has(job.id))];
  }, [recent, searched]);
  const unseenSos = useAdminStore((state) => state.unseenSos);
  // Staleness moves with the clock, not with pushes: re-checked every half minute.
  const now = useNow(30_000);
  const shown = useMemo(() => boardOrder(filterJobs(jobs, filters)), [jobs, filters]);
  return (
    <>
      <JobFiltersBar filters={filters} onChange={setFilters} shown={shown.length} total={jobs.length} />
      <PagedList
        items={shown}
        rowKey={(job) => job.id}
        empty={jobs.length === 0 ? 'No jobs yet' : 'No job matches these filters'}
        renderItem={(job) => <JobRow job={job} unseenSos={unseenSos.has(job.id)} stale={isJobStale(job, now)} />}
      />
    </>
  );
}
