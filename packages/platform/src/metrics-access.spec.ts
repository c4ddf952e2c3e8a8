import { metricsAccess } from './metrics-access.js';

describe('who may read /metrics', () => {
  const verdict = metricsAccess({ allow: ['127.0.0.1/8', '::1', '10.1.2.3'], token: 'a-token-of-sixteen-chars', workerPort: 0 });

  it('lets the allowed addresses in, IPv4 seen on an IPv6 socket too', () => {
    expect(verdict('127.0.0.1', undefined)).toBe('allowed');
    expect(verdict('::ffff:127.0.0.5', undefined)).toBe('allowed');
    expect(verdict('::1', undefined)).toBe('allowed');
    expect(verdict('10.1.2.3', undefined)).toBe('allowed');
  });

  it('hides the metrics from every other address (404), and refuses a wrong token (403)', () => {
    expect(verdict('10.1.2.4', undefined)).toBe('hidden');
    expect(verdict('203.0.113.9', undefined)).toBe('hidden');
    expect(verdict(undefined, undefined)).toBe('hidden');
    expect(verdict('203.0.113.9', 'Bearer a-token-of-sixteen-chars')).toBe('allowed');
    expect(verdict('127.0.0.1', 'Bearer another-token-entirely')).toBe('forbidden');
    expect(verdict('203.0.113.9', 'Bearer short')).toBe('forbidden');
  });

  it('admits no token when none is set', () => {
    expect(metricsAccess({ allow: [], workerPort: 0 })('203.0.113.9', 'Bearer anything-at-all-here')).toBe('forbidden');
  });
});
