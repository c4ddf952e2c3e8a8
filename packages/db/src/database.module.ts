import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions, type PoolOptions } from './data-source.js';

/** The persistence layer the API and the worker share. */
@Module({})
export class DatabaseModule {
  static forRoot(databaseUrl: string, pool?: PoolOptions): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [TypeOrmModule.forRoot({ ...dataSourceOptions(databaseUrl, pool), retryAttempts: 0 })],
    };
  }
}
