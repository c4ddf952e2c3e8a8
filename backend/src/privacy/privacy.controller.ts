import { Body, Controller, HttpCode, Logger, Query } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type PrivacyErasure, type PrivacyExport, toE164 } from '@towing/contracts';
import { eraseSubject, exportSubject, type PrivacySubject } from '@towing/db';
import { Access } from '../common/access.js';
import { Endpoint } from '../common/endpoint.js';
import { fieldError } from '../common/errors.js';
import { PrivacySubjectDto } from './dto/privacy-subject.dto.js';

function subjectOf(dto: PrivacySubjectDto): PrivacySubject {
  if (!dto.phone && !dto.email) throw fieldError(400, 'phone', 'Give a phone number or an email address');
  return {
    ...(dto.phone ? { phone: { typed: dto.phone.trim(), e164: toE164(dto.phone) } } : {}),
    ...(dto.email ? { email: dto.email.trim() } : {}),
  };
}

/** A person's right to see and to erase what the business holds about them; staff act on a request. */
@Controller()
@Access('admin')
export class PrivacyController {
  private readonly logger = new Logger(PrivacyController.name);

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Endpoint('GET /api/privacy/export')
  async export(@Query() query: PrivacySubjectDto): Promise<PrivacyExport> {
    const subject = subjectOf(query);
    const records = await this.dataSource.transaction('REPEATABLE READ', (manager) => exportSubject(manager, subject));
    return { subject: { phone: query.phone, email: query.email }, exportedAt: new Date().toISOString(), records };
  }

  @Endpoint('POST /api/privacy/erase')
  @HttpCode(200)
  async erase(@Body() body: PrivacySubjectDto): Promise<PrivacyErasure> {
    const erased = await this.dataSource.transaction((manager) => eraseSubject(manager, subjectOf(body)));
    // The log says what was done, never whose details they were.
    this.logger.log(`Erased a customer: ${erased.jobsAnonymised} job(s), ${erased.photosRemoved} photo(s), ${erased.recordsAnonymised} other record(s); ${erased.invoicesKept} invoice(s) kept`);
    return erased;
  }
}
