import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source.js';
import { createTestDatabase, type TestDatabase } from '@towing/testkit';
import { poolQuery } from './pool-query.js';

describe('poolQuery', () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    // One connection: every statement below meets the statements prepared before it.
    dataSource = await new DataSource({ ...dataSourceOptions(database.url), extra: { max: 1 } }).initialize();
    await dataSource.query(`CREATE TABLE pool_query_rows (id int PRIMARY KEY)`);
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  it('prepares a statement once per connection and runs it again by its name', async () => {
    const query = poolQuery(dataSource);
    const text = `INSERT INTO pool_query_rows (id) VALUES ($1) RETURNING id`;
    expect(await query(text, [1])).toEqual([{ id: 1 }]);
    expect(await query(text, [2])).toEqual([{ id: 2 }]);
    const prepared = await query<{ count: number }>(`SELECT count(*)::int AS count FROM pg_prepared_statements WHERE statement = $1`, [text]);
    expect(prepared).toEqual([{ count: 1 }]);
  });

  it('prepares a statement again when a migration changed the columns it returns, whichever connection runs it', async () => {
    // Two connections, both holding the statement: the one whose run fails is closed by the pool, the other is still stale.
    const pooled = await new DataSource({ ...dataSourceOptions(database.url), extra: { max: 2 } }).initialize();
    try {
      const query = poolQuery(pooled);
      const text = `SELECT * FROM pool_query_rows WHERE id = $1`;
      expect(await Promise.all([query(text, [1]), query(text, [1])])).toEqual([[{ id: 1 }], [{ id: 1 }]]);
      await dataSource.query(`ALTER TABLE pool_query_rows ADD COLUMN note text NOT NULL DEFAULT 'added'`);
      expect(await query(text, [1])).toEqual([{ id: 1, note: 'added' }]);
    } finally {
      await pooled.destroy();
    }
  });
});
