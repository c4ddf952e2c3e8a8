import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { dataSourceOptions } from './data-source.js';

describe('migrations', () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await new DataSource(dataSourceOptions(database.url)).initialize();
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  it('build exactly the schema the entities describe', async () => {
    const pending = await dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((query) => query.query)).toEqual([]);
  });

  it('create every table of the data model', async () => {
    const rows: Array<{ table_name: string }> = await dataSource.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    expect(rows.map((row) => row.table_name)).toEqual(
      expect.arrayContaining([
        'users', 'sessions', 'announcements', 'contact_submissions', 'jobs', 'job_updates', 'emails', 'bookings',
        'feedback', 'quotes', 'vehicles', 'service_records', 'fuel_records', 'mileage_records', 'fleet_expenses',
        'notifications', 'notification_preferences', 'invoices', 'outbox', 'settings', 'testimonials', 'fleet_inquiries',
      ]),
    );
  });

  it('enforce the spec constraints in the database itself', async () => {
    const insertJob = (id: string, progress: number) =>
      dataSource.query(
        `INSERT INTO jobs (id, customer_name, phone, service, location, progress, tracking_token) VALUES ($1, 'A', '0412', 'S', 'L', $2, $1)`,
        [id, progress],
      );
    await expect(insertJob('JOB-T-1', 101)).rejects.toThrow(/jobs_progress_range/);
    await insertJob('JOB-T-2', 100);
    const insertUser = (username: string, email: string) =>
      dataSource.query(`INSERT INTO users (username, password, email) VALUES ($1, 'x', $2)`, [username, email]);
    await insertUser('dup', 'a@example.com');
    await expect(insertUser('dup', 'b@example.com')).rejects.toThrow(/duplicate key/);
    await expect(insertUser('other', 'a@example.com')).rejects.toThrow(/duplicate key/);
  });
});
