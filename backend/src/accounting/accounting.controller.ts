import { Controller, Query, StreamableFile } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Between, DataSource } from 'typeorm';
import { perthDayStart } from '@towing/contracts';
import { InvoiceEntity } from '@towing/db';
import { Access } from '../common/access.js';
import { Endpoint } from '../common/endpoint.js';
import { fieldError } from '../common/errors.js';
import { AccountingExportQueryDto } from './dto/accounting-export-query.dto.js';
import { plainCsv, xeroCsv } from './invoice-export.js';

const DAY_MS = 24 * 60 * 60 * 1000;

@Controller()
@Access('admin')
export class AccountingController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Invoices issued from `from` to `to` (Perth days, both included), oldest first, as CSV. */
  @Endpoint('GET /api/accounting/invoices.csv')
  async invoices(@Query() query: AccountingExportQueryDto): Promise<StreamableFile> {
    if (query.to < query.from) throw fieldError(400, 'to', 'to must be on or after from');
    const end = new Date(perthDayStart(query.to).getTime() + DAY_MS - 1);
    const invoices = await this.dataSource.getRepository(InvoiceEntity).find({
      where: { issuedAt: Between(perthDayStart(query.from), end) },
      order: { issuedAt: 'ASC', id: 'ASC' },
    });
    const text = query.format === 'xero' ? xeroCsv(invoices) : plainCsv(invoices);
    const bytes = Buffer.from(text, 'utf8');
    const filename = `invoices-${query.format}-${query.from}-to-${query.to}.csv`;
    return new StreamableFile(bytes, { type: 'text/csv; charset=utf-8', disposition: `attachment; filename="${filename}"`, length: bytes.length });
  }
}
