import type { CustomerJobsResponse, LookupCustomer, PublicJob } from '@towing/contracts';
import { useEffect, useEffectEvent, useState } from 'react';
import { api } from '../../api/client';
import { clearSavedCustomer, readSavedCustomer, saveCustomer } from './customer-info';
import { mergeJob } from './job-display';

export interface CustomerJobs {
  /** Who the jobs belong to: the signed-in account, or the customer found by a saved lookup. */
  customer: LookupCustomer | null;
  jobs: PublicJob[];
  loading: boolean;
  signedIn: boolean;
  /** Finds the customer's jobs by phone or job id and remembers them on this browser. */
  lookup(query: string): Promise<boolean>;
  signOut(): void;
  reread(): void;
  applyUpdate(job: PublicJob): void;
}

/**
 * The customer's own jobs: a signed-in account's straight away, otherwise those of the phone
 * number or job id saved on this browser. Only the public view ever arrives here.
 */
export function useCustomerJobs(): CustomerJobs {
  const [customer, setCustomer] = useState<LookupCustomer | null>(null);
  const [jobs, setJobs] = useState<PublicJob[]>([]);
  const [loading, setLoading] = useState(true);
  const [signedIn, setSignedIn] = useState(false);

  async function load() {
    try {
      const mine = await api.get<CustomerJobsResponse>('/api/me/jobs', { on401: 'returnNull' });
      if (mine) {
        setSignedIn(true);
        setCustomer(mine.customer);
        setJobs(mine.jobs);
        return;
      }
      setSignedIn(false);
      const saved = readSavedCustomer();
      if (!saved) {
        setCustomer(null);
        setJobs([]);
        return;
      }
      const found = await api.get<CustomerJobsResponse>(`/api/jobs/lookup?query=${encodeURIComponent(saved.lookup)}`);
      setCustomer({ name: found.customer?.name ?? saved.name, phone: saved.phone || null, email: saved.email || null });
      setJobs(found.jobs);
    } catch (error) {
      // The spec only logs dashboard lookup failures; the last data stays on screen.
      console.warn('Could not load your jobs', error);
    } finally {
      setLoading(false);
    }
  }

  const loadOnOpen = useEffectEvent(() => void load());
  useEffect(() => loadOnOpen(), []);

  return {
    customer,
    jobs,
    loading,
    signedIn,
    async lookup(query) {
      setLoading(true);
      try {
        const found = await api.get<CustomerJobsResponse>(`/api/jobs/lookup?query=${encodeURIComponent(query)}`);
        if (!found.customer) return false;
        const saved = saveCustomer(found.customer, query);
        setCustomer({ name: saved.name, phone: saved.phone || null, email: saved.email || null });
        setJobs(found.jobs);
        return true;
      } catch (error) {
        console.warn('Dashboard lookup failed', error);
        return false;
      } finally {
        setLoading(false);
      }
    },
    signOut() {
      clearSavedCustomer();
      if (!signedIn) {
        setCustomer(null);
        setJobs([]);
      }
    },
    reread: () => void load(),
    applyUpdate: (job) => setJobs((current) => mergeJob(current, job)),
  };
}
