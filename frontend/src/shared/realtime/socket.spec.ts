import { Emitter } from '@socket.io/component-emitter';
import type { BatchedEvent } from '@towing/contracts';
import { getSocket } from './socket';

describe('the tab socket', () => {
  it('hands each event of a board:batch frame to its own listeners, in order', async () => {
    const socket = await getSocket();
    // No server in jsdom: the test plays the server's part.
    socket.disconnect();
    const heard: string[] = [];
    socket.on('job:deleted', ({ id }) => heard.push(`deleted ${id}`));
    socket.on('booking:updated', (booking) => heard.push(`booking ${booking.id}`));
    const batch = [
      ['job:deleted', { id: 'JOB-2026-1' }],
      ['booking:updated', { id: 7 }],
      ['job:deleted', { id: 'JOB-2026-2' }],
    ] as unknown as BatchedEvent[];
    Emitter.prototype.emit.call(socket, 'board:batch', batch);
    expect(heard).toEqual(['deleted JOB-2026-1', 'booking 7', 'deleted JOB-2026-2']);
  });
});
