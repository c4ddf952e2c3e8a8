import { SessionEntity } from './entities/session.entity.js';
import { UserEntity } from './entities/user.entity.js';
import { JobPhotoEntity } from './entities/job-photo.entity.js';
import { JobUpdateEntity } from './entities/job-update.entity.js';
import { JobEntity } from './entities/job.entity.js';
import { NotificationEntity } from './entities/notification.entity.js';
import { OutboxEntity } from './entities/outbox.entity.js';
import { SettingEntity } from './entities/setting.entity.js';
import { AnnouncementEntity } from './entities/announcement.entity.js';
import { BookingEntity } from './entities/booking.entity.js';
import { ContactSubmissionEntity } from './entities/contact-submission.entity.js';
import { FeedbackEntity } from './entities/feedback.entity.js';
import { FleetExpenseEntity } from './entities/fleet-expense.entity.js';
import { FuelRecordEntity } from './entities/fuel-record.entity.js';
import { MileageRecordEntity } from './entities/mileage-record.entity.js';
import { ServiceRecordEntity } from './entities/service-record.entity.js';
import { VehicleEntity } from './entities/vehicle.entity.js';
import { FleetInquiryEntity } from './entities/fleet-inquiry.entity.js';
import { InvoiceEntity } from './entities/invoice.entity.js';
import { NotificationPreferenceEntity } from './entities/notification-preference.entity.js';
import { QuoteEntity } from './entities/quote.entity.js';
import { StripeEventEntity } from './entities/stripe-event.entity.js';
import { TestimonialEntity } from './entities/testimonial.entity.js';
import { AccountJobEntity } from './entities/account-job.entity.js';
import { ClaimCodeEntity } from './entities/claim-code.entity.js';
import { RenderedPdfEntity } from './entities/rendered-pdf.entity.js';
import { JobPositionEntity } from './entities/job-position.entity.js';
import { DriverTapEntity } from './entities/driver-tap.entity.js';
import { InboundSmsEntity } from './entities/inbound-sms.entity.js';
import { JobMessageEntity } from './entities/job-message.entity.js';
import { SmsOptOutEntity } from './entities/sms-opt-out.entity.js';
import { PushSubscriptionEntity } from './entities/push-subscription.entity.js';

/** Every table the application maps. */
export const ENTITIES = [
  UserEntity,
  SessionEntity,
  JobEntity,
  JobUpdateEntity,
  JobPhotoEntity,
  OutboxEntity,
  NotificationEntity,
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
  StripeEventEntity,
  AccountJobEntity,
  ClaimCodeEntity,
  RenderedPdfEntity,
  JobPositionEntity,
  DriverTapEntity,
  InboundSmsEntity,
  JobMessageEntity,
  SmsOptOutEntity,
  PushSubscriptionEntity,
];
