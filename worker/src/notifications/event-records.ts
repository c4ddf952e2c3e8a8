import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityTarget, type FindOptionsWhere, type ObjectLiteral } from 'typeorm';

/**
 * Loads what an event names. A record deleted before its event was handled leaves no one to
 * tell: the handler gets null and the log says so, once, the same way for every event.
 */
@Injectable()
export class EventRecords {
  private readonly logger = new Logger(EventRecords.name);

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async find<E extends ObjectLiteral>(entity: EntityTarget<E>, where: FindOptionsWhere<E>, what: string): Promise<E | null> {
    return this.found(what, this.dataSource.getRepository(entity).findOneBy(where));
  }

  /** `what` ("Job JOB-2026-7") is logged as gone when `loading` finds nothing. */
  async found<T>(what: string, loading: Promise<T | null>): Promise<T | null> {
    const record = await loading;
    if (!record) this.logger.warn(`${what} no longer exists; nothing to send`);
    return record;
  }
}
