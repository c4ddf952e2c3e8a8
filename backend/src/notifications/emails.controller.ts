import { Controller } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Email } from '@towing/contracts';
import { NotificationEntity, toContactMessageView } from '@towing/db';
import { Access } from '../common/access.js';
import { Endpoint } from '../common/endpoint.js';

/** The admin's Contact Messages: every email of the notifications log, newest first. */
@Controller()
@Access('admin')
export class EmailsController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Endpoint('GET /api/emails')
  async list(): Promise<Email[]> {
    const emails = await this.dataSource.getRepository(NotificationEntity).find({
      where: { type: 'email' },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: 500,
    });
    return emails.map(toContactMessageView);
  }
}
