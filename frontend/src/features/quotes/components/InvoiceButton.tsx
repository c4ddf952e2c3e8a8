import { FileTextOutlined } from '@ant-design/icons';
import { type InvoiceSummary, type JobInvoicesQuery, type JobProof, LAST4_MESSAGE, LAST4_PATTERN } from '@towing/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { api, HttpError } from '../../../shared/api/client';
import { queryClient } from '../../../shared/query/queryClient';
import { errorText } from '../../../shared/forms/serverErrors';
import { InvoiceList } from './InvoiceList';

type Step = { step: 'closed' } | { step: 'digits'; error?: string } | { step: 'loading' } | { step: 'shown'; invoices: InvoiceSummary[] };

/**
 * What the dashboard's own proof says for this job: a tracking token proves only the job it came
 * with, the phone's last four digits every job under that phone. A signed-in account's jobs need
 * none: the server knows the account created or proved them.
 */
function proofFor(jobId: string, proof: JobProof | null): JobInvoicesQuery {
  if (proof?.token && proof.query.trim().toUpperCase() === jobId.toUpperCase()) return { token: proof.token };
  if (proof?.last4) return { last4: proof.last4 };
  return {};
}

/** Any failure asks for the digits; a request without them (400) just asks, the others say what went wrong. */
function failure(error: unknown, typed: boolean): Step {
  const status = error instanceof HttpError ? error.status : 0;
  if (status === 400) return { step: 'digits', error: typed ? errorText(error) : undefined };
  if (status === 404) return { step: 'digits', error: 'No invoices found for that job and phone number' };
  if (status === 429) return { step: 'digits', error: errorText(error) };
  return { step: 'digits', error: 'Could not load your invoices. Please try again.' };
}

/**
 * The dashboard's Invoice button for a completed job: its tax invoices with their PDFs, shown to
 * whoever proves the job as the other customer screens do. The proof the dashboard was opened
 * with goes along; when it does not cover this job, the last four digits of its phone are asked for.
 */
export function InvoiceButton({ jobId, proof }: { jobId: string; proof: JobProof | null }) {
  const [open, setOpen] = useState(false);
  // Each click asks again: an invoice issued since the last look shows up.
  const read = useMutation(
    {
      mutationFn: ({ query }: { query: JobInvoicesQuery; typed: boolean }) => api.call('GET /api/jobs/:id/invoices', { params: { id: jobId }, query }),
    },
    queryClient,
  );
  const state: Step = !open
    ? { step: 'closed' }
    : read.isError
      ? failure(read.error, read.variables.typed)
      : read.isSuccess
        ? { step: 'shown', invoices: read.data.invoices }
        : { step: 'loading' };

  function load(query: JobInvoicesQuery, typed: boolean) {
    setOpen(true);
    read.mutate({ query, typed });
  }

  return (
    <>
      <Button size="small" icon={<FileTextOutlined />} onClick={() => load(proofFor(jobId, proof), false)}>
        Invoice
      </Button>
      <Modal open={state.step !== 'closed'} title={`Invoices for ${jobId}`} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        {state.step === 'digits' && (
          <Form layout="vertical" onFinish={(values: { last4: string }) => load({ last4: values.last4.trim() }, true)}>
            {state.error && <Alert type="warning" title={state.error} style={{ marginBottom: 12 }} />}
            <Form.Item label="Last 4 digits of your phone" name="last4" rules={[
                {
                  required: true,
                  message: LAST4_MESSAGE,
                  // Spaces around the digits are allowed: they are trimmed before sending.
                  validator: (_rule, value: string | undefined) => (LAST4_PATTERN.test((value ?? '').trim()) ? Promise.resolve() : Promise.reject(new Error(LAST4_MESSAGE))),
                },
              ]}>
              <Input inputMode="numeric" autoComplete="off" maxLength={4} />
            </Form.Item>
            <Button type="primary" htmlType="submit">
              Show invoices
            </Button>
          </Form>
        )}
        {state.step === 'loading' && <Typography.Paragraph aria-busy="true">Loading your invoices…</Typography.Paragraph>}
        {state.step === 'shown' &&
          (state.invoices.length > 0 ? (
            <InvoiceList invoices={state.invoices} />
          ) : (
            <Typography.Paragraph>No invoice for this job yet. We email it to you as soon as it is issued.</Typography.Paragraph>
          ))}
      </Modal>
    </>
  );
}
