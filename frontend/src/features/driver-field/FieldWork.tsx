import { isPositionSharingStatus } from '@towing/contracts';
import { useState } from 'react';
import type { SendUpload } from './field-uploads';
import { JobPhotos } from './JobPhotos';
import { PositionSharing } from './PositionSharing';
import { SignatureCapture } from './SignatureCapture';
import { usePositionSharing } from './usePositionSharing';
import './driver-field.css';

export interface FieldWorkProps {
  jobId: string;
  /** The job's status as the phone sees it (the taps still waiting to go applied). */
  status: string;
  send: SendUpload;
  /** A position batch of this job is still waiting in the phone's outbox. */
  positionsWaiting: boolean;
}

/**
 * What the driver does on a job beyond the status taps: shares the truck's position while it is
 * on its way, photographs the vehicle at pickup and drop-off, and has the customer sign for it.
 */
export function FieldWork({ jobId, status, send, positionsWaiting }: FieldWorkProps) {
  const sharing = usePositionSharing(jobId, status, send, positionsWaiting);
  const [signing, setSigning] = useState(false);
  const onTheWay = isPositionSharingStatus(status);
  return (
    <section className="field-work" aria-label={`On the job ${jobId}`}>
      <PositionSharing sharing={sharing} onTheWay={onTheWay} />
      {status === 'In Progress' && (
        <>
          <JobPhotos jobId={jobId} send={send} />
          {signing ? (
            <SignatureCapture jobId={jobId} send={send} onDone={() => setSigning(false)} />
          ) : (
            <button type="button" className="driver-button driver-button--quiet" onClick={() => setSigning(true)}>
              Customer signs to release
            </button>
          )}
        </>
      )}
    </section>
  );
}
