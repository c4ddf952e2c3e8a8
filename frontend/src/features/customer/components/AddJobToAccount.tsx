import { CLAIM_CODE_TTL_MINUTES, type CustomerJobsResponse } from '@towing/contracts';
import { Alert, Button, Card, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../../../shared/api/client';
import { serverErrors } from '../../../shared/forms/serverErrors';

type Step = { name: 'id' } | { name: 'code'; jobId: string } | { name: 'added'; jobId: string };

/**
 * A signed-in customer adds a job booked or sent without signing in: we text a 6-digit code
 * to the phone on that job, and entering it proves the job is theirs.
 */
export function AddJobToAccount({ onAdded }: { onAdded(found: CustomerJobsResponse): Promise<void> }) {
  const [step, setStep] = useState<Step>({ name: 'id' });
  const [jobId, setJobId] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(serverErrors(error).message ?? 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  const sendCode = () =>
    run(async () => {
      const id = jobId.trim().toUpperCase();
      if (!id) return;
      await api.call('POST /api/me/jobs/:id/code', { params: { id } });
      setCode('');
      setStep({ name: 'code', jobId: id });
    });

  const verify = (id: string) =>
    run(async () => {
      await onAdded(await api.call('POST /api/me/jobs/:id/verify', { params: { id }, body: { code: code.trim() } }));
      setStep({ name: 'added', jobId: id });
      setJobId('');
    });

  return (
    <Card size="small" title="Add a job to your account" style={{ marginTop: 24 }}>
      {step.name === 'code' ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text>
            If {step.jobId} is yours, we have texted a 6-digit code to the phone on it. It works for {CLAIM_CODE_TTL_MINUTES} minutes.
          </Typography.Text>
          <Space.Compact style={{ width: '100%', maxWidth: 360 }}>
            <Input aria-label="Code from the text message" inputMode="numeric" maxLength={6} value={code} onChange={(event) => setCode(event.target.value)} />
            <Button type="primary" loading={busy} onClick={() => void verify(step.jobId)}>
              Add job
            </Button>
          </Space.Compact>
          <Button type="link" onClick={() => setStep({ name: 'id' })}>
            Use another job ID
          </Button>
        </Space>
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {step.name === 'added' && <Alert type="success" showIcon title={`${step.jobId} is now in your account`} />}
          <Typography.Text type="secondary">Booked or sent an SOS without signing in? Enter the job ID from our text message.</Typography.Text>
          <Space.Compact style={{ width: '100%', maxWidth: 360 }}>
            <Input aria-label="Job ID to add" placeholder="JOB-2025-123" value={jobId} onChange={(event) => setJobId(event.target.value)} />
            <Button loading={busy} onClick={() => void sendCode()}>
              Text me a code
            </Button>
          </Space.Compact>
        </Space>
      )}
      {problem && <Alert style={{ marginTop: 12 }} type="error" showIcon title={problem} />}
    </Card>
  );
}
