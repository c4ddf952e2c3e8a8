import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';

/**
 * An entity's columns as a SELECT or RETURNING list, each under its property's name, so a row
 * that plain SQL reads is the entity (pg reads each type as TypeORM does): what a query builder
 * and its hydration would give, without their cost on a path an SOS flood runs for every SOS.
 * Columns ordinary reads leave out (`select: false`) are left out unless named in `also`.
 */
export function selectedColumns<E extends ObjectLiteral>(dataSource: DataSource, target: EntityTarget<E>, also: Array<keyof E & string> = []): string {
  return dataSource
    .getMetadata(target)
    .columns.filter((column) => column.isSelect || also.includes(column.propertyName))
    .map((column) => `${column.databaseName} AS "${column.propertyName}"`)
    .join(', ');
}
