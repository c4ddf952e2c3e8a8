import type { Locator, Page } from 'playwright-core';
import { eventually } from '@towing/testkit';
import { useJourney } from './journey.js';
import { chooseOption, OFFICE_PC, signInToBoard } from './browser.js';

const TIMEOUT = 90_000;

describe('fleet: a truck tells dispatch when it is due', () => {
  const journey = useJourney();

  async function openBoard(): Promise<Page> {
    const office = await journey.newContext(OFFICE_PC);
    const board = await office.newPage();
    await signInToBoard(board, journey.stack.api.baseUrl);
    await board.getByRole('tab', { name: 'Fleet' }).click();
    await board.getByRole('button', { name: 'Add Vehicle' }).waitFor();
    return board;
  }

  /** Saves a dialog; a reading the server flags as a jump is confirmed by saving again, as a person would. */
  async function save(dialog: Locator, button = 'Save'): Promise<void> {
    await dialog.getByRole('button', { name: button }).click();
    const warning = dialog.getByText('Press Save again to keep this reading.');
    const outcome = await Promise.race([
      dialog.waitFor({ state: 'detached' }).then(() => 'closed' as const),
      warning.waitFor().then(() => 'flagged' as const),
    ]);
    if (outcome === 'flagged') {
      await dialog.getByRole('button', { name: button }).click();
      await dialog.waitFor({ state: 'detached' });
    }
  }

  /** Where the chart's one bar (its accent colour) lies across the canvas: narrower than the chart and about its middle. */
  async function barSpan(canvas: Locator): Promise<{ whole: boolean; centred: boolean }> {
    return canvas.evaluate((element) => {
      const chart = element as HTMLCanvasElement;
      const pixels = chart.getContext('2d')!.getImageData(0, 0, chart.width, chart.height).data;
      const columns: number[] = [];
      for (let x = 0; x < chart.width; x++) {
        for (let y = 0; y < chart.height; y++) {
          const at = (y * chart.width + x) * 4;
          if (pixels[at] === 194 && pixels[at + 1] === 65 && pixels[at + 2] === 12) {
            columns.push(x);
            break;
          }
        }
      }
      const [left, right] = [Math.min(...columns), Math.max(...columns)];
      const middle = (left + right) / 2;
      return { whole: columns.length > 0 && right - left < chart.width / 3, centred: Math.abs(middle / chart.width - 0.55) < 0.2 };
    });
  }

  const barPercent = async (card: Locator) => Number(await card.getByRole('progressbar').getAttribute('aria-valuenow'));

  it(
    'adds a truck, a service and fuel; the bar and the charts follow, the board flags the truck when it is due, and completing a job records its odometer',
    async () => {
      const board = await openBoard();

      await board.getByRole('button', { name: 'Add Vehicle' }).click();
      let dialog = board.getByRole('dialog', { name: 'Add Vehicle' });
      await dialog.getByLabel('Vehicle name').fill('Recovery 1');
      await dialog.getByLabel('Registration').fill('1FLT 001');
      await dialog.getByLabel('Make').fill('Toyota');
      await dialog.getByLabel('Model').fill('LandCruiser 79');
      await chooseOption(board, 'Vehicle type', '4x4 Recovery', dialog);
      await chooseOption(board, 'Usual driver', 'Dean', dialog);
      await dialog.getByLabel('Odometer now (km)').fill('100000');
      await dialog.getByLabel('Odometer at last service (km)').fill('92000');
      await chooseOption(board, 'Special features', 'Mine Site Approved', dialog);
      await save(dialog, 'Add Vehicle');
      await board.getByText('Vehicle "Recovery 1" added successfully to the business fleet').waitFor();

      const card = board.locator('[data-testid^="vehicle-"]').filter({ hasText: 'Recovery 1' });
      await card.waitFor();
      const id = (await card.getAttribute('data-testid'))!.replace('vehicle-', '');
      expect(await card.getAttribute('data-state')).toBe('active');
      expect(await barPercent(card)).toBe(80);

      await card.getByRole('button', { name: 'View Details' }).click();
      const details = board.getByTestId(`vehicle-details-${id}`);
      await details.getByText('Mine Site Approved').waitFor();
      const fuelChart = board.getByTestId(`fuel-chart-${id}`);
      const costChart = board.getByTestId(`cost-chart-${id}`);
      const monthChart = board.getByTestId(`month-cost-chart-${id}`);
      await fuelChart.getByText('Needs two full fills').waitFor();
      expect(await costChart.getAttribute('data-points')).toBe('0');
      await monthChart.getByText('Needs service, fuel or expense costs').waitFor();

      // A routine service restarts the interval: the bar empties and the cost is counted.
      await card.getByRole('button', { name: 'Add Service' }).click();
      dialog = board.getByRole('dialog', { name: 'Add Service: Recovery 1' });
      await dialog.getByLabel('Serviced by').fill('Pilbara Diesel Karratha');
      await dialog.getByLabel('Odometer at service (km)').fill('100000');
      await dialog.getByLabel('Total cost ($)').fill('845.50');
      await dialog.getByLabel('Description').fill('10,000 km service: oil, filters, grease');
      await save(dialog);
      await board.getByText('Service record added successfully').waitFor();
      await eventually(async () => (await barPercent(card)) === 0, 10_000, 50);
      await board.getByTestId(`fleet-costs-${id}`).getByText('$845.50').first().waitFor();
      // This month's cost is a bar of its own, drawn by the chart library.
      await eventually(async () => (await monthChart.getAttribute('data-points')) === '1', 10_000, 50);
      // This month named under it (not a run of years), the bar whole in the middle of a chart tall enough to read.
      const thisMonth = new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Perth', month: 'short', year: 'numeric' }).format(new Date());
      const canvas = monthChart.getByRole('img', { name: `Cost per month chart, 1 points, ${thisMonth}`, exact: true }).locator('canvas');
      await canvas.waitFor();
      expect((await canvas.boundingBox())!.height).toBeGreaterThanOrEqual(240);
      expect(await barSpan(canvas)).toEqual({ whole: true, centred: true });
      await details.getByText('10,000 km service: oil, filters, grease').waitFor();

      // Two full fills, 500 km apart: the first L/100 km point, and the truck 500 km from its service.
      for (const [odometer, litres, cost] of [
        ['109000', '90', '198'],
        ['109500', '60', '132'],
      ] as const) {
        await card.getByRole('button', { name: 'Add Fuel' }).click();
        dialog = board.getByRole('dialog', { name: 'Add Fuel: Recovery 1' });
        await dialog.getByLabel('Location').fill('Karratha BP');
        await dialog.getByLabel('Litres').fill(litres);
        await dialog.getByLabel('Cost ($)').fill(cost);
        await dialog.getByLabel('Odometer (km)').fill(odometer);
        await save(dialog);
        await board.getByText('Fuel record added successfully').waitFor();
      }
      await eventually(async () => (await fuelChart.getAttribute('data-points')) === '1', 10_000, 50);
      await eventually(async () => (await costChart.getAttribute('data-points')) === '1', 10_000, 50);
      await board.getByTestId(`fleet-costs-${id}`).getByText('12.0 L/100 km').waitFor();
      await eventually(async () => (await card.getAttribute('data-state')) === 'due', 10_000, 50);
      expect(await barPercent(card)).toBe(95);
      await card.getByText('Service Due', { exact: true }).waitFor();

      // The Available Drivers tile on the same board flags Dean's truck.
      const flag = board.getByTestId(`truck-flag-${id}`);
      await flag.waitFor();
      expect(await flag.getAttribute('data-flag')).toBe('due_soon');
      expect(await flag.textContent()).toBe("Dean's Recovery 1: service due soon");

      // The owners are told once.
      await eventually(() => journey.stack.twilio.to('+61491570157').some((sms) => sms.body.includes('Recovery 1 (1FLT 001) is due for its service')), 30_000);

      // Dean completes a job on the board: the odometer of his truck is asked for and kept as a mileage record for the job.
      const admin = await journey.stack.api.adminClient();
      const job = (await admin.post('/api/jobs', { customerName: 'Cape Lambert Port', phone: '0412 111 222', service: '4x4 Recovery', location: 'Cape Lambert' })).body.job as { id: string };
      expect((await admin.request('PATCH', `/api/jobs/${job.id}`, { assignedTo: 'Dean' })).status).toBe(200);
      await board.getByRole('tab', { name: 'Job Management' }).click();
      const row = board.getByTestId(`job-${job.id}`);
      await row.getByRole('button', { name: 'Complete Job' }).click();
      dialog = board.getByRole('dialog', { name: `Odometer after ${job.id}` });
      await dialog.getByText('Recovery 1 (1FLT 001)').waitFor();
      expect(await dialog.getByLabel('Odometer (km)').inputValue()).toBe('109500');
      await dialog.getByLabel('Odometer (km)').fill('109680');
      await save(dialog, 'Save odometer');
      await board.getByText(`109,680 km after ${job.id} (180 km)`).waitFor();
      const trips = (await admin.get(`/api/mileage-records?vehicleId=${id}`)).body as Array<Record<string, unknown>>;
      expect(trips).toEqual([expect.objectContaining({ jobId: job.id, startOdometer: 109_500, endOdometer: 109_680, distance: 180, driver: 'Dean', purpose: '4x4 Recovery' })]);
    },
    TIMEOUT,
  );
});
