import { cleanup, render, screen } from '@testing-library/react';
import type { JobPhoto } from '@towing/contracts';
import PhotoStrip from './PhotoStrip';

const JOB = 'JOB-2026-41';
const photo = (id: number, fields: Partial<JobPhoto>): JobPhoto => ({
  id,
  jobId: JOB,
  contentType: 'image/jpeg',
  size: 2048,
  createdAt: '2026-11-27T06:40:00.000Z',
  url: `/api/jobs/${JOB}/photos/${id}`,
  kind: 'sos',
  takenAt: null,
  signedBy: null,
  ...fields,
});

const photos = [
  photo(1, {}),
  // Taken offline at 10:05 pm Perth, arrived an hour later.
  photo(2, { kind: 'pickup', takenAt: '2026-11-27T14:05:00.000Z', createdAt: '2026-11-27T15:07:00.000Z' }),
  photo(3, { kind: 'signature', takenAt: '2026-11-27T15:02:00.000Z', createdAt: '2026-11-27T15:07:00.000Z', signedBy: 'Robin Hale' }),
];

afterEach(cleanup);

describe("the job view's photos", () => {
  it("say what each is and when the phone made it, the SOS photo when it arrived", () => {
    render(<PhotoStrip jobId={JOB} photos={photos} size={96} captioned />);
    screen.getByText('SOS photo, 27 Nov 2026 14:40');
    screen.getByText('Photo at pickup, 27 Nov 2026 22:05');
    screen.getByText('Customer signature, signed by Robin Hale, 27 Nov 2026 23:02');
  });

  it('stay bare thumbnails on the SOS card', () => {
    const { container } = render(<PhotoStrip jobId={JOB} photos={photos} size={72} captioned={false} />);
    expect(screen.getAllByRole('img')).toHaveLength(3);
    expect(container.querySelectorAll('figcaption')).toHaveLength(0);
  });
});
