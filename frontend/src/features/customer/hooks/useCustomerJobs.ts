import type { JobProof, LookupCustomer, PublicJob } from '@towing/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../shared/api/client';
import { queryClient, settleQueryData } from '../../../shared/query/queryClient';
import { socketToCache } from '../../../shared/realtime/live-query';
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
  /** Forgets the saved lookup; resolves once the dashboard shows nobody's jobs. */
  signOut(): Promise<void>;
  /** After a job was added to the account: the account's jobs as the server now lists them. */
  replace(found: { customer: LookupCustomer | null; jobs: PublicJob[]; watchKeys: Record<string, string> }): Promise<void>;
}

interface Found {
  customer: LookupCustomer | null;
  jobs: PublicJob[];
  watchKeys: Record<string, string>;
  signedIn: boolean;
  proof: JobProof | null;
}

export const CUSTOMER_JOBS = ['customer-jobs'] as const;
const NOBODY: Found = { customer: null, jobs: [], watchKeys: {}, signedIn: false, proof: null };

async function readCustomerJobs(): Promise<Found> {
  try {
    const mine = await api.call('GET /api/me/jobs');
    if (mine.customer) return { ...mine, signedIn: true, proof: null };
    const saved = readSavedCustomer();
    if (!saved) return NOBODY;
    const found = await api.call('GET /api/jobs/lookup', { query: saved.proof });
    return {
      customer: { name: found.customer?.name ?? saved.name, phone: saved.phone || null, email: saved.email || null },
      jobs: found.jobs,
      watchKeys: found.watchKeys,
      signedIn: false,
      proof: saved.proof,
    };
  } catch (error) {
    // The spec only logs dashboard lookup failures; the last data stays on screen.
    console.warn('Could not load your jobs', error);
    throw error;
  }
}

// Pushes come for the jobs this browser watches (useWatchJobs), each as its public view.
socketToCache('job:updated', CUSTOMER_JOBS, (found: Found, job) => (job.id in found.watchKeys ? { ...found, jobs: mergeJob(found.jobs, job) } : found));

const change = (update: (found: Found) => Found) => settleQueryData<Found>(CUSTOMER_JOBS, (found) => update(found ?? NOBODY));

/**
 * The customer's own jobs: a signed-in account's straight away (those it sent or proved),
 * otherwise those of the job id and proof saved on this browser. Only the public view ever
 * arrives here.
 */
export function useCustomerJobs(): CustomerJobs {
  const read = useQuery({ queryKey: CUSTOMER_JOBS, queryFn: readCustomerJobs }, queryClient);
  const [lookingUp, setLookingUp] = useState(false);
  const found = read.data ?? NOBODY;

  return {
    ...found,
    opening: read.status === 'pending',
    loading: read.isFetching || lookingUp,
    async lookup(given) {
      setLookingUp(true);
      try {
        const answer = await api.call('GET /api/jobs/lookup', { query: given });
        if (!answer.customer) return false;
        const saved = saveCustomer(answer.customer, given);
        await change((current) => ({
          ...current,
          proof: given,
          customer: { name: saved.name, phone: saved.phone || null, email: saved.email || null },
          jobs: answer.jobs,
          watchKeys: answer.watchKeys,
        }));
        return true;
      } finally {
        setLookingUp(false);
      }
    },
    async signOut() {
      clearSavedCustomer();
      // A read under way (the one a socket's connect asks for, say) may have read the saved lookup.
      if (!found.signedIn) await change(() => NOBODY);
    },
    replace: (answer) => change((current) => ({ ...current, ...answer })),
  };
}
