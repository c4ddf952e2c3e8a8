import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';

/**
 * The entities a write answered with (`RETURNING *`), read as TypeORM reads rows: one round trip
 * where a write and a read-back took two, which counts when an SOS flood sends a message a
 * millisecond.
 */
export function returnedEntities<T extends ObjectLiteral>(dataSource: DataSource, target: EntityTarget<T>, raw: unknown): T[] {
  const metadata = dataSource.getMetadata(target);
  return (raw as Array<Record<string, unknown>>).map((row) => {
    const entity = metadata.create() as T;
    for (const column of metadata.columns) column.setEntityValue(entity, dataSource.driver.prepareHydratedValue(row[column.databaseName], column));
    return entity;
  });
}
