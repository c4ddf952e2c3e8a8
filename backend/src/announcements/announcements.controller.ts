import { Body, Controller, HttpCode, Param, Query, Req } from '@nestjs/common';
import type { Announcement } from '@towing/contracts';
import type { AuthenticatedRequest } from '../auth/access.guard.js';
import { Access } from '../common/access.js';
import { Endpoint } from '../common/endpoint.js';
import { forbidden, unauthorized } from '../common/errors.js';
import { IdParamPipe } from '../common/id-param.pipe.js';
import { AnnouncementsService } from './announcements.service.js';
import { AnnouncementInputDto, AnnouncementsQueryDto } from './dto/announcement-input.dto.js';

@Controller()
export class AnnouncementsController {
  constructor(private readonly announcements: AnnouncementsService) {}

  /**
   * `?active=true` is the public site's list; without it this is the admin's full list, so
   * the route is public and the admin check for the full list is made here.
   */
  @Endpoint('GET /api/announcements')
  @Access('public')
  list(@Query() query: AnnouncementsQueryDto, @Req() request: AuthenticatedRequest): Promise<Announcement[]> {
    if (query.active === 'true') return this.announcements.listActive();
    if (!request.user) throw unauthorized('Please sign in');
    if (request.user.role !== 'admin') throw forbidden('Only staff can do this');
    return this.announcements.list();
  }

  @Endpoint('POST /api/announcements')
  @Access('admin')
  @HttpCode(201)
  create(@Body() dto: AnnouncementInputDto, @Req() request: AuthenticatedRequest): Promise<Announcement> {
    return this.announcements.create(dto, request.user?.username ?? 'admin');
  }

  @Endpoint('PUT /api/announcements/:id')
  @Access('admin')
  replace(@Param('id', IdParamPipe) id: number, @Body() dto: AnnouncementInputDto): Promise<Announcement> {
    return this.announcements.replace(id, dto);
  }

  @Endpoint('DELETE /api/announcements/:id')
  @Access('admin')
  @HttpCode(204)
  remove(@Param('id', IdParamPipe) id: number): Promise<void> {
    return this.announcements.remove(id);
  }
}
