import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import { fieldError } from '../common/errors.js';

/** A held source in the path is the 64-hex hash the list gave out; anything else is a 400 before the database. */
@Injectable()
export class SourceParamPipe implements PipeTransform<unknown, string> {
  transform(value: unknown, metadata: ArgumentMetadata): string {
    if (typeof value === 'string' && /^[0-9a-f]{64}$/.test(value)) return value;
    throw fieldError(400, metadata.data ?? 'source', 'must be a held source as GET /api/sos-holds lists it');
  }
}
