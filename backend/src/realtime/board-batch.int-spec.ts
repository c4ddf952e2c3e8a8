import { randomUUID } from 'node:crypto';
import type { Job } from '@towing/contracts';
import { eventually, SocketListener, TEST_PUBLIC_URL } from '@towing/testkit';
import { useSharedApi } from '../testing/use-shared-api.js';

describe('admin pushes during a burst', () => {
  const api = useSharedApi();

  it('sends a quiet change at once and a burst in fewer frames, every change once', async () => {
    const admin = await api.adminClient();
    // The board's page is on the app's own origin (PUBLIC_URL).
    const board = await new SocketListener(api.baseUrl, admin.cookie, TEST_PUBLIC_URL).connected();
    try {
      const sos = () => api.client().post('/api/sos', { phone: '0412 345 678' }, { 'Idempotency-Key': randomUUID() });
      const created = () => board.received<Job>('job:created').map((job) => job.id);

      // On a quiet board the first change is its own frame.
      const first = (await sos()).body.job as Job;
      await eventually(() => created().includes(first.id));
      expect(board.frames.filter((frame) => frame === 'job:created')).toHaveLength(1);

      // Twenty at once: every job arrives once, in fewer frames than jobs.
      const burst = (await Promise.all(Array.from({ length: 20 }, sos))).map((response) => (response.body.job as Job).id);
      await eventually(() => burst.every((id) => created().includes(id)));
      const order = created().slice(1);
      expect(order).toHaveLength(burst.length);
      expect(new Set(order)).toEqual(new Set(burst));
      const burstFrames = board.frames.filter((frame) => frame === 'job:created' || frame === 'board:batch').length - 1;
      expect(burstFrames).toBeLessThan(burst.length);
      expect(board.frames).toContain('board:batch');
    } finally {
      board.close();
    }
  });
});
