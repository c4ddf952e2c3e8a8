import type { CreateFleetExpenseRequest } from '@towing/contracts';
import { Optional } from '../../common/dto-rules.js';
import { Cents, Day, Flag, OptionalText, RequiredText, VehicleRef } from './fleet-rules.js';

/** Any other cost of running a truck (registration, insurance, tyres...). Amount in cents. */
export class CreateFleetExpenseDto implements CreateFleetExpenseRequest {
  @VehicleRef() vehicleId: number;
  @RequiredText('Expense type is required', 'Expense type', 50) expenseType: string;
  @RequiredText('Description is required', 'Description', 5000) description: string;
  @Cents('Amount') amount: number;
  @Day('Expense date is required') expenseDate: string;
  @OptionalText('Vendor', 100) vendor?: string | null;
  @OptionalText('Invoice number', 50) invoiceNumber?: string | null;
  @OptionalText('Category', 50) category?: string | null;
  @Optional() @Flag('isPaid') isPaid?: boolean;
  @OptionalText('Payment method', 30) paymentMethod?: string | null;
  @OptionalText('Notes', 5000) notes?: string | null;
}
