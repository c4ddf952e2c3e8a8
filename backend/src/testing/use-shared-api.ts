import { leaseSharedStack, type StackLease } from '@towing/testkit';
import type { ApiStack } from './use-api.js';

/** The API a file shares with the other files of its Jest worker: no `app`, it runs in a process of its own. */
export type SharedApiStack = Omit<ApiStack, 'app' | 'close'>;

/**
 * The compiled API, shared with the other test files of this Jest worker (leaseSharedStack's
 * `api` kind: as useApi runs it, PUBLIC_URL is TEST_PUBLIC_URL and nothing is delivered, behind a
 * reverse proxy on loopback, so a file may send X-Forwarded-For as the client's address), on a
 * database put back before the calling file's tests as it stood before the API started (only
 * the test admin) and with none of the Redis keys an earlier file left. Cheaper than useApi by
 * the whole of the API's start and of loading Nest into the file; a file that needs an
 * environment of its own, the Nest application itself or a stopped clock uses useApi. Use the
 * returned object inside tests only.
 */
export function useSharedApi(): SharedApiStack {
  const api = {} as SharedApiStack;
  let lease: StackLease | undefined;
  beforeAll(async () => {
    lease = await leaseSharedStack('api');
    Object.assign(api, lease.api);
  });
  afterAll(async () => {
    await lease?.release();
  });
  return api;
}
