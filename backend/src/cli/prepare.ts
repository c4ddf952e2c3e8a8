import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { bootEnvironment, redactUrl } from '@towing/platform';
import { createDatabaseIfMissing, dataSourceOptions, runMigrations } from '@towing/db';
import { ensureAdminAccount } from '../auth/admin-account.js';
import { ensureOwnerDrivers } from '../drivers/owner-drivers.js';

/** Makes the database ready for the API and worker: create, migrate, first admin. */
const environment = await bootEnvironment('prepare');
if (await createDatabaseIfMissing(environment.databaseUrl)) {
  console.log(`[prepare] Created database ${redactUrl(environment.databaseUrl)}`);
}
const applied = await runMigrations(environment.databaseUrl);
console.log(applied.length ? `[prepare] Applied migrations: ${applied.join(', ')}` : '[prepare] Schema is up to date');

const dataSource = await new DataSource(dataSourceOptions(environment.databaseUrl)).initialize();
try {
  const admin = await ensureAdminAccount(dataSource, environment.adminUsername, environment.adminPassword);
  if (admin.generatedPassword) {
    console.log(`[prepare] Created admin "${admin.username}" with password: ${admin.generatedPassword}`);
    console.log('[prepare] This password is shown only once. Set ADMIN_PASSWORD to choose your own.');
  } else if (admin.created) {
    console.log(`[prepare] Created admin "${admin.username}" with the password from ADMIN_PASSWORD`);
  }
  if (environment.nodeEnv === 'development') {
    for (const owner of await ensureOwnerDrivers(dataSource)) {
      console.log(`[prepare] Created owner "${owner.username}" (admin who drives, for /driver) with password: ${owner.generatedPassword} (shown only once)`);
    }
  }
} finally {
  await dataSource.destroy();
}
