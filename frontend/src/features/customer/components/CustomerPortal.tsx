import { MessageOutlined, PhoneOutlined, SearchOutlined } from '@ant-design/icons';
import { BUSINESS, formatPerthDateTime, isPositionSharingStatus, type Job, type JobProof, LAST4_MESSAGE, LAST4_PATTERN, type PublicJob, readTrackingLink, telHref, trackingPath } from '@towing/contracts';
import { Badge, Button, Card, Descriptions, Form, Input, Progress, Result, Space, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { queryClient } from '../../../shared/query/queryClient';
import { aboutJobSmsHref } from '../job-display';
import { JobStatusTag } from '../../../shared/ui/JobStatusTag';
import { jobSearchKey, searchJob, useJobSearch } from '../hooks/useJobSearch';
import { useWatchJobs } from '../hooks/useWatchJobs';
import { JobTimeline } from './JobTimeline';
import { TruckOnTheWay } from './TruckOnTheWay';
import { useNotification } from '../../../shared/ui/notification';

type SearchValues = { query: string; last4: string };

const isFullView = (job: Job | PublicJob): job is Job => 'phone' in job;

function JobCard({ job, watchKey, live }: { job: Job | PublicJob; watchKey: string; live: boolean }) {
  return (
    <Card
      title={
        <Space wrap>
          <span>{job.service}</span>
          <JobStatusTag status={job.status} />
        </Space>
      }
      extra={live ? <Badge status="processing" text="Live updates on" /> : <Badge status="default" text="Connecting..." />}
    >
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'id', label: 'Job ID', children: <Typography.Text strong copyable>{job.id}</Typography.Text> },
          { key: 'customer', label: 'Customer', children: job.customerName },
          { key: 'location', label: 'Location', children: job.location },
          { key: 'assigned', label: 'Assigned to', children: job.assignedTo },
          ...(job.estimatedArrival
            ? [{ key: 'eta', label: 'Estimated arrival', children: formatPerthDateTime(job.estimatedArrival) }]
            : []),
          ...(isFullView(job) ? [{ key: 'phone', label: 'Phone', children: job.phone }] : []),
          ...(isFullView(job) && job.email ? [{ key: 'email', label: 'Email', children: job.email }] : []),
        ]}
      />

      {isPositionSharingStatus(job.status) && (
        <>
          <Typography.Title level={5}>Your truck</Typography.Title>
          <TruckOnTheWay job={job} watchKey={watchKey} />
        </>
      )}

      <Typography.Title level={5}>Progress</Typography.Title>
      <Progress percent={job.progress} status={job.status === 'Completed' ? 'success' : 'active'} />

      <Typography.Title level={5}>Live updates</Typography.Title>
      <JobTimeline job={job} watchKey={watchKey} />

      <Space wrap>
        <Button type="primary" icon={<PhoneOutlined />} href={telHref(BUSINESS.phoneE164)}>
          Call {BUSINESS.phone}
        </Button>
        <Button icon={<MessageOutlined />} href={aboutJobSmsHref(job.id)}>
          Send SMS
        </Button>
      </Space>
    </Card>
  );
}

/**
 * Track a job by its id and the last four digits of its phone, or straight from the tracking
 * link (id and token); the job shown stays current through job:watch.
 */
export function CustomerPortal() {
  const notification = useNotification();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<SearchValues>();
  const [proof, setProof] = useState<JobProof | null>(null);
  const { jobId: linked, token } = readTrackingLink(params);

  const search = useMutation(
    {
      mutationFn: searchJob,
      onMutate: () => setProof(null),
      onSuccess: ({ job, watchKey }, given) => {
        setProof(given);
        if (!job || !watchKey) notification.warning({ title: 'No Job Found', description: 'Please check your job ID and the last 4 digits of your phone, and try again.' });
      },
      onError: () => notification.error({ title: 'Search Failed', description: 'Unable to search for your job. Please try again.' }),
    },
    queryClient,
  );
  // What the last search found, kept current: read again after a reconnect, and the job's pushes.
  const answer = useJobSearch(proof).data;
  const found = answer?.job && answer.watchKey ? { job: answer.job, watchKey: answer.watchKey } : null;

  // The tracking link opens its job at once; a bare ?search= (the dashboard's Track Live) waits for the last four digits.
  const openFromLink = useEffectEvent((query: string) => {
    form.setFieldValue('query', query);
    if (token) search.mutate({ query, token });
  });
  useEffect(() => {
    if (linked) openFromLink(linked);
  }, [linked]);

  function submit({ query, last4 }: SearchValues) {
    const text = query.trim();
    // The token belongs to the linked job only; a new search drops it.
    if (text !== linked || !token) navigate(trackingPath({ jobId: text }), { replace: true });
    search.mutate(text === linked && token ? { query: text, token } : { query: text, last4: last4.trim() });
  }

  const live = useWatchJobs(found ? { [found.job.id]: found.watchKey } : {}, jobSearchKey(proof));

  return (
    <div className="page portal">
      <Typography.Title level={1}>Track Your Job</Typography.Title>
      <Typography.Paragraph>
        Enter the job ID from our text message and the last 4 digits of the phone you gave us, or open the tracking link we texted you.
      </Typography.Paragraph>

      <Card>
        <Form form={form} layout="inline" onFinish={submit} className="portal-search" initialValues={{ query: '', last4: '' }}>
          <Form.Item
            name="query"
            label="Job ID"
            rules={[{ required: true, whitespace: true, message: 'Enter Job ID or Name' }]}
            className="portal-search-query"
          >
            <Input placeholder="e.g. JOB-2025-123" allowClear autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="last4"
            label="Last 4 digits of your phone"
            rules={[{ validator: (_rule, value: string | undefined) => (token || LAST4_PATTERN.test((value ?? '').trim()) ? Promise.resolve() : Promise.reject(new Error(LAST4_MESSAGE))) }]}
            className="portal-search-last4"
          >
            <Input placeholder="5678" inputMode="numeric" maxLength={4} autoComplete="off" />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={search.isPending}>
            Search
          </Button>
        </Form>
      </Card>

      {found && <JobCard job={found.job} watchKey={found.watchKey} live={live} />}

      {answer && !found && (
        <Card>
          <Result
            status="warning"
            title="Job Not Found"
            subTitle="Please check your job ID and the last 4 digits of your phone, and try again."
            extra={
              <Button
                onClick={() => {
                  form.resetFields();
                  setProof(null);
                  setParams({}, { replace: true });
                }}
              >
                Try Another Search
              </Button>
            }
          />
        </Card>
      )}
    </div>
  );
}
