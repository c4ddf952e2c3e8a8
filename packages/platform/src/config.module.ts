import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { Environment } from './environment.js';

export const ENVIRONMENT = Symbol('ENVIRONMENT');

/** Makes the environment, read once at boot, injectable everywhere as ENVIRONMENT. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(environment: Environment): DynamicModule {
    return {
      module: ConfigModule,
      providers: [{ provide: ENVIRONMENT, useValue: environment }],
      exports: [ENVIRONMENT],
    };
  }
}
