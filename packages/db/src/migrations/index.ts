import { InitialSchema1763683200000 } from './1763683200000-initial-schema.js';
import { BusinessTables1763683300000 } from './1763683300000-business-tables.js';
import { JobPhotos1763690000000 } from './1763690000000-job-photos.js';
import { PhoneE164AndGps1763700000000 } from './1763700000000-phone-e164-and-gps.js';
import { DispatchAcknowledgementAndReview1795423909317 } from './1795423909317-dispatch-acknowledgement-and-review.js';
import { QuotesInvoicesPayments1795424173864 } from './1795424173864-quotes-invoices-payments.js';
import { Hardening1795424188396 } from './1795424188396-hardening.js';
import { FleetServiceTracking1795424200857 } from './1795424200857-fleet-service-tracking.js';
import { QuoteSendRequested1795430000001 } from './1795430000001-quote-send-requested.js';
import { PhoneColumnsFitTheRule1795430000003 } from './1795430000003-phone-columns-fit-the-rule.js';
import { SosAsData1795440000000 } from './1795440000000-sos-as-data.js';
import { AccountEmailNotUnique1795441000000 } from './1795441000000-account-email-not-unique.js';
import { SosAdmission1795445000000 } from './1795445000000-sos-admission.js';
import { InvoicePaymentFlag1795446000001 } from './1795446000001-invoice-payment-flag.js';
import { RenderedPdfs1795446000002 } from './1795446000002-rendered-pdfs.js';
import { QuoteAcceptedAsStatus1795567418589 } from './1795567418589-quote-accepted-as-status.js';
import { VehicleConditionApartFromStatus1795444000000 } from './1795444000000-vehicle-condition-apart-from-status.js';
import { OutboundEmailStoredOnce1795444000001 } from './1795444000001-outbound-email-stored-once.js';
import { SmsBothWays1795567159166 } from './1795567159166-sms-both-ways.js';
import { TraceAndPrivacy1795567361623 } from './1795567361623-trace-and-privacy.js';
import { PushSubscriptions1795571085732 } from './1795571085732-push-subscriptions.js';
import { TruckPositionsAndJobMedia1795567244024 } from './1795567244024-truck-positions-and-job-media.js';
import { DriverMode1795567545215 } from './1795567545215-driver-mode.js';
import { EscalationLadderAndDeliveryReceipts1795567408121 } from './1795567408121-escalation-ladder-and-delivery-receipts.js';
import { ReceiptsWaitForTheirText1795956169691 } from './1795956169691-receipts-wait-for-their-text.js';

/** Migrations in the order they run. Add new ones at the end; never edit a landed one. */
export const MIGRATIONS = [
  InitialSchema1763683200000,
  BusinessTables1763683300000,
  JobPhotos1763690000000,
  PhoneE164AndGps1763700000000,
  DispatchAcknowledgementAndReview1795423909317,
  QuotesInvoicesPayments1795424173864,
  Hardening1795424188396,
  FleetServiceTracking1795424200857,
  QuoteSendRequested1795430000001,
  PhoneColumnsFitTheRule1795430000003,
  SosAsData1795440000000,
  AccountEmailNotUnique1795441000000,
  SosAdmission1795445000000,
  InvoicePaymentFlag1795446000001,
  RenderedPdfs1795446000002,
  VehicleConditionApartFromStatus1795444000000,
  OutboundEmailStoredOnce1795444000001,
  SmsBothWays1795567159166,
  EscalationLadderAndDeliveryReceipts1795567408121,
  TraceAndPrivacy1795567361623,
  QuoteAcceptedAsStatus1795567418589,
  PushSubscriptions1795571085732,
  TruckPositionsAndJobMedia1795567244024,
  DriverMode1795567545215,
  ReceiptsWaitForTheirText1795956169691,
];
