import type { LookupCustomer } from '@towing/contracts';

/** The spec's saved customer info, under the spec's 'customer' key. */
export const CUSTOMER_STORAGE_KEY = 'customer';

export interface SavedCustomer {
  name: string;
  phone: string;
  email: string;
  /** The phone number or job id the customer looked their jobs up by, re-read on every visit. */
  lookup: string;
}

export function readSavedCustomer(storage: Storage = localStorage): SavedCustomer | null {
  try {
    const parsed = JSON.parse(storage.getItem(CUSTOMER_STORAGE_KEY) ?? 'null') as Partial<SavedCustomer> | null;
    if (!parsed || typeof parsed.lookup !== 'string' || typeof parsed.name !== 'string') return null;
    return { name: parsed.name, phone: parsed.phone ?? '', email: parsed.email ?? '', lookup: parsed.lookup };
  } catch {
    return null;
  }
}

export function saveCustomer(customer: LookupCustomer, lookup: string, storage: Storage = localStorage): SavedCustomer {
  const saved: SavedCustomer = { name: customer.name, phone: customer.phone ?? '', email: customer.email ?? '', lookup };
  storage.setItem(CUSTOMER_STORAGE_KEY, JSON.stringify(saved));
  return saved;
}

export function clearSavedCustomer(storage: Storage = localStorage): void {
  storage.removeItem(CUSTOMER_STORAGE_KEY);
}
