// A process that logs as the API and worker do (createLogger, JSON): one line once started, then
// nothing until SIGTERM, when it logs its last lines and exits at once. logging.int-spec.ts runs it.
import { createLogger } from '../dist/index.js';

const logger = createLogger('logging-process', { format: 'json', level: 'info' });
logger.info('started');
process.once('SIGTERM', () => {
  for (let line = 1; line <= 3; line += 1) logger.info(`last line ${line}`);
  process.exit(0);
});
setInterval(() => undefined, 60_000);
