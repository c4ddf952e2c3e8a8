import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { JobMessage } from '@towing/contracts';
import { AntdTheme } from '../../../shared/ui/AntdTheme';
import { queryClient } from '../../../shared/query/queryClient';
import { testJob } from '../test-jobs';
import { JobConversation } from './JobConversation';
import { apiAnswer, fakeFetch, restoreFetch } from '../../../../test/api-answer';
import { serverPush, socketWithoutServer } from '../../../../test/server-push';

const sos = testJob({ id: 'JOB-2025-88', status: 'Emergency', customerName: 'Kim Nguyen' });
const theirs: JobMessage = { id: 1, jobId: sos.id, direction: 'inbound', body: 'Battery is dead as well', author: null, at: '2025-03-01T02:05:00.000Z' };
const ours: JobMessage = { id: 2, jobId: sos.id, direction: 'outbound', body: 'Bring jumper leads', author: 'dean', at: '2025-03-01T02:06:00.000Z' };

let calls: Array<{ url: string; method: string; body?: string }>;

beforeAll(socketWithoutServer);
beforeEach(() => {
  calls = [];
  fakeFetch((url, init) => {
    calls.push({ url, method: init?.method ?? 'GET', body: init?.body as string | undefined });
    if (url.endsWith('/messages') && init?.method === 'POST') return apiAnswer(201, ours);
    if (url.endsWith('/messages')) return apiAnswer(200, []);
    return apiAnswer(404, { statusCode: 404, error: 'Not Found', message: 'no' });
  });
});
afterEach(() => {
  cleanup();
  restoreFetch();
  queryClient.clear();
});

describe("a job's texts with its customer", () => {
  it("stays off the SOS card until someone writes, shows the customer's text as it arrives, and sends the dispatcher's answer", async () => {
    const { container } = render(
      <AntdTheme>
        <JobConversation job={sos} compact />
      </AntdTheme>,
    );
    await serverPush('connect');
    await waitFor(() => expect(calls).toContainEqual({ url: `/api/jobs/${sos.id}/messages`, method: 'GET', body: undefined }));
    expect(container.textContent).toBe('');

    await serverPush('jobMessage:created', { ...theirs, jobId: 'JOB-2025-1' });
    expect(container.textContent).toBe('');
    await serverPush('jobMessage:created', theirs);
    await screen.findByText('Battery is dead as well');
    screen.getByText('Kim Nguyen · 1 Mar 2025, 10:05 am');

    fireEvent.change(screen.getByRole('textbox', { name: 'Text Kim Nguyen' }), { target: { value: 'Bring jumper leads' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send text' }));
    await screen.findByText('dean · 1 Mar 2025, 10:06 am');
    expect(calls).toContainEqual({ url: `/api/jobs/${sos.id}/messages`, method: 'POST', body: JSON.stringify({ body: 'Bring jumper leads' }) });
    expect((screen.getByRole('textbox', { name: 'Text Kim Nguyen' }) as HTMLInputElement).value).toBe('');
    // The push of our own answer after the POST's answer adds nothing twice.
    await serverPush('jobMessage:created', ours);
    expect(screen.getAllByText('Bring jumper leads')).toHaveLength(1);
  });
});
