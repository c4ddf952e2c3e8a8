import { Controller, Query } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { IsString, MaxLength } from 'class-validator';
import { DataSource } from 'typeorm';
import type { Notification, NotificationsQuery } from '@towing/contracts';
import { NotificationEntity, toNotificationView } from '@towing/db';
import { Optional } from '../common/dto-rules.js';
import { Access } from '../common/access.js';
import { Endpoint } from '../common/endpoint.js';

class NotificationsQueryDto implements NotificationsQuery {
  @Optional() @IsString() @MaxLength(32) jobId?: string;
}

/** The delivery log: every email and SMS the system tried, newest first. */
@Controller()
@Access('admin')
export class NotificationsController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Endpoint('GET /api/notifications')
  async list(@Query() query: NotificationsQueryDto): Promise<Notification[]> {
    const notifications = await this.dataSource.getRepository(NotificationEntity).find({
      where: query.jobId ? { jobId: query.jobId } : {},
      order: { createdAt: 'DESC', id: 'DESC' },
      take: 500,
    });
    return notifications.map(toNotificationView);
  }
}
