import { LAST4_MESSAGE, LAST4_PATTERN, type JobProof } from '@towing/contracts';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';

interface Props {
  title: string;
  description: string;
  buttonLabel: string;
  onLookup(proof: JobProof): Promise<boolean>;
}

type Outcome = 'idle' | 'not-found' | 'failed';

/**
 * A job id and the last four digits of the phone on it: enough to prove the job is yours,
 * too little for a stranger to find anyone's. An empty box does nothing (docs/rules.md, "Forms");
 * a lookup that finds nothing says so and leaves what was typed, to correct it.
 */
export function CustomerLookupCard({ title, description, buttonLabel, onLookup }: Props) {
  const [jobId, setJobId] = useState('');
  const [last4, setLast4] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>('idle');
  const last4Invalid = last4 !== '' && !LAST4_PATTERN.test(last4);

  async function submit() {
    const query = jobId.trim();
    if (!query || busy) return;
    if (!LAST4_PATTERN.test(last4)) return;
    setBusy(true);
    try {
      setOutcome((await onLookup({ query, last4 })) ? 'idle' : 'not-found');
    } catch {
      setOutcome('failed');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card className="customer-lookup">
      <Typography.Title level={2}>{title}</Typography.Title>
      <Typography.Paragraph>{description}</Typography.Paragraph>
      <Form layout="vertical" onFinish={() => void submit()} requiredMark={false}>
        <Form.Item label="Job ID" htmlFor="lookup-job-id">
          <Input
            id="lookup-job-id"
            placeholder="JOB-2025-123"
            value={jobId}
            onChange={(event) => setJobId(event.target.value)}
            autoComplete="off"
          />
        </Form.Item>
        <Form.Item
          label="Last 4 digits of your phone"
          htmlFor="lookup-last4"
          validateStatus={last4Invalid ? 'error' : undefined}
          help={last4Invalid ? LAST4_MESSAGE : undefined}
        >
          <Input
            id="lookup-last4"
            placeholder="5678"
            value={last4}
            onChange={(event) => setLast4(event.target.value.replace(/\s/g, ''))}
            inputMode="numeric"
            maxLength={4}
            autoComplete="off"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} block>
          {buttonLabel}
        </Button>
      </Form>
      {outcome === 'not-found' && (
        <Alert
          style={{ marginTop: 16 }}
          type="warning"
          showIcon
          title="No jobs found"
          description={`We found no job ${jobId.trim().toUpperCase()} with a phone number ending in ${last4}. Check the job ID in our text message and the last 4 digits of the phone you gave us.`}
        />
      )}
      {outcome === 'failed' && (
        <Alert style={{ marginTop: 16 }} type="error" showIcon title="Could not look that up" description="Please try again, or call us." />
      )}
    </Card>
  );
}
