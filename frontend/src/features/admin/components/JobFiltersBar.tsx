import { ASSIGNEES, JOB_STATUSES, type JobStatus } from '@towing/contracts';
import { Button, Input, Select, Typography } from 'antd';
import { type JobFilters, NO_FILTERS } from '../job-board-order';

interface Props {
  filters: JobFilters;
  onChange(filters: JobFilters): void;
  shown: number;
  total: number;
}

export function JobFiltersBar({ filters, onChange, shown, total }: Props) {
  const set = (change: Partial<JobFilters>) => onChange({ ...filters, ...change });
  const filtered = filters.statuses.length > 0 || filters.driver !== '' || filters.date !== '' || filters.search.trim() !== '';
  return (
    <div className="job-filters" role="search" aria-label="Filter jobs">
      <Input.Search
        aria-label="Search jobs"
        placeholder="Search id, name, phone, place, notes"
        allowClear
        value={filters.search}
        onChange={(event) => set({ search: event.target.value })}
        style={{ width: 280 }}
      />
      <Select<JobStatus[]>
        aria-label="Status"
        mode="multiple"
        allowClear
        placeholder="Any status"
        value={filters.statuses}
        onChange={(statuses) => set({ statuses })}
        options={JOB_STATUSES.map((status) => ({ value: status, label: status }))}
        style={{ minWidth: 180 }}
      />
      <Select<string>
        aria-label="Driver"
        allowClear
        placeholder="Any driver"
        value={filters.driver || undefined}
        onChange={(driver) => set({ driver: driver ?? '' })}
        options={ASSIGNEES.map((name) => ({ value: name, label: name }))}
        style={{ minWidth: 140 }}
      />
      <Input type="date" aria-label="Created on" value={filters.date} onChange={(event) => set({ date: event.target.value })} style={{ width: 160 }} />
      {filtered && (
        <>
          <Typography.Text type="secondary">
            {shown} of {total}
          </Typography.Text>
          <Button type="link" onClick={() => onChange(NO_FILTERS)}>
            Clear filters
          </Button>
        </>
      )}
    </div>
  );
}
