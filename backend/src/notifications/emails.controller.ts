import { Controller } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Email } from '@towing/contracts';
import { EmailEntity, toEmailView } from '@towing/db';
import { Access } from '../common/access.js';
import { Endpoint } from '../common/endpoint.js';

/** The admin's Contact Messages: every stored email, newest first. */
@Controller()
@Access('admin')
export class EmailsController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Endpoint('GET /api/emails')
  async list(): Promise<Email[]> {
    const emails = await this.dataSource.getRepository(EmailEntity).find({
      order: { timestamp: 'DESC', id: 'DESC' },
      take: 500,
    });
    return emails.map(toEmailView);
  }
}
