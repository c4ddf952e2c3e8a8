import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '@towing/testkit';
import { dataSourceOptions } from './data-source.js';
import { MIGRATIONS } from './migrations/index.js';
import { Hardening1795424188396 } from './migrations/1795424188396-hardening.js';
import { SosAsData1795440000000 } from './migrations/1795440000000-sos-as-data.js';

const SERVER_URL = process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432';

async function onServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${SERVER_URL}/postgres` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A database migrated up to (not including) the given migration. */
async function migratedUpTo(migration: (typeof MIGRATIONS)[number]): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `towing_test_${randomBytes(6).toString('hex')}`;
  await onServer(`CREATE DATABASE ${name}`);
  const url = `${SERVER_URL}/${name}`;
  const before = new DataSource({ ...dataSourceOptions(url), migrations: MIGRATIONS.slice(0, MIGRATIONS.indexOf(migration)) });
  await before.initialize();
  await before.runMigrations();
  await before.destroy();
  return { url, drop: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

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
        'account_jobs', 'claim_codes',
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
    await expect(insertUser('DUP', 'c@example.com')).rejects.toThrow(/users_username_lower_unique/);
    await insertUser('other', 'A@Example.com');
    await insertUser('another', 'a@example.com');
  });

  it('resolve existing case twins: the first account (an admin first) keeps its name, the look-alikes are renamed and disabled', async () => {
    const old = await migratedUpTo(Hardening1795424188396);
    const client = new pg.Client({ connectionString: old.url });
    await client.connect();
    try {
      const insert = (username: string, email: string, role: string) =>
        client.query(`INSERT INTO users (username, password, email, role) VALUES ($1, 'x', $2, $3) RETURNING id`, [username, email, role]);
      await insert('Kim', 'kim@example.com', 'customer');
      await insert('ADMIN', 'fake@example.com', 'customer');
      await insert('admin', 'office@example.com', 'admin');
      await insert('kim', 'KIM@example.com', 'customer');
      const after = new DataSource(dataSourceOptions(old.url));
      await after.initialize();
      await after.runMigrations();
      const users = (await after.query(`SELECT username, email, is_active FROM users ORDER BY id`)) as Array<{ username: string; email: string; is_active: boolean }>;
      await after.destroy();
      expect(users).toEqual([
        { username: 'Kim', email: 'kim@example.com', is_active: true },
        { username: expect.stringMatching(/^ADMIN~\d+$/), email: 'fake@example.com', is_active: false },
        { username: 'admin', email: 'office@example.com', is_active: true },
        { username: expect.stringMatching(/^kim~\d+$/), email: expect.stringMatching(/^KIM@example\.com~\d+$/), is_active: false },
      ]);
    } finally {
      await client.end();
      await old.drop();
    }
  });

  it('move an SOS written into its notes into the vehicle, situation and fix columns, leaving only what a person wrote', async () => {
    const old = await migratedUpTo(SosAsData1795440000000);
    const client = new pg.Client({ connectionString: old.url });
    await client.connect();
    try {
      const created = '2025-03-01T02:00:00.000Z';
      const insertJob = (id: string, notes: string | null, gps: [number, number] | null = null) =>
        client.query(
          `INSERT INTO jobs (id, customer_name, phone, service, location, notes, gps_lat, gps_lng, tracking_token, created_at, updated_at)
           VALUES ($1, 'Kim', '0412 345 678', '4x4 Recovery', 'Somewhere', $2, $3, $4, $1, $5, $5)`,
          [id, notes, gps?.[0] ?? null, gps?.[1] ?? null, created],
        );
      // The SOS command wrote these notes; a dispatcher added a line later.
      await insertJob('JOB-M-1', 'EMERGENCY RECOVERY REQUEST\nVehicle: Hilux\nSituation: Bogged to the axles\nCalled back 10:05', [-21.7145, 117.9542]);
      // The spec's payload, with the fix and map link in the text and nothing else added.
      await insertJob(
        'JOB-M-2',
        'EMERGENCY RECOVERY REQUEST\nGPS: -20.736812, 116.846254\nVehicle: Not specified\nSituation: Emergency recovery needed\nGoogle Maps: https://maps.google.com/?q=-20.736812,116.846254',
      );
      // An approved booking: its vehicle was appended to the description.
      await insertJob('JOB-M-3', 'Service due\nVehicle: Ranger PX3');
      await client.query(
        `INSERT INTO bookings (customer_name, phone, email, service, location, preferred_date, preferred_time, description, vehicle_details, status, job_id)
         VALUES ('Kim', '0412 345 678', 'kim@example.com', 'Engine Service', 'Karratha', '2031-03-04', '14:30', 'Service due', 'Ranger PX3', 'approved', 'JOB-M-3')`,
      );
      // What a person typed stays as it is, even when it looks like a field.
      await insertJob('JOB-M-4', 'Vehicle: Prado, keys with the neighbour');

      const after = new DataSource(dataSourceOptions(old.url));
      await after.initialize();
      await after.runMigrations();
      const jobs = (await after.query(
        `SELECT id, vehicle, situation, notes, gps_lat, gps_lng, gps_fixed_at, updated_at FROM jobs ORDER BY id`,
      )) as Array<Record<string, unknown>>;
      await after.destroy();
      const at = new Date(created);
      expect(jobs).toEqual([
        { id: 'JOB-M-1', vehicle: 'Hilux', situation: 'Bogged to the axles', notes: 'Called back 10:05', gps_lat: -21.7145, gps_lng: 117.9542, gps_fixed_at: null, updated_at: at },
        { id: 'JOB-M-2', vehicle: 'Not specified', situation: 'Emergency recovery needed', notes: null, gps_lat: -20.736812, gps_lng: 116.846254, gps_fixed_at: at, updated_at: at },
        { id: 'JOB-M-3', vehicle: 'Ranger PX3', situation: null, notes: 'Service due', gps_lat: null, gps_lng: null, gps_fixed_at: null, updated_at: at },
        { id: 'JOB-M-4', vehicle: null, situation: null, notes: 'Vehicle: Prado, keys with the neighbour', gps_lat: null, gps_lng: null, gps_fixed_at: null, updated_at: at },
      ]);
    } finally {
      await client.end();
      await old.drop();
    }
  });
});
