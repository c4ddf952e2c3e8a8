import { SessionEntity } from '../auth/session.entity.js';
import { UserEntity } from '../auth/user.entity.js';
import { JobPhotoEntity } from '../jobs/job-photo.entity.js';
import { JobUpdateEntity } from '../jobs/job-update.entity.js';
import { JobEntity } from '../jobs/job.entity.js';
import { EmailEntity } from '../notifications/email.entity.js';
import { NotificationEntity } from '../notifications/notification.entity.js';
import { OutboxEntity } from '../outbox/outbox.entity.js';
import { SettingEntity } from '../stats/setting.entity.js';
import { AnnouncementEntity } from '../announcements/announcement.entity.js';
import { BookingEntity } from '../bookings/booking.entity.js';
import { ContactSubmissionEntity } from '../contact/contact-submission.entity.js';
import { FeedbackEntity } from '../feedback/feedback.entity.js';
import { FleetExpenseEntity } from '../fleet/fleet-expense.entity.js';
import { FuelRecordEntity } from '../fleet/fuel-record.entity.js';
import { MileageRecordEntity } from '../fleet/mileage-record.entity.js';
import { ServiceRecordEntity } from '../fleet/service-record.entity.js';
import { VehicleEntity } from '../fleet/vehicle.entity.js';
import { FleetInquiryEntity } from '../fleet-contracts/fleet-inquiry.entity.js';
import { InvoiceEntity } from '../invoices/invoice.entity.js';
import { NotificationPreferenceEntity } from '../notifications/notification-preference.entity.js';
import { QuoteEntity } from '../quotes/quote.entity.js';
import { TestimonialEntity } from '../testimonials/testimonial.entity.js';

/** Every table the application maps. */
export const ENTITIES = [
  UserEntity,
  SessionEntity,
  JobEntity,
  JobUpdateEntity,
  JobPhotoEntity,
  OutboxEntity,
  NotificationEntity,
  EmailEntity,
  SettingEntity,
  AnnouncementEntity,
  ContactSubmissionEntity,
  BookingEntity,
  FeedbackEntity,
  TestimonialEntity,
  FleetInquiryEntity,
  QuoteEntity,
  VehicleEntity,
  ServiceRecordEntity,
  FuelRecordEntity,
  MileageRecordEntity,
  FleetExpenseEntity,
  NotificationPreferenceEntity,
  InvoiceEntity,
];
