import { MessageOutlined, PhoneOutlined, SearchOutlined } from '@ant-design/icons';
import { BUSINESS, type Job, type JobSearchResponse, type PublicJob } from '@towing/contracts';
import { Badge, Button, Card, Descriptions, Form, Input, Progress, Result, Space, Timeline, Typography } from 'antd';
import { useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../api/client';
import { telHref } from '../../lib/tel';
import { formatPerthDate, formatPerthTime } from '../customer/job-display';
import { JobStatusTag } from '../customer/JobStatusTag';
import { useWatchJobs } from '../customer/useWatchJobs';
import { jobTimeline } from './timeline';
import { useNotification } from '../../ui/notification';

type Found = { state: 'idle' } | { state: 'searching' } | { state: 'found'; job: Job | PublicJob } | { state: 'missing' };

const isFullView = (job: Job | PublicJob): job is Job => 'phone' in job;

function JobCard({ job, live }: { job: Job | PublicJob; live: boolean }) {
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
            ? [{ key: 'eta', label: 'Estimated arrival', children: `${formatPerthTime(job.estimatedArrival)}, ${formatPerthDate(job.estimatedArrival)}` }]
            : []),
          ...(isFullView(job) ? [{ key: 'phone', label: 'Phone', children: job.phone }] : []),
          ...(isFullView(job) && job.email ? [{ key: 'email', label: 'Email', children: job.email }] : []),
        ]}
      />

      <Typography.Title level={5}>Progress</Typography.Title>
      <Progress percent={job.progress} status={job.status === 'Completed' ? 'success' : 'active'} />

      <Typography.Title level={5}>Live updates</Typography.Title>
      <Timeline
        className="portal-timeline"
        items={jobTimeline(job).map((step) => ({
          color: 'green',
          content: (
            <>
              <Typography.Text strong>{step.label}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{formatPerthTime(step.at)}</Typography.Text>
            </>
          ),
        }))}
      />

      <Space wrap>
        <Button type="primary" icon={<PhoneOutlined />} href={telHref(BUSINESS.phoneE164)}>
          Call {BUSINESS.phone}
        </Button>
        <Button icon={<MessageOutlined />} href={`sms:${BUSINESS.phoneE164}?body=${encodeURIComponent(`About job ${job.id}: `)}`}>
          Send SMS
        </Button>
      </Space>
    </Card>
  );
}

/** Track a job by id, phone or name; the job shown stays current through job:watch. */
export function CustomerPortal() {
  const notification = useNotification();
  const [params, setParams] = useSearchParams();
  const [form] = Form.useForm<{ query: string }>();
  const [found, setFound] = useState<Found>({ state: 'idle' });
  const token = params.get('token') ?? undefined;

  async function search(query: string, quiet = false) {
    if (!quiet) setFound({ state: 'searching' });
    try {
      const path = `/api/jobs/search?query=${encodeURIComponent(query)}${token ? `&token=${encodeURIComponent(token)}` : ''}`;
      const { job } = await api.get<JobSearchResponse>(path);
      if (job) {
        setFound({ state: 'found', job });
      } else {
        setFound({ state: 'missing' });
        if (!quiet) notification.warning({ title: 'No Job Found', description: 'Please check your job ID or name and try again.' });
      }
    } catch {
      if (!quiet) {
        setFound({ state: 'idle' });
        notification.error({ title: 'Search Failed', description: 'Unable to search for your job. Please try again.' });
      }
    }
  }

  const openFromLink = useEffectEvent((query: string) => {
    form.setFieldValue('query', query);
    void search(query);
  });
  const linked = params.get('search');
  useEffect(() => {
    if (linked?.trim()) openFromLink(linked.trim());
  }, [linked]);

  function submit({ query }: { query: string }) {
    const text = query.trim();
    // The token belongs to the linked job only; a new search drops it.
    setParams(text === linked ? params : { search: text }, { replace: true });
    if (text === linked) void search(text);
  }

  const job = found.state === 'found' ? found.job : null;
  const live = useWatchJobs(
    job ? [job.id] : [],
    (updated) => setFound((current) => (current.state === 'found' ? { state: 'found', job: { ...current.job, ...updated } } : current)),
    () => {
      if (job) void search(job.id, true);
    },
  );

  return (
    <div className="page portal">
      <Typography.Title level={1}>Track Your Job</Typography.Title>
      <Typography.Paragraph>Enter your job ID, phone number or name to see where help is up to.</Typography.Paragraph>

      <Card>
        <Form form={form} layout="inline" onFinish={submit} className="portal-search" initialValues={{ query: '' }}>
          <Form.Item
            name="query"
            label="Job ID or name"
            rules={[{ required: true, whitespace: true, message: 'Enter Job ID or Name' }]}
            style={{ flex: 1, minWidth: 220 }}
          >
            <Input placeholder="e.g. JOB-2025-123" allowClear autoComplete="off" />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={found.state === 'searching'}>
            Search
          </Button>
        </Form>
      </Card>

      {job && <JobCard job={job} live={live} />}

      {found.state === 'missing' && (
        <Card>
          <Result
            status="warning"
            title="Job Not Found"
            subTitle="Please check your job ID or name and try again."
            extra={
              <Button
                onClick={() => {
                  form.resetFields();
                  setFound({ state: 'idle' });
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
