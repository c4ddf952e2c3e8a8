import { IsIn } from 'class-validator';
import { ACCOUNTING_EXPORT_FORMATS, type AccountingExportFormat, type AccountingExportQuery } from '@towing/contracts';
import { Day } from '../../fleet/dto/fleet-rules.js';

export class AccountingExportQueryDto implements AccountingExportQuery {
  @Day('from must be a date written YYYY-MM-DD') from!: string;
  @Day('to must be a date written YYYY-MM-DD') to!: string;
  @IsIn(ACCOUNTING_EXPORT_FORMATS, { message: `format must be one of ${ACCOUNTING_EXPORT_FORMATS.join(', ')}` }) format!: AccountingExportFormat;
}
