import { useQuery } from '@tanstack/react-query';
import { BUSINESS, DRIVER_TAPS, type DriverBoard, type DriverJob, drivesTrucks, formatPerthDateTime, type User } from '@towing/contracts';
import { Fragment, useEffect } from 'react';
import { api } from '../../shared/api/client';
import { screenTitle, useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { queryClient, settleQueryData } from '../../shared/query/queryClient';
import { useLiveQuery } from '../../shared/realtime/live-query';
import { renewSocketSession } from '../../shared/realtime/socket';
import { FieldWork, type SendUpload } from '../driver-field';
import { DriverSignIn } from './components/DriverSignIn';
import { AlertsButton } from './components/AlertsButton';
import { JobCard } from './components/JobCard';
import { QueueStatus } from './components/QueueStatus';
import { TodayBookings } from './components/TodayBookings';
import { DRIVER_BOARD, DRIVER_SESSION, forgetBoard, lastKnownBoard, lastKnownDriver, readDriverBoard, rememberDriver } from './driver-data';
import { projected, waitingTaps } from './driver-view';
import { usePhonePosition } from './hooks/usePhonePosition';
import { useRequestQueue } from './hooks/useRequestQueue';
import { enqueue, enqueueTap } from './offline/request-queue';
import { useNow } from '../../shared/hooks/useNow';
import './driver.css';

/** The waiting times show minutes: the clock they count on ticks every 30 s. */
const CLOCK_MS = 30_000;

async function signOut(): Promise<void> {
  await api.call('POST /api/auth/logout');
  forgetBoard();
  renewSocketSession();
  await settleQueryData(DRIVER_SESSION, { user: null });
}

/** The phone screen of a driver (or an owner who drives): open SOS, their jobs, today's bookings. */
export default function DriverPage() {
  useDocumentTitle(screenTitle('Driver'));
  const session = useQuery({ queryKey: DRIVER_SESSION, queryFn: () => api.call('GET /api/auth/me'), retry: false }, queryClient);
  const user = session.data?.user;

  useEffect(() => {
    if (user && drivesTrucks(user)) rememberDriver(user);
  }, [user]);

  let body;
  if (session.isPending) body = <p className="driver-empty">Loading…</p>;
  else if (session.isError) body = <DriverScreen user={lastKnownDriver()} online={false} />;
  else if (!user) body = <DriverSignIn />;
  else if (!drivesTrucks(user)) body = <p className="driver-error">This screen is for drivers. Ask an admin for a driver account.</p>;
  else body = <DriverScreen user={user} online />;
  return <main className="driver">{body}</main>;
}

/**
 * `online` is false when the phone could not ask who is signed in (no signal): the driver who last
 * signed in here, their last board and the queue still show, and taps still queue.
 */
function DriverScreen({ user, online }: { user: User | null; online: boolean }) {
  const queue = useRequestQueue();
  const here = usePhonePosition();
  const now = useNow(CLOCK_MS);
  const remembered = lastKnownBoard();
  const board = useLiveQuery<DriverBoard>({ queryKey: DRIVER_BOARD, queryFn: readDriverBoard, enabled: online });
  const shown = board.data ?? remembered?.board ?? null;
  const driver = user?.firstName ?? '';

  function tap(job: DriverJob, request: Parameters<typeof enqueueTap>[1]) {
    void queue.send(() => enqueueTap(job.id, request, `${DRIVER_TAPS[request.kind].label} · ${job.id}`));
  }

  const card = (job: DriverJob) => (
    <JobCard key={job.id} job={job} driver={driver} here={here} now={now} waiting={waitingTaps(queue.waiting, job.id)} onTap={(request) => tap(job, request)} />
  );
  const sendUpload: SendUpload = (upload) => queue.send(() => enqueue(upload));
  const mineWithFieldWork = (job: DriverJob) => (
    <Fragment key={job.id}>
      {card(job)}
      <FieldWork
        jobId={job.id}
        status={projected(job, waitingTaps(queue.waiting, job.id), driver).status}
        send={sendUpload}
        positionsWaiting={queue.waiting.some((request) => request.kind === 'position' && request.jobId === job.id)}
      />
    </Fragment>
  );
  const mine = shown?.mine.filter((job) => !shown.sos.some((sos) => sos.id === job.id)) ?? [];

  return (
    <>
      <DriverHeader user={user} online={online} />
      <QueueStatus queue={queue} />
      {!board.data && remembered && (
        <p className="driver-stale" role="status">
          No connection: showing the jobs as they were at {formatPerthDateTime(remembered.at)}.
        </p>
      )}
      {shown === null ? (
        <p className="driver-empty">{board.isError || !online ? 'No connection and nothing saved on this phone yet.' : 'Loading…'}</p>
      ) : (
        <>
          <section className="driver-section" aria-labelledby="driver-sos">
            <h2 id="driver-sos">Open SOS</h2>
            {shown.sos.length === 0 ? <p className="driver-empty">No open SOS.</p> : shown.sos.map(card)}
          </section>
          <section className="driver-section" aria-labelledby="driver-mine">
            <h2 id="driver-mine">My jobs</h2>
            {mine.length === 0 ? <p className="driver-empty">Nothing assigned to you.</p> : mine.map(mineWithFieldWork)}
          </section>
          <TodayBookings bookings={shown.today} />
        </>
      )}
    </>
  );
}

/** The header: who is signed in, and the device's controls: SOS alerts (Web Push) and Sign out. */
function DriverHeader({ user, online }: { user: User | null; online: boolean }) {
  return (
    <header className="driver-header">
      <div>
        <p className="driver-header__business">{BUSINESS.shortName}</p>
        <p className="driver-header__who">
          {user ? `${user.firstName ?? user.username} · driving` : ''}
          {online ? '' : ' · no signal'}
        </p>
      </div>
      <div className="driver-header__actions">
        {online && <AlertsButton />}
        {online && (
          <button type="button" className="driver-button driver-button--quiet" onClick={() => void signOut()}>
            Sign out
          </button>
        )}
      </div>
    </header>
  );
}

