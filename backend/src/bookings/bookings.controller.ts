import { Body, Controller, HttpCode, Param, Query } from '@nestjs/common';
import type { ApprovedBooking, Booking } from '@towing/contracts';
import { Access } from '../common/access.js';
import { Endpoint } from '../common/endpoint.js';
import { IdParamPipe } from '../common/id-param.pipe.js';
import { RateLimit } from '../rate-limit/rate-limit.js';
import { BookingsService } from './bookings.service.js';
import { BookingsQueryDto } from './dto/bookings-query.dto.js';
import { CreateBookingDto } from './dto/create-booking.dto.js';

@Controller()
export class BookingsController {
  constructor(private readonly bookings: BookingsService) {}

  /** Anyone may book; the limit stops a script from filling the dispatch queue. */
  @Endpoint('POST /api/bookings')
  @Access('public')
  @RateLimit({ name: 'bookings', points: 20, windowSeconds: 900 })
  @HttpCode(201)
  create(@Body() dto: CreateBookingDto): Promise<Booking> {
    return this.bookings.create(dto);
  }

  @Endpoint('GET /api/bookings')
  @Access('admin')
  list(@Query() query: BookingsQueryDto): Promise<Booking[]> {
    return this.bookings.list(query.status);
  }

  @Endpoint('POST /api/bookings/:id/approve')
  @Access('admin')
  @HttpCode(200)
  approve(@Param('id', IdParamPipe) id: number): Promise<ApprovedBooking> {
    return this.bookings.approve(id);
  }
}
