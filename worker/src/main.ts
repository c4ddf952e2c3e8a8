import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { bootEnvironment, SHUTDOWN_WRITES_LOGS } from '@towing/platform';
import { createWorkerApplication } from './worker.setup.js';

const environment = await bootEnvironment('worker');
const app = await createWorkerApplication(environment);
app.enableShutdownHooks(undefined, SHUTDOWN_WRITES_LOGS);
await app.init();
new Logger('Worker').log('Consuming domain events');
