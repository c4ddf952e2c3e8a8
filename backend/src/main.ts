import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { bootEnvironment } from '@towing/platform';
import { createApiApplication } from './app.setup.js';

const environment = await bootEnvironment('api');
const app = await createApiApplication(environment);
await app.listen(environment.port);
new Logger('Api').log(`Listening on ${environment.publicUrl} (port ${environment.port})`);
