import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post, Query } from '@nestjs/common';
import type { Booking } from '@towing/contracts';
import { Access } from '../common/access.js';
import { RateLimit } from '../rate-limit/rate-limit.js';
import { type ApprovedBooking, BookingsService } from './bookings.service.js';
import { BookingsQueryDto } from './dto/bookings-query.dto.js';
import { CreateBookingDto } from './dto/create-booking.dto.js';

@Controller('bookings')
export class BookingsController {
  constructor(private readonly bookings: BookingsService) {}

  /** Anyone may book; the limit stops a script from filling the dispatch queue. */
  @Post()
  @Access('public')
  @RateLimit({ name: 'bookings', points: 20, windowSeconds: 900 })
  @HttpCode(201)
  create(@Body() dto: CreateBookingDto): Promise<Booking> {
    return this.bookings.create(dto);
  }

  @Get()
  @Access('admin')
  list(@Query() query: BookingsQueryDto): Promise<Booking[]> {
    return this.bookings.list(query.status);
  }

  @Post(':id/approve')
  @Access('admin')
  @HttpCode(200)
  approve(@Param('id', ParseIntPipe) id: number): Promise<ApprovedBooking> {
    return this.bookings.approve(id);
  }
}
