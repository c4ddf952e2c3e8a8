import { averageResponseMinutes, DRIVERS, type JobStatus, type LiveStats, RESPONDING_JOBS_THAT_COUNT } from '@towing/contracts';
import { useSharedApi } from '../testing/use-shared-api.js';

describe('GET /api/stats/live', () => {
  const api = useSharedApi();
  let written = 0;

  /** Writes jobs as rows, `held` ones as SOS held back from their burst. */
  async function jobsOf(status: JobStatus, count: number, held = false): Promise<void> {
    for (let i = 0; i < count; i += 1) {
      written += 1;
      await api.dataSource.query(
        `INSERT INTO jobs (id, customer_name, phone, status, service, location, tracking_token, held_at) VALUES ($1, 'Stats', '0412 000 001', $2, '4x4 Recovery', 'Karratha', $3, $4)`,
        [`JOB-STATS-${written}`, status, `stats-token-${written}`, held ? new Date() : null],
      );
    }
  }

  const liveStats = async (): Promise<LiveStats> => {
    const response = await api.client().get('/api/stats/live');
    expect(response.status).toBe(200);
    return response.body as LiveStats;
  };

  it('counts the active jobs and the responding ones, but no held SOS, and stops counting where the average response stops moving', async () => {
    expect(await liveStats()).toEqual({ availableDrivers: DRIVERS.default, averageResponseMinutes: 21, activeJobs: 0 });

    await jobsOf('Assigned', 1);
    await jobsOf('En Route', 1);
    await jobsOf('Emergency', 2, true);
    await jobsOf('Cancelled', 1, true);
    await jobsOf('Cancelled', 1);
    await jobsOf('Completed', RESPONDING_JOBS_THAT_COUNT - 2);
    // Active: Assigned and En Route. Responding: En Route and the Completed ones, one short of the cap.
    expect(await liveStats()).toEqual({ availableDrivers: DRIVERS.default, averageResponseMinutes: averageResponseMinutes(RESPONDING_JOBS_THAT_COUNT - 1), activeJobs: 2 });

    await jobsOf('Completed', 1);
    expect((await liveStats()).averageResponseMinutes).toBe(45);
    await jobsOf('In Progress', 1);
    await jobsOf('Completed', 5);
    expect(await liveStats()).toEqual({ availableDrivers: DRIVERS.default, averageResponseMinutes: 45, activeJobs: 3 });
  });
});
