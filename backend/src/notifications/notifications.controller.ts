import { Controller, Get, Query } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { DataSource } from 'typeorm';
import type { Notification } from '@towing/contracts';
import { Access } from '../common/access.js';
import { NotificationEntity } from './notification.entity.js';
import { toNotificationView } from './notification.view.js';

class NotificationsQuery {
  @IsOptional() @IsString() @MaxLength(32) jobId?: string;
}

/** The delivery log: every email and SMS the system tried, newest first. */
@Controller('notifications')
@Access('admin')
export class NotificationsController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get()
  async list(@Query() query: NotificationsQuery): Promise<Notification[]> {
    const notifications = await this.dataSource.getRepository(NotificationEntity).find({
      where: query.jobId ? { jobId: query.jobId } : {},
      order: { createdAt: 'DESC', id: 'DESC' },
      take: 500,
    });
    return notifications.map(toNotificationView);
  }
}
