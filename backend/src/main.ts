import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApiApplication } from './app.setup.js';
import { bootEnvironment } from './config/boot.js';

const environment = await bootEnvironment('api');
const app = await createApiApplication(environment);
await app.listen(environment.port);
new Logger('Api').log(`Listening on ${environment.publicUrl} (port ${environment.port})`);
