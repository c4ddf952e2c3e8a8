import {
  CalendarOutlined,
  CheckCircleOutlined,
  EnvironmentOutlined,
  MessageOutlined,
  PhoneOutlined,
  StarOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { BUSINESS, formatPerthDate, formatPerthDateTime, formatPerthMonthYear, isDriverNamed, type JobProof, namedDriver, type PublicJob, telHref, feedbackPath, trackingPath } from '@towing/contracts';
import { Button, Card, Col, Descriptions, Empty, Progress, Row, Space, Statistic, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AddJobToAccount } from './AddJobToAccount';
import { CustomerLookupCard } from './CustomerLookupCard';
import { aboutJobSmsHref, splitJobs } from '../job-display';
import { JobStatusTag } from '../../../shared/ui/JobStatusTag';
import { useCustomerJobs } from '../hooks/useCustomerJobs';
import { useWatchActiveJobs } from '../hooks/useWatchJobs';
import { InvoiceButton } from '../../quotes';

function ActiveJobCard({ job }: { job: PublicJob }) {
  return (
    <Card
      size="small"
      title={
        <Space wrap>
          <span>{job.service}</span>
          <JobStatusTag status={job.status} />
        </Space>
      }
      extra={
        <Link to={trackingPath({ jobId: job.id })}>
          <Button type="primary" size="small">
            Track Live
          </Button>
        </Link>
      }
    >
      <Typography.Text type="secondary">{job.id}</Typography.Text>
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'location', label: <EnvironmentOutlined aria-label="Location" />, children: job.location },
          ...(job.estimatedArrival
            ? [{ key: 'eta', label: 'Estimated arrival', children: formatPerthDateTime(job.estimatedArrival) }]
            : []),
          ...(isDriverNamed(job.assignedTo) ? [{ key: 'assigned', label: 'Assigned to', children: namedDriver(job.assignedTo) }] : []),
        ]}
      />
      {job.progress > 0 && <Progress percent={job.progress} />}
      <Space wrap>
        <Button size="small" icon={<PhoneOutlined />} href={telHref(BUSINESS.phoneE164)}>
          Call Driver
        </Button>
        <Button size="small" icon={<MessageOutlined />} href={aboutJobSmsHref(job.id)}>
          Message
        </Button>
      </Space>
    </Card>
  );
}

function HistoryJobCard({ job, proof }: { job: PublicJob; proof: JobProof | null }) {
  return (
    <Card
      size="small"
      title={
        <Space wrap>
          <span>{job.service}</span>
          <Tag color="green" icon={<CheckCircleOutlined />}>
            Completed
          </Tag>
        </Space>
      }
      extra={
        <Space>
          <InvoiceButton jobId={job.id} proof={proof} />
          <Link to={feedbackPath({ jobId: job.id })}>
            <Button size="small" icon={<StarOutlined />}>
              Rate
            </Button>
          </Link>
        </Space>
      }
    >
      <Space orientation="vertical" size={2}>
        <Typography.Text>
          <CalendarOutlined /> {formatPerthDate(job.createdAt)}
        </Typography.Text>
        <Typography.Text>
          <EnvironmentOutlined /> {job.location}
        </Typography.Text>
        <Typography.Text type="secondary">{job.id}</Typography.Text>
      </Space>
    </Card>
  );
}

export function CustomerDashboard() {
  const customerJobs = useCustomerJobs();
  const { customer, jobs, loading } = customerJobs;
  const [tab, setTab] = useState('active');
  const { active, completed } = splitJobs(jobs);
  useWatchActiveJobs(customerJobs);

  if (!customer) {
    // Only the first read shows a placeholder: a lookup keeps the card (and what was typed) on screen.
    if (customerJobs.opening) return <Card loading />;
    return (
      <CustomerLookupCard
        title="Access Your Dashboard"
        description="Enter the job ID from our text message and the last 4 digits of the phone you gave us."
        buttonLabel="Access Dashboard"
        onLookup={async (proof) => {
          const found = await customerJobs.lookup(proof);
          // A dashboard opened by a lookup starts on the jobs, whichever tab was open before signing out.
          if (found) setTab('active');
          return found;
        }}
      />
    );
  }

  const firstJob = jobs.at(-1);
  const memberSince = firstJob ? formatPerthMonthYear(firstJob.createdAt) : 'New';

  return (
    <div className="dashboard">
      <Space className="dashboard-head" wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={1}>Welcome back, {customer.name}!</Typography.Title>
        <Space>
          <Link to="/booking">
            <Button type="primary">Book Service</Button>
          </Link>
          <Button onClick={() => setTab('profile')}>Settings</Button>
        </Space>
      </Space>

      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title="Active Jobs" value={active.length} prefix={<ToolOutlined />} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title="Completed Services" value={completed.length} prefix={<CheckCircleOutlined />} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title="Member Since" value={memberSince} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Link to="/feedback">
              <Statistic title="Share your experience" value="Leave Review" prefix={<StarOutlined />} />
            </Link>
          </Card>
        </Col>
      </Row>

      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'active',
            label: 'Active Jobs',
            children: loading ? (
              <Typography.Paragraph>Loading your active jobs...</Typography.Paragraph>
            ) : active.length === 0 ? (
              <Empty description={<><Typography.Title level={4}>No Active Jobs</Typography.Title>You don't have any active service requests</>}>
                <Link to="/booking">
                  <Button type="primary">Book a Service</Button>
                </Link>
              </Empty>
            ) : (
              <Space orientation="vertical" style={{ width: '100%' }}>
                {active.map((job) => (
                  <ActiveJobCard key={job.id} job={job} />
                ))}
              </Space>
            ),
          },
          {
            key: 'history',
            label: 'History',
            children:
              completed.length === 0 ? (
                <Empty description={<><Typography.Title level={4}>No Service History</Typography.Title>Your completed services will appear here</>} />
              ) : (
                <Space orientation="vertical" style={{ width: '100%' }}>
                  {completed.map((job) => (
                    <HistoryJobCard key={job.id} job={job} proof={customerJobs.proof} />
                  ))}
                </Space>
              ),
          },
          {
            key: 'profile',
            label: 'Profile',
            children: (
              <Card title="Your Information">
                <Descriptions
                  column={1}
                  items={[
                    { key: 'name', label: 'Name', children: customer.name },
                    ...(customer.phone ? [{ key: 'phone', label: 'Phone', children: customer.phone }] : []),
                    ...(customer.email ? [{ key: 'email', label: 'Email', children: customer.email }] : []),
                    { key: 'since', label: 'Member since', children: memberSince },
                  ]}
                />
                <Typography.Title level={5}>Quick actions</Typography.Title>
                <Space wrap>
                  <Link to="/service-history">
                    <Button>Service History</Button>
                  </Link>
                  <Link to="/feedback">
                    <Button>Leave Feedback</Button>
                  </Link>
                  <Link to="/booking">
                    <Button>Book Service</Button>
                  </Link>
                  <Link to="/contact">
                    <Button>Contact Us</Button>
                  </Link>
                </Space>
                {customerJobs.signedIn && <AddJobToAccount onAdded={customerJobs.replace} />}
                {!customerJobs.signedIn && (
                  <div style={{ marginTop: 24 }}>
                    <Button danger onClick={() => void customerJobs.signOut()}>
                      Sign Out of Dashboard
                    </Button>
                  </div>
                )}
              </Card>
            ),
          },
        ]}
      />
    </div>
  );
}
