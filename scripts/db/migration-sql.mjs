// `npm run db:migration-sql`: prints the SQL that would bring a database migrated by the
// compiled migrations to the schema the compiled entities describe, i.e. the body of the
// next migration. Build first (`npx tsc -b`). Works on a throwaway clone of the test template.
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '@towing/db';
import { createTestDatabase } from '@towing/testkit';

const database = await createTestDatabase();
const dataSource = await new DataSource(dataSourceOptions(database.url)).initialize();
try {
  const { upQueries, downQueries } = await dataSource.driver.createSchemaBuilder().log();
  if (upQueries.length === 0) console.log('-- The migrations already build the entities\' schema.');
  for (const query of upQueries) console.log(`up:   ${query.query}`);
  for (const query of downQueries.reverse()) console.log(`down: ${query.query}`);
} finally {
  await dataSource.destroy();
  await database.drop();
}
