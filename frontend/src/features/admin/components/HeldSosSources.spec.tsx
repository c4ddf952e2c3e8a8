import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { HeldSosSource } from '@towing/contracts';
import { AntdTheme } from '../../../shared/ui/AntdTheme';
import { queryClient } from '../../../shared/query/queryClient';
import { HeldSosSources } from './HeldSosSources';
import { apiAnswer, fakeFetch, restoreFetch } from '../../../../test/api-answer';
import { serverPush, socketWithoutServer } from '../../../../test/server-push';

const flood: HeldSosSource = { source: 'f1', count: 3, phones: 2, firstAt: '2025-03-01T02:00:00.000Z', lastAt: '2025-03-01T02:05:00.000Z' };

let calls: Array<{ url: string; method: string; body?: string }>;
let held: HeldSosSource[];

beforeAll(socketWithoutServer);
beforeEach(() => {
  calls = [];
  held = [flood];
  fakeFetch((url, init) => {
    calls.push({ url, method: init?.method ?? 'GET', body: init?.body as string | undefined });
    if (url === '/api/sos-holds') return apiAnswer(200, held);
    if (url === `/api/sos-holds/${flood.source}/release`) {
      held = [];
      return apiAnswer(200, { settled: flood.count });
    }
    return apiAnswer(404, { statusCode: 404, error: 'Not Found', message: 'no' });
  });
});
afterEach(() => {
  cleanup();
  restoreFetch();
  queryClient.clear();
});

describe('held SOS on the board', () => {
  it('lists a held address with its Release and Discard once its code is there, and releases it after the confirmation', async () => {
    const { container } = render(
      <AntdTheme>
        <HeldSosSources />
      </AntdTheme>,
    );
    // The list is read once the socket has connected.
    await serverPush('connect');
    const line = await screen.findByTestId(`held-${flood.source}`);
    expect(line.textContent).toContain('3 SOS from one address in 5 min: held, not texted (2 phones, last 1 Mar 2025, 10:05 am)');
    screen.getByRole('button', { name: 'Discard' });

    fireEvent.click(screen.getByRole('button', { name: 'Release' }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(calls).toContainEqual({ url: `/api/sos-holds/${flood.source}/release`, method: 'POST', body: '{}' }));
    // Read again after the release: nothing is held, so nothing is listed.
    await waitFor(() => expect(container.textContent).toBe(''));
  });
});
