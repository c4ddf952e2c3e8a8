import { Controller, Get } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Email } from '@towing/contracts';
import { Access } from '../common/access.js';
import { EmailEntity } from './email.entity.js';
import { toEmailView } from './notification.view.js';

/** The admin's Contact Messages: every stored email, newest first. */
@Controller('emails')
@Access('admin')
export class EmailsController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get()
  async list(): Promise<Email[]> {
    const emails = await this.dataSource.getRepository(EmailEntity).find({
      order: { timestamp: 'DESC', id: 'DESC' },
      take: 500,
    });
    return emails.map(toEmailView);
  }
}
