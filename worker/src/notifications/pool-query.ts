import type { DataSource } from 'typeorm';

/** What of pg's Pool plain SQL needs. */
interface Pool {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

/** A statement's rows, read as pg reads them. */
export type PoolQuery = <R>(text: string, values: unknown[]) => Promise<R[]>;

/**
 * Plain SQL on the data source's own pool (its connections and its limit), for the statements
 * an SOS flood runs for every SOS: TypeORM's query runner around each (made, connected, its
 * events broadcast, released) costs more than passing the statement on.
 */
export function poolQuery(dataSource: DataSource): PoolQuery {
  const pool = (dataSource.driver as unknown as { master: Pool }).master;
  return async <R>(text: string, values: unknown[]) => (await pool.query(text, values)).rows as R[];
}
