import { formatPerthDateTime, isOpenForChanges, type Job, JOB_MESSAGE_MAX_LENGTH, type JobMessage } from '@towing/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { api } from '../../../shared/api/client';
import { queryClient } from '../../../shared/query/queryClient';
import { socketToCache, upsertById, useLiveQuery } from '../../../shared/realtime/live-query';
import { useNotification } from '../../../shared/ui/notification';

const jobMessagesKey = (jobId: string) => ['job-messages', jobId] as const;
const oldestFirst = (a: JobMessage, b: JobMessage) => a.id - b.id;
const withMessage = (messages: JobMessage[], message: JobMessage) => upsertById(messages, message, oldestFirst);

socketToCache('jobMessage:created', ['job-messages'], (messages: JobMessage[], message, queryKey) => (queryKey[1] === message.jobId ? withMessage(messages, message) : messages));

const NONE: JobMessage[] = [];

/**
 * The job's conversation with its customer by text: what they texted us and what the board
 * answered, live; the answer goes to the job's phone as an SMS. `compact` (the SOS card) shows
 * nothing until the customer or a dispatcher has written.
 */
export function JobConversation({ job, compact = false }: { job: Job; compact?: boolean }) {
  const notification = useNotification();
  const messages = useLiveQuery({ queryKey: jobMessagesKey(job.id), queryFn: () => api.call('GET /api/jobs/:id/messages', { params: { id: job.id } }) }).data ?? NONE;
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  if (compact && messages.length === 0) return null;

  async function send() {
    setBusy(true);
    try {
      const sent = await api.call('POST /api/jobs/:id/messages', { params: { id: job.id }, body: { body: draft } });
      queryClient.setQueryData<JobMessage[]>(jobMessagesKey(job.id), (current) => withMessage(current ?? [], sent));
      setDraft('');
    } catch {
      notification.error({ title: 'Text not sent' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="job-conversation" aria-label={`Texts with ${job.customerName}`}>
      {!compact && <strong>Texts</strong>}
      {messages.map((message) => (
        <div key={message.id} className={`job-message job-message-${message.direction}`} style={{ textAlign: message.direction === 'outbound' ? 'right' : 'left' }}>
          <span>{message.body}</span>
          <br />
          <span className="board-muted">
            {message.direction === 'inbound' ? job.customerName : message.author} · {formatPerthDateTime(message.at)}
          </span>
        </div>
      ))}
      {isOpenForChanges(job.status) && (
        // A plain field in antd's look (admin.css): the SOS card is on the board's first screen, which does without antd's Input.
        <div className="job-text-composer">
          <input
            className="board-input"
            aria-label={`Text ${job.customerName}`}
            placeholder={`Text ${job.phone}`}
            value={draft}
            maxLength={JOB_MESSAGE_MAX_LENGTH}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => event.key === 'Enter' && draft.trim() && !busy && void send()}
          />
          <Button type="primary" loading={busy} disabled={!draft.trim()} onClick={() => void send()}>
            Send text
          </Button>
        </div>
      )}
    </section>
  );
}
