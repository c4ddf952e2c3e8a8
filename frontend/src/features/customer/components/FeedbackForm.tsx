import type { UseQueryResult } from '@tanstack/react-query';
import { type CreateFeedbackRequest, type JobSearchResponse, type PublicJob, formatPerthDate, givenText, readFeedbackLink } from '@towing/contracts';
import { Button, Card, Empty, Form, Input, Radio, Rate, Result, Select, Typography } from 'antd';
import { useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api, HttpError } from '../../../shared/api/client';
import { applyServerErrors, serverErrors } from '../../../shared/forms/serverErrors';
import { useCustomerJobs } from '../hooks/useCustomerJobs';
import { useJobSearch } from '../hooks/useJobSearch';
import { useNotification } from '../../../shared/ui/notification';

type FeedbackValues = Omit<CreateFeedbackRequest, 'improvements'> & { improvements?: string };

const SCORES: Array<{ name: keyof FeedbackValues; label: string; message: string }> = [
  { name: 'serviceQuality', label: 'Service quality', message: 'Please rate the service quality' },
  { name: 'responseTime', label: 'Response time', message: 'Please rate our response time' },
  { name: 'communication', label: 'Communication', message: 'Please rate our communication' },
  { name: 'value', label: 'Value for money', message: 'Please rate the value for money' },
];

const jobLabel = (job: PublicJob) => `${job.id} - ${job.service} (${formatPerthDate(job.createdAt)})`;

/** What a Rate link's lookup says: the job to rate, or why there is none. */
function linkedOutcome(search: UseQueryResult<JobSearchResponse>): { linkedJob: PublicJob | null; linkMessage: string | null; alreadyRated: string | null } {
  const none = { linkedJob: null, linkMessage: null, alreadyRated: null };
  if (search.isError) return { ...none, linkMessage: 'Could not look that job up. Please try again.' };
  const found = search.data;
  if (!found) return none;
  if (!found.job) return { ...none, linkMessage: 'This Rate link does not match a job. Please use the link from our latest text message.' };
  if (found.rated) return { ...none, alreadyRated: found.job.id };
  if (found.job.status !== 'Completed') return { ...none, linkMessage: 'That job is not completed yet; you can rate it once it is.' };
  return { ...none, linkedJob: found.job };
}

/**
 * Rates one of the customer's completed jobs. The server takes a rating from the job's
 * customer only: the account that sent or proved the job, or whoever holds the tracking token
 * from the Rate link in our text message. A rated job's link says so instead of showing the form.
 */
export function FeedbackForm() {
  const notification = useNotification();
  const [params] = useSearchParams();
  const [form] = Form.useForm<FeedbackValues>();
  const { jobs, loading, signedIn, proof } = useCustomerJobs();
  const [rated, setRated] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  /** A job chosen before the form is on screen (a Rate link) becomes its initial value. */
  const [preselected, setPreselected] = useState<string | undefined>();
  const { jobId: linkedId, token: linkToken } = readFeedbackLink(params);
  // A Rate link's token proves its job: the job is looked up once the customer's own jobs are in.
  const linkSearch = useJobSearch(linkedId && linkToken && !loading ? { query: linkedId, token: linkToken } : null);
  const { linkedJob, linkMessage, alreadyRated } = linkedOutcome(linkSearch);

  /** The tracking token that lets a visitor rate this job, when we have it. */
  function tokenFor(jobId: string): string | undefined {
    if (jobId === linkedId && linkToken) return linkToken;
    return proof?.token && proof.query.toUpperCase() === jobId ? proof.token : undefined;
  }

  // Only jobs this browser can rate: the account's own, or one whose tracking token it holds.
  const completed = [...jobs, ...(linkedJob ? [linkedJob] : [])].filter(
    (job, index, all) =>
      job.status === 'Completed' &&
      !rated.includes(job.id) &&
      job.id !== alreadyRated &&
      (signedIn || tokenFor(job.id) !== undefined) &&
      all.findIndex((other) => other.id === job.id) === index,
  );

  const preselect = useEffectEvent((id: string) => {
    setPreselected(id);
    form.setFieldValue('jobId', id);
  });
  // Without a token the link only preselects one of the customer's own jobs.
  const ownLinked = !linkToken && !loading && linkedId && jobs.some((job) => job.id === linkedId) ? linkedId : undefined;
  const toPreselect = linkedJob?.id ?? ownLinked;
  useEffect(() => {
    if (toPreselect) preselect(toPreselect);
  }, [toPreselect]);

  async function submit(values: FeedbackValues) {
    setSending(true);
    try {
      const request: CreateFeedbackRequest = { ...values, comments: values.comments.trim(), token: tokenFor(values.jobId) };
      if (!givenText(values.improvements)) delete request.improvements;
      if (!request.token) delete request.token;
      await api.call('POST /api/feedback', { body: request });
      notification.success({ title: 'Feedback Submitted!', description: 'Thank you for helping us improve our service.' });
      setRated((current) => [...current, values.jobId]);
      setPreselected(undefined);
      form.resetFields();
      form.setFieldValue('jobId', undefined);
    } catch (error) {
      applyServerErrors(form, error);
      // A 409 says why this job cannot be rated (already rated, not completed); other failures are worth a retry.
      const conflict = error instanceof HttpError && error.status === 409;
      notification.error({
        title: 'Submission Failed',
        description: (conflict && serverErrors(error).message) || 'Please try again or contact us directly.',
      });
    } finally {
      setSending(false);
    }
  }

  if (loading) return <Card loading />;

  if (alreadyRated && completed.length === 0) {
    return (
      <Card>
        <Result status="success" title="This job has already been rated" subTitle={`Thank you! We have your feedback on ${alreadyRated}.`} />
      </Card>
    );
  }

  if (completed.length === 0) {
    return (
      <Card>
        <Empty
          description={
            <>
              <Typography.Title level={4}>No Completed Services</Typography.Title>
              Once we've finished a job for you, use the Rate link in our text message, or sign in to the account you booked with.
            </>
          }
        >
          {linkMessage && <Typography.Paragraph type="warning">{linkMessage}</Typography.Paragraph>}
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
        {alreadyRated && <Typography.Paragraph type="secondary">{alreadyRated} has already been rated. Thank you!</Typography.Paragraph>}
        {linkMessage && <Typography.Paragraph type="warning">{linkMessage}</Typography.Paragraph>}

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
          required
          rules={[
            // One rule for empty and too short alike, so the message shows once.
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
