import { EnvironmentOutlined, SearchOutlined } from '@ant-design/icons';
import { JOB_STATUSES, type PublicJob, feedbackPath, formatPerthDate, trackingPath } from '@towing/contracts';
import { Card, Col, Empty, Input, Progress, Row, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CustomerLookupCard } from './CustomerLookupCard';
import { JobStatusTag } from '../../../shared/ui/JobStatusTag';
import { useCustomerJobs } from '../hooks/useCustomerJobs';
import { useWatchActiveJobs } from '../hooks/useWatchJobs';
import '../service-history.css';

const ALL = 'all';

function matches(job: PublicJob, text: string): boolean {
  const needle = text.trim().toLowerCase();
  return !needle || [job.id, job.service, job.location, job.assignedTo].some((field) => field.toLowerCase().includes(needle));
}

/** The customer's real jobs, newest first, with the spec's search, service and status filters. */
export function ServiceHistory() {
  const customerJobs = useCustomerJobs();
  const { customer, jobs, loading } = customerJobs;
  const [text, setText] = useState('');
  const [service, setService] = useState(ALL);
  const [status, setStatus] = useState(ALL);
  useWatchActiveJobs(customerJobs);

  if (!customer) {
    // Only the first read shows a placeholder: a lookup keeps the card (and what was typed) on screen.
    if (customerJobs.opening) return <Card loading />;
    return (
      <CustomerLookupCard
        title="Find Your Service History"
        description="Enter the job ID from our text message and the last 4 digits of the phone you gave us, to see every service we've done for you."
        buttonLabel="Show My History"
        onLookup={customerJobs.lookup}
      />
    );
  }

  const services = [...new Set(jobs.map((job) => job.service))].sort();
  const shown = jobs.filter(
    (job) => matches(job, text) && (service === ALL || job.service === service) && (status === ALL || job.status === status),
  );

  return (
    <div className="service-history">
      <Typography.Paragraph>
        Services for <Typography.Text strong>{customer.name}</Typography.Text>
      </Typography.Paragraph>
      <Row gutter={[12, 12]}>
        <Col xs={24} md={12}>
          <Input
            aria-label="Search services"
            prefix={<SearchOutlined />}
            placeholder="Search by job ID, service or location"
            value={text}
            onChange={(event) => setText(event.target.value)}
            allowClear
          />
        </Col>
        <Col xs={12} md={6}>
          <Select
            aria-label="Service"
            style={{ width: '100%' }}
            value={service}
            onChange={setService}
            options={[{ value: ALL, label: 'All services' }, ...services.map((value) => ({ value, label: value }))]}
          />
        </Col>
        <Col xs={12} md={6}>
          <Select
            aria-label="Status"
            style={{ width: '100%' }}
            value={status}
            onChange={setStatus}
            options={[{ value: ALL, label: 'All statuses' }, ...JOB_STATUSES.map((value) => ({ value, label: value }))]}
          />
        </Col>
      </Row>

      <div className="service-history-list">
        {loading && <Card loading />}
        {!loading && shown.length === 0 && (
          <Empty description={jobs.length === 0 ? 'No services yet. Book one and it will appear here.' : 'No services match your filters'} />
        )}
        {shown.map((job) => (
          <Card key={job.id} size="small">
            <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
              <Typography.Text strong>{job.service}</Typography.Text>
              <JobStatusTag status={job.status} />
            </Space>
            <Space orientation="vertical" size={2} style={{ width: '100%' }}>
              <Typography.Text type="secondary">
                {job.id} · {formatPerthDate(job.createdAt)}
              </Typography.Text>
              <Typography.Text>
                <EnvironmentOutlined /> {job.location}
              </Typography.Text>
              {job.status !== 'Completed' && job.progress > 0 && <Progress percent={job.progress} size="small" />}
              <Space>
                <Link to={trackingPath({ jobId: job.id })}>Track</Link>
                {job.status === 'Completed' && <Link to={feedbackPath({ jobId: job.id })}>Rate this service</Link>}
              </Space>
            </Space>
          </Card>
        ))}
      </div>
    </div>
  );
}
