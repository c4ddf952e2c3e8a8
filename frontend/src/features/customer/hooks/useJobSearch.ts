import { useQuery } from '@tanstack/react-query';
import type { JobProof, JobSearchResponse } from '@towing/contracts';
import { api } from '../../../shared/api/client';
import { queryClient } from '../../../shared/query/queryClient';
import { socketToCache } from '../../../shared/realtime/live-query';

/** One job found by its id and proof (the portal's search, a Rate link), keyed by that proof. */
const JOB_SEARCH = ['job-search'] as const;
export const jobSearchKey = (proof: JobProof | null) => [...JOB_SEARCH, proof] as const;

const readJobSearch = (proof: JobProof) => api.call('GET /api/jobs/search', { query: proof });

// A watched job's changes arrive as its public view; what the search answered stays otherwise.
socketToCache('job:updated', JOB_SEARCH, (found: JobSearchResponse, job) =>
  found.job && found.job.id === job.id ? { ...found, job: { ...found.job, ...job } } : found,
);

/** What the search for `proof` answered; nothing is asked while there is no proof. */
export function useJobSearch(proof: JobProof | null) {
  return useQuery(
    { queryKey: jobSearchKey(proof), queryFn: () => readJobSearch(proof!), enabled: proof !== null, staleTime: Number.POSITIVE_INFINITY },
    queryClient,
  );
}

/** Asks the server now, even for a proof asked before, and keeps its answer for useJobSearch. */
export const searchJob = (proof: JobProof) => queryClient.fetchQuery({ queryKey: jobSearchKey(proof), queryFn: () => readJobSearch(proof), staleTime: 0 });
