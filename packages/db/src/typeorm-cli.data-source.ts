import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source.js';

/** For the TypeORM CLI (migration:generate) run against the compiled code. */
export default new DataSource(
  dataSourceOptions(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/towing_migrations'),
);
