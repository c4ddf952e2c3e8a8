import { DRIVER_TAPS, type DriverJob, type DriverTapKind, type DriverTapRequest, formatPerthDateTime, mapLinks, smsHref, telHrefFor } from '@towing/contracts';
import { useState } from 'react';
import { distanceText, projected, tapsOffered, waitingFor } from '../driver-view';
import type { PhonePosition } from '../hooks/usePhonePosition';
import { EtaPicker } from './EtaPicker';
import { OdometerPicker } from './OdometerPicker';

export interface JobCardProps {
  job: DriverJob;
  /** Taps for this job still on the phone, oldest first. */
  waiting: DriverTapRequest[];
  driver: string;
  here: PhonePosition | null;
  now: number;
  onTap: (tap: Omit<DriverTapRequest, 'madeAt'>) => void;
}

const BUTTON_STYLE: Record<DriverTapKind, string> = {
  acknowledge: 'driver-button--alert',
  take: 'driver-button--go',
  enRoute: 'driver-button--go',
  onScene: 'driver-button--go',
  towing: 'driver-button--go',
  complete: 'driver-button--go',
};

/** One job, as big as a thumb needs: who and where, how to get there and reach them, and the next taps. */
export function JobCard({ job, waiting, driver, here, now, onTap }: JobCardProps) {
  const [asking, setAsking] = useState<'eta' | 'odometer' | null>(null);
  const state = projected(job, waiting, driver);
  const offered = tapsOffered(job, state, driver);
  const links = job.gps ? mapLinks(job.gps) : null;
  const unacknowledged = job.status === 'Emergency' && !state.acknowledged;

  function tap(kind: DriverTapKind) {
    if (kind === 'enRoute') setAsking('eta');
    else if (kind === 'complete') setAsking('odometer');
    else onTap({ kind });
  }

  return (
    <article className={`driver-card${unacknowledged ? ' driver-card--sos' : ''}`} aria-label={`Job ${job.id}`}>
      <header className="driver-card__head">
        <span className="driver-card__id">{job.id}</span>
        <span className="driver-card__status" data-testid={`status-${job.id}`}>
          {state.status}
          {state.assignedTo !== 'Unassigned' ? ` · ${state.assignedTo}` : ''}
        </span>
      </header>
      {job.status === 'Emergency' && (
        <p className="driver-card__waiting">
          Waiting {waitingFor(job.createdAt, now)}
          {here && job.gps ? ` · ${distanceText(here, job.gps)} away` : ''}
        </p>
      )}
      {job.photoIds.length > 0 && (
        <img className="driver-card__photo" src={`/api/jobs/${encodeURIComponent(job.id)}/photos/${job.photoIds[0]}`} alt={`Photo sent with ${job.id}`} loading="lazy" />
      )}
      <p className="driver-card__who">
        <strong>{job.customerName}</strong> · {job.service}
      </p>
      <p>{job.location}</p>
      {job.vehicle && <p>Vehicle: {job.vehicle}</p>}
      {job.situation && <p>Situation: {job.situation}</p>}
      {job.notes && <p>Notes: {job.notes}</p>}
      {job.estimatedArrival && <p>ETA {formatPerthDateTime(job.estimatedArrival)}</p>}
      <div className="driver-card__reach">
        {links && (
          <>
            <a className="driver-button driver-button--link" href={links.google} target="_blank" rel="noreferrer">
              Navigate (Google)
            </a>
            <a className="driver-button driver-button--link" href={links.apple} target="_blank" rel="noreferrer">
              Apple Maps
            </a>
            <a className="driver-button driver-button--link" href={links.geo}>
              Other app
            </a>
          </>
        )}
        <a className="driver-button driver-button--link" href={telHrefFor(job.phone, job.phoneE164)}>
          Call
        </a>
        {job.phoneE164 && (
          <a className="driver-button driver-button--link" href={smsHref(job.phoneE164, '')}>
            Text
          </a>
        )}
      </div>
      {waiting.length > 0 && (
        <p className="driver-card__pending" role="status">
          Waiting to go: {waiting.map((queued) => DRIVER_TAPS[queued.kind].label).join(', ')}
        </p>
      )}
      {asking === 'eta' && (
        <EtaPicker
          onCancel={() => setAsking(null)}
          onPick={(etaMinutes) => {
            setAsking(null);
            onTap({ kind: 'enRoute', etaMinutes });
          }}
        />
      )}
      {asking === 'odometer' && (
        <OdometerPicker
          onCancel={() => setAsking(null)}
          onDone={(odometerKm) => {
            setAsking(null);
            onTap(odometerKm === undefined ? { kind: 'complete' } : { kind: 'complete', odometerKm });
          }}
        />
      )}
      {asking === null && offered.length > 0 && (
        <div className="driver-card__taps">
          {offered.map((kind) => (
            <button key={kind} type="button" className={`driver-button driver-button--big ${BUTTON_STYLE[kind]}`} onClick={() => tap(kind)}>
              {DRIVER_TAPS[kind].label}
            </button>
          ))}
        </div>
      )}
    </article>
  );
}
