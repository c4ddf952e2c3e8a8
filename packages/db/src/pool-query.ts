import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';

/** What of pg's Pool plain SQL needs. */
interface Pool {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/** What PostgreSQL says when a prepared statement's columns changed under it (SQLSTATE 0A000). */
const isStalePlan = (error: unknown) => (error as { code?: string }).code === '0A000' && /cached plan must not change result type/.test(String((error as Error).message));

/** A statement's rows, read as pg reads them. */
export type PoolQuery = <R>(text: string, values: unknown[]) => Promise<R[]>;

/**
 * Plain SQL on the data source's own pool (its connections and its limit), outside any
 * transaction, for the statements an SOS flood runs for every SOS (the API's job insert, the
 * worker's reads and notification rows): TypeORM's query runner around each (made, connected,
 * its events broadcast, released) costs more than passing the statement on.
 *
 * Each statement is a named (prepared) one, named after its text: a connection parses it once
 * and PostgreSQL can keep its plan, where an unnamed statement is parsed and planned again every
 * time (about a third of the database's time per SOS went to that). So only a bounded set of
 * texts comes here: the job insert's varies with the steps it takes (an account link or not) and
 * the notification insert's with its number of rows, and no more.
 * A prepared `SELECT *` or `RETURNING *` fails once a migration changes its table's columns
 * ("cached plan must not change result type"): the statement is then prepared again under a new
 * name (the pool's other connections still hold the old one), so a worker that outlived a
 * migration goes on.
 */
export function poolQuery(dataSource: DataSource): PoolQuery {
  const pool = (dataSource.driver as unknown as { master: Pool }).master;
  const digests = new Map<string, string>();
  /** Bumped when a statement went stale: every name is new from then on, on every connection. */
  let generation = 0;
  const nameOf = (text: string) => {
    let digest = digests.get(text);
    if (!digest) digests.set(text, (digest = createHash('sha1').update(text).digest('hex')));
    return `towing-${generation}-${digest}`;
  };
  return async <R>(text: string, values: unknown[]) => {
    try {
      return (await pool.query({ name: nameOf(text), text, values })).rows as R[];
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      generation += 1;
      return (await pool.query({ name: nameOf(text), text, values })).rows as R[];
    }
  };
}
