import type { JobPhoto } from '@towing/contracts';
import { Image } from 'antd';

export default function PhotoStrip({ jobId, photos, size }: { jobId: string; photos: JobPhoto[]; size: number }) {
  return (
    <Image.PreviewGroup>
      {photos.map((photo, index) => (
        <Image key={photo.id} src={photo.url} width={size} height={size} alt={`Photo ${index + 1} of ${jobId}`} className="board-photo" />
      ))}
    </Image.PreviewGroup>
  );
}
