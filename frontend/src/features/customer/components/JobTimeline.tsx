import { formatPerthDateTime, type PublicJob } from '@towing/contracts';
import { Timeline, Typography } from 'antd';
import { useJobTimeline } from '../hooks/useJobTimeline';
import { ReadFailed } from '../../../shared/ui/ReadFailed';

/** The portal's live timeline: when the job really reached each status, from its history. */
export function JobTimeline({ job, watchKey }: { job: Pick<PublicJob, 'id' | 'updatedAt'>; watchKey: string }) {
  const { steps, failed, retry } = useJobTimeline(job, watchKey);
  const failure = failed && <ReadFailed what="the timeline" onRetry={retry} />;
  if (!steps) return failure || <Typography.Paragraph type="secondary">Loading the timeline…</Typography.Paragraph>;
  return (
    <>
      {failure}
      <Timeline
        className="portal-timeline"
        items={steps.map((step) => ({
          key: `${step.status}@${step.at}`,
          color: step.status === 'Cancelled' ? 'gray' : 'green',
          content: (
            <>
              <Typography.Text strong>{step.label}</Typography.Text>
              <br />
              <Typography.Text type="secondary">
                <time dateTime={step.at}>
                  {formatPerthDateTime(step.at)}
                </time>
              </Typography.Text>
            </>
          ),
        }))}
      />
    </>
  );
}
