import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type MileageRecord, serviceHealth, type Vehicle, vehicleDisplayState } from '@towing/contracts';
import { JobList } from '../admin/components/JobList';
import { BOARD } from '../admin/board-data';
import { testJob } from '../admin/test-jobs';
import { AntdTheme } from '../../shared/ui/AntdTheme';
import { queryClient } from '../../shared/query/queryClient';
import { VEHICLES } from './fleet-data';
import { apiAnswer, fakeFetch, jsonBody, restoreFetch } from '../../../test/api-answer';

const job = testJob({ id: 'JOB-2026-41', assignedTo: 'Dean', status: 'In Progress', progress: 50, service: '4x4 Recovery', location: 'Millstream Road' });

function truck(id: number, usualDriver: string | null, odometer: number): Vehicle {
  const health = serviceHealth({
    intervalKm: 10_000,
    intervalMonths: 6,
    baseline: { km: 100_000, date: '2026-03-01', explicitDueDate: null, cycle: 'joined' },
    readings: [{ km: odometer, at: '2026-03-01T02:00:00.000Z', source: 'added' }],
    now: new Date('2026-03-02T02:00:00.000Z'),
  });
  return { id, name: `Recovery ${id}`, registration: `REC ${id}`, usualDriver, status: 'active', health, displayState: vehicleDisplayState('active', health), isActive: true } as Vehicle;
}

interface Sent {
  url: string;
  method: string;
  body: unknown;
}
let sent: Sent[];

beforeEach(() => {
  sent = [];
  fakeFetch((url, init) => {
    const request = { url, method: init?.method ?? 'GET', body: jsonBody(init) };
    sent.push(request);
    if (request.method === 'PATCH') return apiAnswer(200, { job: { ...job, status: 'Completed', progress: 100 } });
    const body = request.body as { vehicleId: number; endOdometer: number; jobId: string };
    const record: Partial<MileageRecord> = { id: 7, ...body, startOdometer: 105_000, distance: body.endOdometer - 105_000 };
    return apiAnswer(201, record);
  });
  act(() => {
    queryClient.setQueryData(BOARD.jobs, [job]);
    queryClient.setQueryData(VEHICLES, [truck(1, 'Dean', 105_000), truck(2, 'Matt', 88_000)]);
  });
});

afterEach(() => {
  cleanup();
  restoreFetch();
  queryClient.clear();
});

describe('completing a job on the board', () => {
  it('offers the odometer of the driver\'s truck and records it as a mileage record for the job', async () => {
    render(
      <AntdTheme>
        <JobList />
      </AntdTheme>,
    );
    fireEvent.click(within(screen.getByTestId(`job-${job.id}`)).getByRole('button', { name: 'Complete Job' }));

    // The prompt's code arrives with the first completed job.
    await screen.findByText(`Odometer after ${job.id}`);
    const dialog = screen.getByRole('dialog');
    const odometer = within(dialog).getByLabelText('Odometer (km)') as HTMLInputElement;
    // Dean's truck is suggested, at its last reading.
    within(dialog).getByText('Recovery 1 (REC 1)');
    expect(odometer.value).toBe('105000');
    fireEvent.change(odometer, { target: { value: '105180' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save odometer' }));

    await screen.findByText('Odometer recorded');
    screen.getByText(`105,180 km after ${job.id} (180 km)`);
    expect(sent.map(({ method, url }) => `${method} ${url}`)).toEqual([`PATCH /api/jobs/${job.id}`, 'POST /api/mileage-records']);
    expect(sent[1]!.body).toEqual({
      vehicleId: 1,
      endOdometer: 105_180,
      jobId: job.id,
      purpose: '4x4 Recovery',
      endLocation: 'Millstream Road',
      driver: 'Dean',
      confirmOdometerJump: false,
    });
    await waitFor(() => expect(screen.queryByText(`Odometer after ${job.id}`)).toBeNull());
  });
});
