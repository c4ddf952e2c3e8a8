import { formatPerthDateTime, type HeldSosSource, heldSourceLine, type Job, telHrefFor } from '@towing/contracts';
import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { api } from '../../../shared/api/client';
import { useNotification } from '../../../shared/ui/notification';

type Settle = 'release' | 'discard';

/** One held source: its line, and when opened its newest held SOS, each releasable on its own. */
function HeldSource({ source, onSettled }: { source: HeldSosSource; onSettled(): void }) {
  const notification = useNotification();
  const [jobs, setJobs] = useState<Job[] | null>(null);
  const [busy, setBusy] = useState(false);

  async function open() {
    if (jobs) return setJobs(null);
    try {
      setJobs((await api.call('GET /api/sos-holds/:source', { params: { source: source.source } })).jobs);
    } catch {
      notification.error({ title: 'Could not open the held SOS', description: 'Try again' });
    }
  }

  async function settle(action: Settle, jobIds?: string[]) {
    setBusy(true);
    try {
      const route = action === 'release' ? 'POST /api/sos-holds/:source/release' : 'POST /api/sos-holds/:source/discard';
      const { settled } = await api.call(route, { params: { source: source.source }, body: jobIds ? { jobIds } : {} });
      notification.success({ title: action === 'release' ? `${settled} SOS released` : `${settled} SOS discarded`, description: action === 'release' ? 'Their callers are being texted' : 'Cancelled; nobody was texted' });
      setJobs(null);
      onSettled();
    } catch {
      notification.error({ title: action === 'release' ? 'Failed to release' : 'Failed to discard', description: 'Nothing changed; try again' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="held-source" data-testid={`held-${source.source}`}>
      <div className="admin-row" style={{ justifyContent: 'space-between' }}>
        <span>
          {heldSourceLine(source)} <span className="board-muted">({source.phones} phones, last {formatPerthDateTime(source.lastAt)})</span>
        </span>
        <span className="admin-actions">
          <Button size="small" aria-expanded={jobs !== null} onClick={open}>
            {jobs ? 'Close' : 'Open'}
          </Button>
          <Popconfirm title="Release these SOS?" description="Each caller is texted and the on-call phones alerted, as for a new SOS." onConfirm={() => settle('release')}>
            <Button size="small" loading={busy}>
              Release
            </Button>
          </Popconfirm>
          <Popconfirm title="Discard these SOS?" description="They are cancelled and stay stored; nobody is texted." onConfirm={() => settle('discard')}>
            <Button size="small" danger loading={busy}>
              Discard
            </Button>
          </Popconfirm>
        </span>
      </div>
      {jobs && (
        <ul className="held-source-jobs">
          {jobs.map((job) => (
            <li key={job.id}>
              {job.id} · {formatPerthDateTime(job.createdAt)} · {job.customerName} · <a href={telHrefFor(job.phone, job.phoneE164)}>{job.phone}</a> · {job.location}{' '}
              <Button type="link" size="small" disabled={busy} onClick={() => settle('release', [job.id])}>
                Release this one
              </Button>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The held sources, each with its Release and Discard (antd's Popconfirm): loaded only when some are held. */
export default function HeldSourceList({ sources, onSettled }: { sources: HeldSosSource[]; onSettled(): void }) {
  return (
    <ul>
      {sources.map((source) => (
        <HeldSource key={source.source} source={source} onSettled={onSettled} />
      ))}
    </ul>
  );
}
