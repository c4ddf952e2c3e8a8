// `npm run db:backup`: a pg_dump (custom format) of DATABASE_URL into BACKUP_DIR, older ones
// past BACKUP_KEEP_DAYS removed. `npm run db:restore -- FILE [--into URL] [--force]`: restores
// it into DATABASE_URL or URL, creating the database if missing; refuses one that has tables
// unless --force. The same module makes the worker's nightly backup.
import { parseArgs } from 'node:util';
import { backupDatabase, EnvironmentError, loadEnvironment, RestoreRefused, restoreDatabase } from '@towing/platform';

const [command, ...rest] = process.argv.slice(2);

function environment() {
  try {
    return loadEnvironment();
  } catch (error) {
    if (!(error instanceof EnvironmentError)) throw error;
    console.error(`[db:${command}] ${error.message}`);
    process.exit(1);
  }
}

try {
  if (command === 'backup') {
    const { databaseUrl, backup } = environment();
    const result = await backupDatabase({ databaseUrl, ...backup });
    console.log(`[db:backup] ${result.file} (${result.bytes} bytes)`);
    for (const name of result.removed) console.log(`[db:backup] removed ${name}, older than ${backup.keepDays} days`);
  } else if (command === 'restore') {
    const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { into: { type: 'string' }, force: { type: 'boolean', default: false } } });
    if (positionals.length !== 1) {
      console.error('Usage: npm run db:restore -- FILE [--into postgres://…/name] [--force]');
      process.exit(2);
    }
    const databaseUrl = values.into ?? environment().databaseUrl;
    const { created } = await restoreDatabase({ file: positionals[0], databaseUrl, force: values.force });
    console.log(`[db:restore] ${positionals[0]} restored into ${new URL(databaseUrl).pathname.slice(1)}${created ? ' (created)' : ''}`);
  } else {
    console.error('Usage: node scripts/db/backup.mjs backup|restore …');
    process.exit(2);
  }
} catch (error) {
  console.error(`[db:${command}] ${error instanceof RestoreRefused ? error.message : error.stderr?.trim() || error.message}`);
  process.exit(1);
}
