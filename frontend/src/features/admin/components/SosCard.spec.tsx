import { jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { JobPhoto } from '@towing/contracts';
import { AntdTheme } from '../../../shared/ui/AntdTheme';
import { useAdminStore } from '../state/admin.store';
import { queryClient } from '../../../shared/query/queryClient';
import { BOARD } from '../board-data';
import { testJob } from '../test-jobs';
import { DispatchOverview } from './DispatchOverview';
import { apiAnswer, fakeFetch, restoreFetch } from '../../../../test/api-answer';
import { serverPush, socketWithoutServer } from '../../../../test/server-push';

const RECEIVED = Date.parse('2025-03-01T02:00:00.000Z');
const sos = testJob({
  id: 'JOB-2025-77',
  status: 'Emergency',
  vehicle: 'Hilux',
  situation: 'Bogged at the Fortescue crossing',
  notes: 'Gate code 4411',
  gps: { lat: -20.736812, lng: 116.846254, accuracyM: 12, fixedAt: '2025-03-01T01:56:00.000Z' },
  createdAt: new Date(RECEIVED).toISOString(),
});
const photo: JobPhoto = { id: 5, jobId: sos.id, contentType: 'image/jpeg', size: 2048, createdAt: sos.createdAt, url: `/api/jobs/${sos.id}/photos/5`, kind: 'sos', takenAt: null, signedBy: null };

let calls: Array<{ url: string; method: string }>;
let photos: JobPhoto[];

beforeAll(socketWithoutServer);

beforeEach(() => {
  calls = [];
  photos = [];
  jest.useFakeTimers({ now: RECEIVED + 90_000, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'setTimeout', 'clearTimeout'] });
  fakeFetch((url, init) => {
    calls.push({ url, method: init?.method ?? 'GET' });
    if (url.endsWith('/photos')) return apiAnswer(200, photos);
    if (url.endsWith('/acknowledge')) return apiAnswer(200, { job: { ...sos, acknowledgement: { by: 'dean', at: new Date().toISOString() } } });
    return apiAnswer(404, { statusCode: 404, error: 'Not Found', message: 'no' });
  });
  localStorage.setItem('board.mapOpen', 'false');
  act(() => {
    queryClient.setQueryData(BOARD.jobs, [sos]);
    useAdminStore.setState({ unseenSos: new Set(), openJobId: null });
  });
});

afterEach(() => {
  cleanup();
  jest.useRealTimers();
  restoreFetch();
  localStorage.clear();
  queryClient.clear();
});

const renderOverview = () =>
  render(
    <AntdTheme>
      <DispatchOverview />
    </AntdTheme>,
  );
const card = () => screen.getByTestId(`sos-${sos.id}`);

describe('an open SOS above the tabs', () => {
  it('shows what happened and the vehicle from their fields, a tap-to-call number, navigation links from the stored fix, its accuracy and age', () => {
    renderOverview();
    const view = within(card());
    view.getByText('Bogged at the Fortescue crossing');
    view.getByText('Vehicle: Hilux');
    expect(view.queryByText('Gate code 4411')).toBeNull();
    expect(view.getByRole('link', { name: /Call 0412 345 678/ }).getAttribute('href')).toBe('tel:+61412345678');
    expect(view.getByRole('link', { name: 'Google Maps' }).getAttribute('href')).toBe('https://www.google.com/maps/search/?api=1&query=-20.736812,116.846254');
    expect(view.getByRole('link', { name: 'Apple Maps' }).getAttribute('href')).toBe('https://maps.apple.com/?q=-20.736812,116.846254');
    expect(view.getByRole('link', { name: 'Navigation app' }).getAttribute('href')).toBe('geo:-20.736812,116.846254?q=-20.736812,116.846254');
    view.getByText('within 12 m · fixed 5 min ago');
  });

  it('ticks its age and turns red once two minutes pass without an acknowledgement', () => {
    renderOverview();
    expect(within(card()).getByRole('timer').textContent).toBe('Waiting 1:30');
    expect(card().className).not.toContain('sos-card-overdue');
    act(() => {
      jest.advanceTimersByTime(31_000);
    });
    expect(within(card()).getByRole('timer').textContent).toBe('Not acknowledged 2:01');
    expect(card().className).toContain('sos-card-overdue');
  });

  it('shows the photo as a thumbnail through the admin photo route, including one that lands after the SOS', async () => {
    renderOverview();
    await serverPush('connect');
    await waitFor(() => expect(calls.some((call) => call.url === `/api/jobs/${sos.id}/photos`)).toBe(true));
    expect(within(card()).queryByRole('img', { name: `Photo 1 of ${sos.id}` })).toBeNull();
    await serverPush('job:photoAdded', photo);
    const thumbnail = await within(card()).findByRole('img', { name: `Photo 1 of ${sos.id}` });
    expect(thumbnail.getAttribute('src')).toBe(photo.url);
  });

  it('leaves the pinned list once acknowledged with one click', async () => {
    renderOverview();
    fireEvent.click(within(card()).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(screen.queryByTestId(`sos-${sos.id}`)).toBeNull());
    expect(calls).toContainEqual({ url: `/api/jobs/${sos.id}/acknowledge`, method: 'POST' });
    screen.getByText('No SOS waiting for someone to acknowledge it.');
  });

  it('opens the job card from the SOS card', () => {
    renderOverview();
    fireEvent.click(within(card()).getByRole('button', { name: 'Open job' }));
    expect(useAdminStore.getState().openJobId).toBe(sos.id);
  });
});

