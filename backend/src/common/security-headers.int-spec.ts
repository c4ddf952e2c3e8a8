import { DEFAULT_REVERSE_GEOCODE_URL } from '@towing/contracts';
import { useApi } from '../testing/use-api.js';

/** The connect-src directive of a page's policy. */
const connectSources = (csp: string) => /(?:^|;\s*)connect-src ([^;]*)/.exec(csp)?.[1].split(' ') ?? [];

async function pagePolicy(api: ReturnType<typeof useApi>): Promise<string[]> {
  const response = await api.client().get('/api/docs');
  return connectSources(response.headers.get('content-security-policy') ?? '');
}

describe('the SOS page may call the reverse geocoder the frontend was built with (VITE_REVERSE_GEOCODE_URL)', () => {
  describe('unset', () => {
    const api = useApi();

    it("allows the default geocoder's origin", async () => {
      expect(await pagePolicy(api)).toEqual(["'self'", new URL(DEFAULT_REVERSE_GEOCODE_URL).origin, 'https://api.stripe.com']);
    });
  });

  describe('another geocoder', () => {
    const api = useApi({ VITE_REVERSE_GEOCODE_URL: 'https://geocode.office.example:8443/v1/reverse' });

    it("allows that geocoder's origin instead of the default's", async () => {
      expect(await pagePolicy(api)).toEqual(["'self'", 'https://geocode.office.example:8443', 'https://api.stripe.com']);
    });
  });

  describe('set empty (turned off)', () => {
    const api = useApi({ VITE_REVERSE_GEOCODE_URL: '' });

    it('allows no geocoder at all', async () => {
      expect(await pagePolicy(api)).toEqual(["'self'", 'https://api.stripe.com']);
    });
  });
});
