import pg from 'pg';
import { createTestDatabase, restoreDatabase, snapshotDatabase, type TestDatabase } from './database.js';

describe('restoreDatabase', () => {
  let database: TestDatabase;
  let client: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await database?.drop();
  });

  const count = async (table: string) => Number((await client.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
  const users = async () => (await client.query('SELECT id, username, first_name FROM users ORDER BY id')).rows;
  const addUser = async (username: string) =>
    (await client.query(`INSERT INTO users (username, email, password) VALUES ($1, $2, 'x') RETURNING id`, [username, `${username}@towing.test`])).rows[0].id;

  it('puts back every row and every sequence as the snapshot found them, and takes away what came after', async () => {
    const snapshot = await snapshotDatabase(database.url);
    const before = await users();
    // The template holds the test admin: the snapshot has a row to put back.
    expect(before).toHaveLength(1);
    // What a test file leaves: a row in a table empty before, a changed and an added user, sequences moved on.
    const addedId = await addUser('dispatcher2');
    await client.query(`UPDATE users SET first_name = 'Changed' WHERE id = $1`, [before[0].id]);
    await client.query(`INSERT INTO announcements (title, message) VALUES ('Road closed', 'Nanutarra')`);
    await client.query(`SELECT nextval('job_number_seq')`);

    await restoreDatabase(database.url, snapshot);

    expect(await users()).toEqual(before);
    expect(await count('announcements')).toBe(0);
    // Every sequence stands where the snapshot found it: a serial id and a job number are drawn again.
    expect(await addUser('dispatcher3')).toBe(addedId);
    const { rows: [{ drawn }] } = await client.query(`SELECT nextval('job_number_seq')::text AS drawn`);
    await restoreDatabase(database.url, snapshot);
    expect((await client.query(`SELECT nextval('job_number_seq')::text AS again`)).rows[0].again).toBe(drawn);
  });
});
