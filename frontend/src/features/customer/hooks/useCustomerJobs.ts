import type { JobProof, LookupCustomer, PublicJob } from '@towing/contracts';
import { useEffect, useEffectEvent, useState } from 'react';
import { api } from '../../../shared/api/client';
import { clearSavedCustomer, readSavedCustomer, saveCustomer } from '../customer-info';
import { mergeJob } from '../job-display';

export interface CustomerJobs {
  /** Who the jobs belong to: the signed-in account, or the customer found by a saved lookup. */
  customer: LookupCustomer | null;
  jobs: PublicJob[];
  /** job id -> the key job:watch takes for it. */
  watchKeys: Record<string, string>;
  /** True until the first answer: the screen shows a placeholder only then, never during a lookup. */
  opening: boolean;
  loading: boolean;
  signedIn: boolean;
  /** The proof the jobs were found by (a visitor's saved lookup), for links that need it. */
  proof: JobProof | null;
  /** Finds the customer's jobs by a job id and its proof and remembers them on this browser. */
  lookup(proof: JobProof): Promise<boolean>;
  signOut(): void;
  reread(): void;
  /** After a job was added to the account: the account's jobs as the server now lists them. */
  replace(found: { customer: LookupCustomer | null; jobs: PublicJob[]; watchKeys: Record<string, string> }): void;
  applyUpdate(job: PublicJob): void;
}

/**
 * The customer's own jobs: a signed-in account's straight away (those it sent or proved),
 * otherwise those of the job id and proof saved on this browser. Only the public view ever
 * arrives here.
 */
export function useCustomerJobs(): CustomerJobs {
  const [customer, setCustomer] = useState<LookupCustomer | null>(null);
  const [jobs, setJobs] = useState<PublicJob[]>([]);
  const [watchKeys, setWatchKeys] = useState<Record<string, string>>({});
  const [opening, setOpening] = useState(true);
  const [loading, setLoading] = useState(true);
  const [signedIn, setSignedIn] = useState(false);
  const [proof, setProof] = useState<JobProof | null>(null);

  async function load() {
    try {
      const mine = await api.call('GET /api/me/jobs');
      if (mine.customer) {
        setSignedIn(true);
        setCustomer(mine.customer);
        setJobs(mine.jobs);
        setWatchKeys(mine.watchKeys);
        return;
      }
      setSignedIn(false);
      const saved = readSavedCustomer();
      if (!saved) {
        setCustomer(null);
        setJobs([]);
        return;
      }
      const found = await api.call('GET /api/jobs/lookup', { query: saved.proof });
      setProof(saved.proof);
      setCustomer({ name: found.customer?.name ?? saved.name, phone: saved.phone || null, email: saved.email || null });
      setJobs(found.jobs);
      setWatchKeys(found.watchKeys);
    } catch (error) {
      // The spec only logs dashboard lookup failures; the last data stays on screen.
      console.warn('Could not load your jobs', error);
    } finally {
      setLoading(false);
      setOpening(false);
    }
  }

  const loadOnOpen = useEffectEvent(() => void load());
  useEffect(() => loadOnOpen(), []);

  return {
    customer,
    jobs,
    watchKeys,
    opening,
    loading,
    signedIn,
    proof,
    async lookup(given) {
      setLoading(true);
      try {
        const found = await api.call('GET /api/jobs/lookup', { query: given });
        if (!found.customer) return false;
        const saved = saveCustomer(found.customer, given);
        setProof(given);
        setCustomer({ name: saved.name, phone: saved.phone || null, email: saved.email || null });
        setJobs(found.jobs);
        setWatchKeys(found.watchKeys);
        return true;
      } finally {
        setLoading(false);
      }
    },
    signOut() {
      clearSavedCustomer();
      if (!signedIn) {
        setCustomer(null);
        setJobs([]);
        setWatchKeys({});
        setProof(null);
      }
    },
    reread: () => void load(),
    replace(found) {
      setCustomer(found.customer);
      setJobs(found.jobs);
      setWatchKeys(found.watchKeys);
    },
    applyUpdate: (job) => setJobs((current) => mergeJob(current, job)),
  };
}
