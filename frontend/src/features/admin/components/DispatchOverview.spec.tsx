import { jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Profiler } from 'react';
import type { Job } from '@towing/contracts';
import { AntdTheme } from '../../../shared/ui/AntdTheme';
import { useAdminStore } from '../state/admin.store';
import { queryClient } from '../../../shared/query/queryClient';
import { BOARD, jobChanged } from '../board-data';
import { testJob } from '../test-jobs';
import { DispatchOverview, WITHOUT_FIX_LISTED } from './DispatchOverview';

// Leaflet draws the service area in SVG only where SVGSVGElement.createSVGRect exists, which jsdom
// (drawing nothing) leaves out; with it the circle is an SVG path like in a browser.
(SVGSVGElement.prototype as { createSVGRect?: () => unknown }).createSVGRect ??= () => ({ x: 0, y: 0, width: 0, height: 0 });

const NOW = Date.parse('2025-03-01T02:05:00.000Z');
const fix = { lat: -20.736812, lng: 116.846254, accuracyM: 12, fixedAt: '2025-03-01T01:56:00.000Z' };
const pinned = testJob({ id: 'JOB-2025-20', status: 'En Route', gps: fix });
const lost = testJob({ id: 'JOB-2025-21', status: 'Assigned', location: 'Somewhere past Pannawonica' });

beforeEach(() => {
  jest.useFakeTimers({ now: NOW, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'setTimeout', 'clearTimeout'] });
  act(() => {
    queryClient.setQueryData(BOARD.jobs, [pinned, lost]);
    useAdminStore.setState({ unseenSos: new Set(), openJobId: null });
  });
});

afterEach(() => {
  cleanup();
  jest.useRealTimers();
  localStorage.clear();
  queryClient.clear();
});

function renderOverview(onCommit: () => void = () => undefined) {
  return render(
    <AntdTheme>
      <Profiler id="overview" onRender={onCommit}>
        <DispatchOverview />
      </Profiler>
    </AntdTheme>,
  );
}

const withoutFix = () => screen.queryByLabelText('Open jobs without a position');
const toggle = () => screen.getByRole('button', { name: /map$/ });

describe('the map of open jobs', () => {
  it('keeps the jobs without a position listed while the map is hidden', () => {
    localStorage.setItem('board.mapOpen', 'false');
    renderOverview();
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(document.querySelector('.board-map')).toBeNull();
    const list = within(withoutFix()!);
    list.getByText('Without a position (1)');
    fireEvent.click(list.getByRole('button', { name: lost.id }));
    expect(useAdminStore.getState().openJobId).toBe(lost.id);
  });

  it('lists the first jobs without a position and counts the rest, however many there are', () => {
    localStorage.setItem('board.mapOpen', 'false');
    const many = Array.from({ length: WITHOUT_FIX_LISTED + 7 }, (_, n) => testJob({ id: `JOB-2025-${100 + n}`, status: 'Assigned' }));
    act(() => queryClient.setQueryData(BOARD.jobs, many));
    renderOverview();
    const list = within(withoutFix()!);
    list.getByText(`Without a position (${many.length})`);
    expect(list.getAllByRole('button')).toHaveLength(WITHOUT_FIX_LISTED);
    list.getByText('and 7 more in Job Management');
  });

  it('shows and hides the map with one button and remembers the choice, the list staying either way', async () => {
    localStorage.setItem('board.mapOpen', 'false');
    renderOverview();
    fireEvent.click(toggle());
    expect(toggle().textContent).toBe('Hide map');
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(localStorage.getItem('board.mapOpen')).toBe('true');
    await screen.findByTitle(`${pinned.id}: ${pinned.customerName}`);
    expect(withoutFix()).toBeTruthy();

    fireEvent.click(toggle());
    expect(toggle().textContent).toBe('Show map');
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(localStorage.getItem('board.mapOpen')).toBe('false');
    expect(document.querySelector('.board-map')).toBeNull();
    within(withoutFix()!).getByText(lost.location);
  });

  it('is not re-rendered by the clock: with no SOS ticking, nothing on the overview renders again', async () => {
    localStorage.setItem('board.mapOpen', 'true');
    let commits = 0;
    renderOverview(() => (commits += 1));
    await screen.findByTitle(`${pinned.id}: ${pinned.customerName}`);
    const settled = commits;
    act(() => {
      jest.advanceTimersByTime(5_000);
    });
    expect(commits).toBe(settled);
  });
});

describe('the map view', () => {
  // jsdom lays nothing out: the map gets a board's size so Leaflet can fit a view to it.
  const MAP_SIZE = { clientWidth: 600, clientHeight: 340 };
  beforeAll(() => {
    for (const [property, size] of Object.entries(MAP_SIZE)) {
      Object.defineProperty(HTMLElement.prototype, property, {
        configurable: true,
        get(this: HTMLElement) {
          return this.classList.contains('board-map') ? size : 0;
        },
      });
    }
  });
  afterAll(() => {
    for (const property of Object.keys(MAP_SIZE)) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[property];
  });

  const pinOf = (job: Job) => screen.getByTitle(`${job.status === 'Emergency' ? 'SOS ' : ''}${job.id}: ${job.customerName}`);
  /** Where a pin sits on the map, in pixels from its top left corner (Leaflet places the pane at 0,0 after a fit). */
  const placeOf = (job: Job) => ({ x: parseFloat(pinOf(job).style.left), y: parseFloat(pinOf(job).style.top) });
  const onScreen = ({ x, y }: { x: number; y: number }) => x >= 0 && x <= MAP_SIZE.clientWidth && y >= 0 && y <= MAP_SIZE.clientHeight;
  const upsert = (job: Job) => act(() => jobChanged(job));

  it("fits the open jobs' pins and the service area when a pin comes, and leaves the dispatcher's zoom alone otherwise", async () => {
    const nearby = { ...pinned, gps: { ...fix, lat: -20.45, lng: 117.15 } };
    act(() => queryClient.setQueryData(BOARD.jobs, [nearby, lost]));
    localStorage.setItem('board.mapOpen', 'true');
    renderOverview();
    await screen.findByTitle(`${nearby.id}: ${nearby.customerName}`);
    const fitted = placeOf(nearby);
    expect(onScreen(fitted)).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    const zoomed = placeOf(nearby);
    expect(zoomed).not.toEqual(fitted);
    // Pushes that move no pin: a status change, a new job without a position.
    upsert({ ...nearby, status: 'In Progress', progress: 75 });
    upsert(testJob({ id: 'JOB-2025-22', status: 'Assigned' }));
    expect(placeOf(nearby)).toEqual(zoomed);

    // An SOS from the far side of Newman, well outside the service area.
    const far = testJob({ id: 'JOB-2025-23', status: 'Emergency', gps: { ...fix, lat: -23.36, lng: 119.73 } });
    upsert(far);
    await screen.findByTitle(`SOS ${far.id}: ${far.customerName}`);
    expect(onScreen(placeOf(far))).toBe(true);
    expect(onScreen(placeOf(nearby))).toBe(true);
  });
});
