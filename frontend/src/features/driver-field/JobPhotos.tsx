import { JOB_MEDIA_LABELS, JOB_PHOTO_TYPES, type JobMediaKind } from '@towing/contracts';
import { mediaUpload, type SendUpload } from './field-uploads';

const PHOTO_KINDS = ['pickup', 'dropoff'] as const satisfies readonly JobMediaKind[];

/**
 * Photos of the vehicle before the hook-up and at drop-off, straight from the camera. Each is
 * stamped with the phone's time as it is taken and goes to the phone's outbox, so no signal
 * loses nothing.
 */
export function JobPhotos({ jobId, send }: { jobId: string; send: SendUpload }) {
  function took(kind: JobMediaKind, input: HTMLInputElement) {
    const takenAt = new Date().toISOString();
    for (const file of Array.from(input.files ?? [])) void send(mediaUpload(jobId, kind, file, takenAt));
    // The same picture may be chosen again.
    input.value = '';
  }
  return (
    <div className="field-photos">
      {PHOTO_KINDS.map((kind) => (
        <label key={kind} className="driver-button driver-button--quiet field-photos__take">
          {JOB_MEDIA_LABELS[kind]}
          <input
            type="file"
            accept={JOB_PHOTO_TYPES.join(',')}
            capture="environment"
            multiple
            className="field-photos__input"
            aria-label={`${JOB_MEDIA_LABELS[kind]} of ${jobId}`}
            onChange={(event) => took(kind, event.currentTarget)}
          />
        </label>
      ))}
    </div>
  );
}
