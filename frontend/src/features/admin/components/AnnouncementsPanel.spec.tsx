import { Emitter } from '@socket.io/component-emitter';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Announcement } from '@towing/contracts';
import { AntdTheme } from '../../../shared/ui/AntdTheme';
import { queryClient } from '../../../shared/query/queryClient';
import { getSocket } from '../../../shared/realtime/socket';
import { AnnouncementsPanel } from './AnnouncementsPanel';
import { apiAnswer, fakeFetch, jsonBody, restoreFetch } from '../../../../test/api-answer';

const closure: Announcement = {
  id: 4,
  title: 'Millstream Road closed',
  message: 'Flooding between the Fortescue crossing and the homestead.',
  type: 'warning',
  active: true,
  showAsPopup: false,
  showInSidebar: true,
  createdAt: '2025-03-01T02:00:00.000Z',
  createdBy: 'dean',
  // 6:30 am on 2 March in Perth.
  expiresAt: '2025-03-01T22:30:00.000Z',
};

let sent: Array<{ url: string; method: string; body: unknown }>;

beforeEach(() => {
  sent = [];
  fakeFetch((url, init) => {
    sent.push({ url, method: init?.method ?? 'GET', body: jsonBody(init) });
    return apiAnswer(200, init?.method === 'PUT' ? closure : [closure]);
  });
});
afterEach(() => {
  cleanup();
  restoreFetch();
  queryClient.clear();
});

/** The board's socket connects (no server in jsdom: the test plays its part); live lists read once it has. */
async function connect() {
  const socket = await act(() => getSocket());
  socket.disconnect();
  act(() => void Emitter.prototype.emit.call(socket, 'connect'));
}

describe('editing an announcement', () => {
  it('shows its expiry as Perth wall-clock time and sends it back as the same instant', async () => {
    render(
      <AntdTheme>
        <AnnouncementsPanel />
      </AntdTheme>,
    );
    await connect();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const expires = (await screen.findByLabelText('Expires (Perth time, optional)')) as HTMLInputElement;
    await waitFor(() => expect(expires.value).toBe('2025-03-02T06:30'));

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.find((request) => request.method === 'PUT')).toBeTruthy());
    expect(sent.find((request) => request.method === 'PUT')).toMatchObject({ url: '/api/announcements/4', body: { expiresAt: closure.expiresAt } });
  });
});
