import { formatPerthDateTime } from '@towing/contracts';
import { Spin, Timeline, Typography } from 'antd';
import { useJobHistory } from '../hooks/useJobHistory';
import { ReadFailed } from '../../../shared/ui/ReadFailed';

/** Who changed what, when: the job's history, oldest first. */
export function JobHistory({ jobId, updatedAt }: { jobId: string; updatedAt: string }) {
  const { entries, failed, retry } = useJobHistory(jobId, updatedAt);
  const failure = failed && <ReadFailed what="the history" onRetry={retry} />;
  if (!entries) return failure || <Spin size="small" />;
  return (
    <>
      {failure}
      <Timeline
        className="job-history"
        items={entries.map((entry) => ({
          key: entry.id,
          content: (
            <>
              <Typography.Text>{entry.message}</Typography.Text>
              <br />
              <Typography.Text type="secondary">
                {formatPerthDateTime(entry.at)} · {entry.actor ?? 'customer or system'}
              </Typography.Text>
            </>
          ),
        }))}
      />
    </>
  );
}
