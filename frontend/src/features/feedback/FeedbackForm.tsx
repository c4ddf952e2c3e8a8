import { type CreateFeedbackRequest, type FeedbackResponse, type JobSearchResponse, type PublicJob } from '@towing/contracts';
import { Button, Card, Empty, Form, Input, Radio, Rate, Select, Space, Typography } from 'antd';
import { useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api, HttpError } from '../../api/client';
import { formatPerthDate } from '../customer/job-display';
import { useCustomerJobs } from '../customer/useCustomerJobs';
import { useNotification } from '../../ui/notification';

type FeedbackValues = Omit<CreateFeedbackRequest, 'improvements'> & { improvements?: string };

const SCORES: Array<{ name: keyof FeedbackValues; label: string; message: string }> = [
  { name: 'serviceQuality', label: 'Service quality', message: 'Please rate the service quality' },
  { name: 'responseTime', label: 'Response time', message: 'Please rate our response time' },
  { name: 'communication', label: 'Communication', message: 'Please rate our communication' },
  { name: 'value', label: 'Value for money', message: 'Please rate the value for money' },
];

const jobLabel = (job: PublicJob) => `${job.id} - ${job.service} (${formatPerthDate(job.createdAt)})`;

/** Rates one of the customer's completed jobs; the server takes each job's rating once. */
export function FeedbackForm() {
  const notification = useNotification();
  const [params] = useSearchParams();
  const [form] = Form.useForm<FeedbackValues>();
  const { jobs, loading } = useCustomerJobs();
  const [extraJobs, setExtraJobs] = useState<PublicJob[]>([]);
  const [rated, setRated] = useState<string[]>([]);
  const [jobIdText, setJobIdText] = useState('');
  const [findMessage, setFindMessage] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  /** A job chosen before the form is on screen (a Rate link, a found id) becomes its initial value. */
  const [preselected, setPreselected] = useState<string | undefined>();

  function select(jobId: string) {
    setPreselected(jobId);
    form.setFieldValue('jobId', jobId);
  }

  const completed = [...jobs, ...extraJobs].filter(
    (job, index, all) => job.status === 'Completed' && !rated.includes(job.id) && all.findIndex((other) => other.id === job.id) === index,
  );

  async function findJob(id: string): Promise<void> {
    setFindMessage(null);
    try {
      const { job } = await api.get<JobSearchResponse>(`/api/jobs/search?query=${encodeURIComponent(id)}`);
      if (!job || job.id !== id.toUpperCase()) return setFindMessage('We could not find that job ID.');
      if (job.status !== 'Completed') return setFindMessage('That job is not completed yet; you can rate it once it is.');
      setExtraJobs((current) => [...current, job]);
      select(job.id);
    } catch {
      setFindMessage('Could not look that job up. Please try again.');
    }
  }

  const openLinkedJob = useEffectEvent((id: string) => {
    if (completed.some((job) => job.id === id)) select(id);
    else void findJob(id);
  });
  const linkedJob = params.get('job')?.trim().toUpperCase();
  useEffect(() => {
    if (linkedJob && !loading) openLinkedJob(linkedJob);
  }, [linkedJob, loading]);

  async function submit(values: FeedbackValues) {
    setSending(true);
    try {
      const request: CreateFeedbackRequest = { ...values, comments: values.comments.trim() };
      if (!values.improvements?.trim()) delete request.improvements;
      await api.post<FeedbackResponse>('/api/feedback', request);
      notification.success({ title: 'Feedback Submitted!', description: 'Thank you for helping us improve our service.' });
      setRated((current) => [...current, values.jobId]);
      setPreselected(undefined);
      form.resetFields();
      form.setFieldValue('jobId', undefined);
    } catch (error) {
      const fieldErrors = error instanceof HttpError ? error.body?.errors : undefined;
      if (fieldErrors?.length) {
        form.setFields(fieldErrors.map(({ field, message }) => ({ name: field as keyof FeedbackValues, errors: [message] })));
      }
      const conflict = error instanceof HttpError && error.status === 409 && typeof error.body?.message === 'string';
      notification.error({
        title: 'Submission Failed',
        description: conflict ? String(error.body!.message) : 'Please try again or contact us directly.',
      });
    } finally {
      setSending(false);
    }
  }

  const findByIdBox = (
    <Space.Compact style={{ width: '100%', maxWidth: 420 }}>
      <Input
        aria-label="Job ID"
        placeholder="Job ID, e.g. JOB-2025-123"
        value={jobIdText}
        onChange={(event) => setJobIdText(event.target.value)}
        onPressEnter={() => jobIdText.trim() && void findJob(jobIdText.trim())}
      />
      <Button onClick={() => jobIdText.trim() && void findJob(jobIdText.trim())}>Find job</Button>
    </Space.Compact>
  );

  if (loading) return <Card loading />;

  if (completed.length === 0) {
    return (
      <Card>
        <Empty
          description={
            <>
              <Typography.Title level={4}>No Completed Services</Typography.Title>
              Once we've finished a job for you, you can rate it here. Have a job ID from our text message? Enter it below.
            </>
          }
        >
          {findByIdBox}
          {findMessage && <Typography.Paragraph type="warning">{findMessage}</Typography.Paragraph>}
        </Empty>
      </Card>
    );
  }

  return (
    <Card>
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ recommend: 'yes', jobId: preselected }} disabled={sending}>
        <Form.Item label="Which service are you reviewing?" name="jobId" rules={[{ required: true, message: 'Please select a job to review' }]}>
          <Select placeholder="Select a completed job" options={completed.map((job) => ({ value: job.id, label: jobLabel(job) }))} />
        </Form.Item>
        <Typography.Paragraph type="secondary">Not listed? {findByIdBox}</Typography.Paragraph>
        {findMessage && <Typography.Paragraph type="warning">{findMessage}</Typography.Paragraph>}

        <Form.Item label="Overall rating" name="rating" rules={[{ required: true, type: 'number', min: 1, message: 'Please provide a rating' }]}>
          <Rate aria-label="Overall rating" />
        </Form.Item>
        {SCORES.map((score) => (
          <Form.Item key={score.name} label={score.label} name={score.name} rules={[{ required: true, type: 'number', min: 1, message: score.message }]}>
            <Rate aria-label={score.label} />
          </Form.Item>
        ))}

        <Form.Item
          label="Tell us about your experience"
          name="comments"
          rules={[
            { required: true, message: 'Please provide detailed feedback' },
            { validator: (_rule, value: string | undefined) => ((value ?? '').trim().length >= 10 ? Promise.resolve() : Promise.reject(new Error('Please provide detailed feedback'))) },
          ]}
        >
          <Input.TextArea rows={4} maxLength={5000} />
        </Form.Item>

        <Form.Item label="Would you recommend us?" name="recommend" rules={[{ required: true, message: 'Please choose yes, no or maybe' }]}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'yes', label: 'Yes' },
              { value: 'no', label: 'No' },
              { value: 'maybe', label: 'Maybe' },
            ]}
          />
        </Form.Item>

        <Form.Item label="What could we improve? (optional)" name="improvements">
          <Input.TextArea rows={3} maxLength={5000} />
        </Form.Item>

        <Button type="primary" htmlType="submit" size="large" loading={sending}>
          Submit Feedback
        </Button>
      </Form>
    </Card>
  );
}
