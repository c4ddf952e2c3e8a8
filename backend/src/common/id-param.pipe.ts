import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import { invalidFields } from './errors.js';

/** The largest PostgreSQL `integer` (serial ids): a bigger one would fail in the database (22003) as a 500. */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * A numeric row id from the path (`@Param('id', IdParamPipe)`): a whole number from 1 to
 * MAX_ROW_ID, or a 400 naming the parameter before anything reaches the database.
 */
@Injectable()
export class IdParamPipe implements PipeTransform<unknown, number> {
  transform(value: unknown, metadata: ArgumentMetadata): number {
    // The global ValidationPipe has usually turned a `number` parameter into one already.
    const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
    if (Number.isInteger(id) && id >= 1 && id <= MAX_ROW_ID) return id;
    throw invalidFields([{ field: metadata.data ?? 'id', message: `must be a whole number from 1 to ${MAX_ROW_ID}` }]);
  }
}
