import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type ApprovedBooking, type Booking, type BookingStatus, perthInstant, textOrNull, toE164 } from '@towing/contracts';
import { BookingEntity, toBookingView, toJobView } from '@towing/db';
import { conflict, notFound } from '../common/errors.js';
import { JobsService } from '../jobs/jobs.service.js';
import { TransactionRunner } from '../outbox/transaction.runner.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import type { CreateBookingDto } from './dto/create-booking.dto.js';

@Injectable()
export class BookingsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
    private readonly realtime: RealtimeService,
    private readonly jobs: JobsService,
  ) {}

  create(dto: CreateBookingDto): Promise<Booking> {
    return this.transactions.run(async (unit) => {
      const bookings = unit.manager.getRepository(BookingEntity);
      const saved = await bookings.save(
        bookings.create({
          customerName: dto.customerName.trim(),
          phone: dto.phone.trim(),
          phoneE164: toE164(dto.phone),
          email: dto.email.trim(),
          service: dto.service,
          location: dto.location.trim(),
          preferredDate: dto.preferredDate,
          preferredTime: dto.preferredTime,
          urgency: dto.urgency ?? 'scheduled',
          description: dto.description.trim(),
          vehicleDetails: textOrNull(dto.vehicleDetails),
          status: 'pending',
        }),
      );
      await unit.record('booking.created', { bookingId: saved.id });
      const view = toBookingView(await bookings.findOneByOrFail({ id: saved.id }));
      unit.afterCommit(() => this.realtime.toAdmins('booking:created', view));
      return view;
    });
  }

  async list(status?: BookingStatus): Promise<Booking[]> {
    const bookings = await this.dataSource.getRepository(BookingEntity).find({
      where: status ? { status } : {},
      order: { createdAt: 'DESC', id: 'DESC' },
    });
    return bookings.map(toBookingView);
  }

  /**
   * One transaction: the job, the booking's move to approved and the event. The booking row
   * is locked first, so when two dispatchers approve at once the second waits, then finds it
   * approved and gets a 409 with nothing created.
   */
  approve(id: number): Promise<ApprovedBooking> {
    return this.transactions.run(async (unit) => {
      const bookings = unit.manager.getRepository(BookingEntity);
      const booking = await bookings.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!booking) throw notFound(`Booking ${id} not found`);
      if (booking.status !== 'pending') {
        const message = booking.jobId
          ? `Booking ${id} is already ${booking.status} (job ${booking.jobId})`
          : `Booking ${id} is ${booking.status}; only pending bookings can be approved`;
        throw conflict(message);
      }
      const job = await this.jobs.insertInUnit(unit, {
        customerName: booking.customerName,
        phone: booking.phone,
        email: booking.email,
        service: booking.service,
        location: booking.location,
        notes: booking.description,
        vehicle: booking.vehicleDetails,
        status: booking.urgency === 'scheduled' ? 'Scheduled' : 'Assigned',
        assignedTo: 'Unassigned',
        progress: 0,
        estimatedArrival: perthInstant(booking.preferredDate, booking.preferredTime),
      });
      await bookings.update({ id }, { status: 'approved', jobId: job.id });
      await unit.record('booking.approved', { bookingId: id, jobId: job.id });
      const view = toBookingView(await bookings.findOneByOrFail({ id }));
      unit.afterCommit(() => this.realtime.toAdmins('booking:updated', view));
      return { booking: view, job: toJobView(job) };
    });
  }
}
