import type { Job } from './jobs.js';
import { perthInstant } from './time.js';

export const URGENCIES = ['emergency', 'same-day', 'scheduled'] as const;
export type Urgency = (typeof URGENCIES)[number];

export const BOOKING_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Services on the first booking form (/booking). */
export const BOOKING_SERVICES_SIMPLE = [
  '4x4 Recovery - Basic',
  '4x4 Recovery - Complex',
  '4x4 Recovery - Extreme',
  'Winch Recovery',
  'Vehicle Diagnostic Service',
  'Engine Repairs',
  'Transmission Service',
  'Mobile Mechanical Repairs',
  'Pre-purchase Inspection',
  'General Maintenance',
] as const;

/** Services on the second booking form (/book-service); urgent ones are flagged. */
export const BOOKING_SERVICES_DETAILED = [
  { value: 'Emergency Towing', urgent: true },
  { value: 'Heavy Vehicle Recovery', urgent: true },
  { value: '4x4 Recovery', urgent: false },
  { value: 'Local Towing', urgent: false },
  { value: 'Long Distance Towing', urgent: false },
  { value: 'Winch Recovery', urgent: false },
  { value: 'Jump Start', urgent: false },
  { value: 'Flat Tire Change', urgent: false },
  { value: 'Lockout', urgent: false },
  { value: 'Fuel Delivery', urgent: false },
  { value: 'Automotive Repairs', urgent: false },
  { value: 'Pre-purchase Inspection', urgent: false },
] as const;

/** Every service a booking may name: the union of both forms' lists. */
export const BOOKING_SERVICES: readonly string[] = [
  ...new Set<string>([...BOOKING_SERVICES_SIMPLE, ...BOOKING_SERVICES_DETAILED.map((service) => service.value)]),
];

/** 08:00 AM to 05:30 PM every 30 minutes, as the forms show them. */
export const BOOKING_TIME_SLOTS: readonly string[] = Array.from({ length: 20 }, (_, index) => {
  const minutes = 8 * 60 + index * 30;
  const hours24 = Math.floor(minutes / 60);
  const hours12 = hours24 > 12 ? hours24 - 12 : hours24;
  const suffix = hours24 >= 12 ? 'PM' : 'AM';
  return `${String(hours12).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')} ${suffix}`;
});

/** A slot on a day (YYYY-MM-DD, Perth) that has not begun yet: nobody can be booked into the past. */
export function isSlotStillAhead(date: string, slot: string, now: Date = new Date()): boolean {
  return perthInstant(date, slot).getTime() > now.getTime();
}

/** The slots still open on a day in Perth: all of them on a later day, the ones not begun yet today. */
export function openTimeSlots(date: string, now: Date = new Date()): string[] {
  return BOOKING_TIME_SLOTS.filter((slot) => isSlotStillAhead(date, slot, now));
}

export const PAST_SLOT_MESSAGE = 'Please select a time that has not passed yet';

/** The booking form's payload (docs/rules.md, "Forms"). preferredDate is YYYY-MM-DD in Perth. */
export interface CreateBookingRequest {
  customerName: string;
  phone: string;
  email: string;
  service: string;
  location: string;
  preferredDate: string;
  preferredTime: string;
  urgency?: Urgency;
  description: string;
  vehicleDetails?: string;
}

export interface Booking extends Required<Omit<CreateBookingRequest, 'vehicleDetails'>> {
  id: number;
  vehicleDetails: string | null;
  status: BookingStatus;
  /** The job created when the booking was approved. */
  jobId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** POST /api/bookings/{id}/approve: the booking, now approved, and the job made from it. */
export interface ApprovedBooking {
  booking: Booking;
  job: Job;
}

export interface BookingsQuery {
  status?: BookingStatus;
}
