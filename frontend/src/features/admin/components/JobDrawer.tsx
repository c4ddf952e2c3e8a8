import { PhoneOutlined } from '@ant-design/icons';
import { formatPerthDateTime, isOpenSos, telHrefFor } from '@towing/contracts';
import { Button, Descriptions, Divider, Drawer, Typography } from 'antd';
import { useNotification } from '../../../shared/ui/notification';
import { JobStatusTag } from '../../../shared/ui/JobStatusTag';
import { useNow } from '../../../shared/hooks/useNow';
import { acknowledgeJob } from '../job-commands';
import { useJobs } from '../board-data';
import { useAdminStore } from '../state/admin.store';
import { GpsDetails } from './GpsDetails';
import { JobActions } from './JobActions';
import { JobDetailsEditor } from './JobDetailsEditor';
import { JobHistory } from './JobHistory';
import { JobPhotos } from './JobPhotos';
import { JobConversation } from './JobConversation';

/** The job card: opened from a map pin, an SOS card or the list; live with every push for the job. */
export function JobDrawer() {
  const notification = useNotification();
  const openJobId = useAdminStore((state) => state.openJobId);
  const job = useJobs().find((candidate) => candidate.id === openJobId) ?? null;
  const now = useNow(10_000);
  const close = () => useAdminStore.getState().openJob(null);

  return (
    <Drawer open={openJobId !== null && job !== null} onClose={close} size="large" title={job ? `Job ${job.id}` : undefined} destroyOnHidden>
      {job && (
        <div className="job-card" data-testid={`job-card-${job.id}`}>
          <div className="admin-row">
            <JobStatusTag status={job.status} />
            {job.acknowledgement ? (
              <Typography.Text type="secondary">
                Acknowledged by {job.acknowledgement.by} at {formatPerthDateTime(job.acknowledgement.at)}
              </Typography.Text>
            ) : (
              isOpenSos(job) && (
                <Button type="primary" danger onClick={() => void acknowledgeJob(job.id, notification)}>
                  Acknowledge
                </Button>
              )
            )}
          </div>
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'customer', label: 'Customer', children: job.customerName },
              {
                key: 'phone',
                label: 'Phone',
                children: (
                  <Button size="small" icon={<PhoneOutlined />} href={telHrefFor(job.phone, job.phoneE164)}>
                    {job.phone}
                  </Button>
                ),
              },
              ...(job.email ? [{ key: 'email', label: 'Email', children: job.email }] : []),
              { key: 'service', label: 'Service', children: job.service },
              { key: 'location', label: 'Location', children: job.location },
              ...(job.gps ? [{ key: 'gps', label: 'Position', children: <GpsDetails fix={job.gps} now={now} /> }] : []),
              { key: 'created', label: 'Received', children: formatPerthDateTime(job.createdAt) },
            ]}
          />
          <JobPhotos jobId={job.id} size={96} captioned />
          <Divider />
          <JobActions job={job} />
          <Divider />
          {/* Keyed by job only: a push from another dispatcher must not wipe what this one is typing. */}
          <JobDetailsEditor key={job.id} job={job} />
          <JobConversation job={job} />
          <Divider titlePlacement="start">History</Divider>
          <JobHistory jobId={job.id} updatedAt={job.updatedAt} />
        </div>
      )}
    </Drawer>
  );
}
