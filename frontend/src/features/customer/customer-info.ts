import type { JobProof, LookupCustomer } from '@towing/contracts';

/** The spec's saved customer info, under the spec's 'customer' key. */
export const CUSTOMER_STORAGE_KEY = 'customer';

export interface SavedCustomer {
  name: string;
  phone: string;
  email: string;
  /** The job id and its proof (last four digits or tracking token) the jobs were looked up by, re-read on every visit. */
  proof: JobProof;
}

function isProof(value: unknown): value is JobProof {
  const proof = value as JobProof | null;
  return typeof proof === 'object' && proof !== null && typeof proof.query === 'string' && (typeof proof.last4 === 'string' || typeof proof.token === 'string');
}

/** The saved customer; an entry from before lookups needed a proof (a bare phone or id) is forgotten. */
export function readSavedCustomer(storage: Storage = localStorage): SavedCustomer | null {
  try {
    const parsed = JSON.parse(storage.getItem(CUSTOMER_STORAGE_KEY) ?? 'null') as Partial<SavedCustomer> | null;
    if (!parsed || !isProof(parsed.proof) || typeof parsed.name !== 'string') return null;
    return { name: parsed.name, phone: parsed.phone ?? '', email: parsed.email ?? '', proof: parsed.proof };
  } catch {
    return null;
  }
}

/** A lookup by job id never shows the phone; the digits the customer typed show as its ending. */
export function phoneShown(customer: LookupCustomer, proof: JobProof): string {
  return customer.phone ?? (proof.last4 ? `ending in ${proof.last4}` : '');
}

export function saveCustomer(customer: LookupCustomer, proof: JobProof, storage: Storage = localStorage): SavedCustomer {
  const saved: SavedCustomer = { name: customer.name, phone: phoneShown(customer, proof), email: customer.email ?? '', proof };
  storage.setItem(CUSTOMER_STORAGE_KEY, JSON.stringify(saved));
  return saved;
}

export function clearSavedCustomer(storage: Storage = localStorage): void {
  storage.removeItem(CUSTOMER_STORAGE_KEY);
}
