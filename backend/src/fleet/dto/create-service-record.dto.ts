import { type CreateServiceRecordRequest, SERVICE_TYPES } from '@towing/contracts';
import { Optional } from '../../common/dto-rules.js';
import { Cents, ConfirmJump, Day, Flag, OneOf, OptionalText, RequiredText, WholeNumber, VehicleRef } from './fleet-rules.js';

/** The service record form (docs/rules.md, "Forms"). Money in cents. */
export class CreateServiceRecordDto implements CreateServiceRecordRequest {
  @VehicleRef() vehicleId: number;
  @OneOf(SERVICE_TYPES, 'Service type is required', 'Service type') serviceType: string;
  @RequiredText('Description is required', 'Description', 5000) description: string;
  @WholeNumber('Mileage at service', 0, 5_000_000, 'Mileage at service cannot be negative') mileageAtService: number;
  @Cents('Total cost') totalCost: number;
  @RequiredText('Serviced by is required', 'Serviced by', 100) servicedBy: string;
  @OptionalText('Invoice number', 50) invoiceNumber?: string | null;
  @Day('Invoice date is required') invoiceDate: string;
  @OptionalText('Notes', 5000) notes?: string | null;
  @Optional() @Cents('Labour cost') laborCost?: number;
  @Optional() @Cents('Parts cost') partsCost?: number;
  @Optional() @Flag('isPaid') isPaid?: boolean;
  @OptionalText('Parts replaced', 5000) partsReplaced?: string | null;
  @OptionalText('Work performed', 5000) workPerformed?: string | null;
  @Optional() @Day('Next service due must be a date (YYYY-MM-DD)') nextServiceDue?: string | null;
  @OptionalText('Warranty', 200) warranty?: string | null;
  @ConfirmJump() confirmOdometerJump?: boolean;
}
