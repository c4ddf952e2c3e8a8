import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { serviceHealth, type Vehicle, vehicleDisplayState } from '@towing/contracts';
import { AntdTheme } from '../../shared/ui/AntdTheme';
import { DriverTruckFlags } from './components/DriverTruckFlags';
import { TruckStatus } from './components/TruckStatus';
import { queryClient } from '../../shared/query/queryClient';
import { VEHICLES } from './fleet-data';
import { confirmTruckAssignment } from './truck-checks';
import { apiAnswer, fakeFetch, restoreFetch } from '../../../test/api-answer';
import { serverPush, socketWithoutServer } from '../../../test/server-push';

function truck(id: number, usualDriver: string | null, status: Vehicle['status'], odometer: number): Vehicle {
  const health = serviceHealth({
    intervalKm: 10_000,
    intervalMonths: 6,
    baseline: { km: 100_000, date: '2026-03-01', explicitDueDate: null, cycle: 'joined' },
    readings: [
      { km: 100_000, at: '2026-03-01T02:00:00.000Z', source: 'added' },
      { km: odometer, at: '2026-03-05T02:00:00.000Z', source: 'fuel' },
    ],
    now: new Date('2026-03-06T02:00:00.000Z'),
  });
  return {
    id,
    name: `Recovery ${id}`,
    registration: `REC ${id}`,
    usualDriver,
    status,
    health,
    displayState: vehicleDisplayState(status, health),
    isActive: true,
  } as Vehicle;
}

/** What GET /api/vehicles answers; every read is counted. */
let fleetAnswer: { status: number; body: unknown };
let fleetReads: number;
beforeAll(socketWithoutServer);

beforeEach(() => {
  fleetReads = 0;
  fakeFetch((url) => {
    expect(url).toBe('/api/vehicles');
    fleetReads += 1;
    return apiAnswer(fleetAnswer.status, fleetAnswer.body);
  });
});

afterEach(() => {
  cleanup();
  restoreFetch();
  queryClient.clear();
});

/** The socket (re)connects, as it does when the board opens: the fleet is read again. */
const connect = () => serverPush('connect');

const renderTile = () =>
  render(
    <AntdTheme>
      <DriverTruckFlags />
    </AntdTheme>,
  );

describe('TruckStatus', () => {
  it('flags only the trucks dispatch should know about', () => {
    render(
      <AntdTheme>
        <TruckStatus driver="Dean" trucks={[truck(1, 'Dean', 'active', 105_000), truck(2, 'Dean', 'active', 109_600), truck(3, 'Dean', 'out_of_service', 100_100)]} />
      </AntdTheme>,
    );
    expect(screen.queryByTestId('truck-flag-1')).toBeNull();
    expect(screen.getByTestId('truck-flag-2').textContent).toBe("Dean's Recovery 2: service due soon");
    expect(screen.getByTestId('truck-flag-3').textContent).toBe("Dean's Recovery 3: out of service");
  });
});

describe('the Available Drivers tile', () => {
  it('flags every truck that needs attention, the spares nobody usually drives too', async () => {
    fleetAnswer = {
      status: 200,
      body: [truck(1, 'Dean', 'active', 109_600), truck(2, 'Matt', 'active', 101_000), truck(3, null, 'out_of_service', 100_100), truck(4, null, 'active', 110_200), truck(5, null, 'active', 101_000)],
    };
    renderTile();
    await connect();
    await waitFor(() => expect(screen.getByTestId('truck-flag-3').textContent).toBe('Spare Recovery 3: out of service'));
    expect(screen.getByTestId('truck-flag-4').textContent).toBe('Spare Recovery 4: service overdue');
    expect(screen.getByTestId('truck-flag-1').textContent).toBe("Dean's Recovery 1: service due soon");
    expect(screen.queryByTestId('truck-flag-2')).toBeNull();
    expect(screen.queryByTestId('truck-flag-5')).toBeNull();
    expect(screen.queryByTestId('truck-status-unavailable')).toBeNull();
  });

  it('says truck status is unavailable when the fleet cannot be read, until a read succeeds', async () => {
    queryClient.removeQueries({ queryKey: VEHICLES });
    fleetAnswer = { status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: 'The server is busy, please try again' } };
    renderTile();
    await connect();
    const unavailable = await screen.findByTestId('truck-status-unavailable');
    expect(unavailable.textContent).toBe('Truck status unavailable');
    expect(unavailable.getAttribute('title')).toBe('The server is busy, please try again');

    fleetAnswer = { status: 200, body: [truck(3, null, 'out_of_service', 100_100)] };
    await connect();
    await screen.findByTestId('truck-flag-3');
    expect(screen.queryByTestId('truck-status-unavailable')).toBeNull();
  });
});

describe('confirmTruckAssignment', () => {
  it('asks before assigning when the fleet cannot be read, since nobody can tell the truck is fine', async () => {
    fleetAnswer = { status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: 'The server is busy, please try again' } };
    const answer = confirmTruckAssignment('Dean');
    await screen.findByText('Assign to Dean?');
    screen.getByText('Truck status is unavailable: check the truck is on the road before sending the job out.');
    fireEvent.click(screen.getByRole('button', { name: 'Assign anyway' }));
    await expect(answer).resolves.toBe(true);
    // Nobody's truck to check when the job is left unassigned.
    await expect(confirmTruckAssignment('Unassigned')).resolves.toBe(true);
  });

  it('reads the fleet first when the board has not yet, and asks when that read fails', async () => {
    queryClient.removeQueries({ queryKey: VEHICLES });
    fleetAnswer = { status: 200, body: [truck(2, 'Matt', 'out_of_service', 100_100)] };
    const matt = confirmTruckAssignment('Matt');
    await screen.findByText('Recovery 2 (REC 2) is out of service.');
    expect(fleetReads).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Keep as is' }));
    await expect(matt).resolves.toBe(false);
    await waitFor(() => expect(screen.queryByText('Assign to Matt?')).toBeNull());

    queryClient.removeQueries({ queryKey: VEHICLES });
    fleetAnswer = { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Internal server error' } };
    const dean = confirmTruckAssignment('Dean');
    await screen.findByText('Truck status is unavailable: check the truck is on the road before sending the job out.');
    fireEvent.click(screen.getByRole('button', { name: 'Keep as is' }));
    await expect(dean).resolves.toBe(false);
  });

  it('assigns at once when the driver\'s truck is on the road', async () => {
    act(() => queryClient.setQueryData(VEHICLES, [truck(1, 'Dean', 'active', 109_900), truck(2, 'Matt', 'out_of_service', 100_100)]));
    await expect(confirmTruckAssignment('Dean')).resolves.toBe(true);
    await expect(confirmTruckAssignment('Unassigned')).resolves.toBe(true);
  });

  it('asks first when the driver\'s truck is out of service, and keeps the job as is on Keep', async () => {
    act(() => queryClient.setQueryData(VEHICLES, [truck(1, 'Dean', 'active', 101_000), truck(2, 'Matt', 'out_of_service', 100_100)]));
    const answer = confirmTruckAssignment('Both');
    await screen.findByText('Assign to Both?');
    screen.getByText('Recovery 2 (REC 2) is out of service.');
    fireEvent.click(screen.getByRole('button', { name: 'Keep as is' }));
    await expect(answer).resolves.toBe(false);
    await waitFor(() => expect(screen.queryByText('Assign to Both?')).toBeNull());
  });
});
