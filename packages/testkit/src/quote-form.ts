import type { QuoteInput } from '@towing/contracts';

/**
 * A quote as the manager's form sends it: Recovery Complex and two tow straps, Karratha to
 * Tom Price (x1.4), 10% off. Final $1,033.20, deposit $309.96.
 */
export const QUOTE_FORM: QuoteInput = {
  customerName: 'Sam Walker',
  customerPhone: '0412 345 678',
  customerEmail: 'sam@example.com',
  vehicleType: 'Toyota Hilux',
  service: '4x4 Recovery',
  fromLocation: 'Karratha',
  toLocation: 'Tom Price',
  distance: 280,
  notes: 'Bogged to the axles on the Hamersley track',
  discountPercent: 10,
  validDays: 14,
  items: [
    { description: 'Recovery Complex', quantity: 1, unitPrice: 65_000, category: 'service' },
    { description: 'Tow Strap', quantity: 2, unitPrice: 8_500, category: 'parts' },
  ],
};
