import { formatPerthDate, formatPerthClock, JOB_MEDIA_LABELS, type JobPhoto } from '@towing/contracts';
import { Image } from 'antd';

/**
 * What a photo is and when it was made: the phone's time for the driver's photos and the
 * signature (taken offline, they can arrive hours later), the arrival for the SOS photo.
 */
export function photoCaption(photo: JobPhoto): string {
  const made = photo.takenAt ?? photo.createdAt;
  const signed = photo.signedBy ? `, signed by ${photo.signedBy}` : '';
  return `${JOB_MEDIA_LABELS[photo.kind]}${signed}, ${formatPerthDate(made)} ${formatPerthClock(made)}`;
}

export default function PhotoStrip({ jobId, photos, size, captioned }: { jobId: string; photos: JobPhoto[]; size: number; captioned: boolean }) {
  return (
    <Image.PreviewGroup>
      {photos.map((photo, index) => {
        const alt = `Photo ${index + 1} of ${jobId}`;
        if (!captioned) return <Image key={photo.id} src={photo.url} width={size} height={size} alt={alt} className="board-photo" />;
        return (
          <figure key={photo.id} className="board-photo-figure" style={{ width: size }}>
            <Image src={photo.url} width={size} height={size} alt={alt} className="board-photo" />
            <figcaption>{photoCaption(photo)}</figcaption>
          </figure>
        );
      })}
    </Image.PreviewGroup>
  );
}
