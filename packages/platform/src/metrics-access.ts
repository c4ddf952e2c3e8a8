import { BlockList, isIP } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import type { MetricsSettings } from './environment.js';

/**
 * How often the API's and the worker's process metrics sample their event loop's delay
 * (prom-client's eventLoopMonitoringPrecision): its default, 10 ms, woke each process about 200
 * times a second, idle or not, which was half of what an idle worker spent.
 */
export const EVENT_LOOP_SAMPLE_MS = 100;

/** What a scrape of GET /metrics gets: the text, 403 (a token that is wrong), or 404 (nothing says it may). */
export type MetricsVerdict = 'allowed' | 'forbidden' | 'hidden';

/** An IPv4 address seen on an IPv6 socket (::ffff:127.0.0.1) is judged as the IPv4 address. */
function plainAddress(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/**
 * Who may read the metrics, the same on the API and the worker: a client whose address is in
 * METRICS_ALLOW, or anyone presenting METRICS_TOKEN as a bearer token.
 */
export function metricsAccess(settings: MetricsSettings): (address: string | undefined, authorization: string | undefined) => MetricsVerdict {
  const allowed = new BlockList();
  for (const entry of settings.allow) {
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) allowed.addAddress(address, type);
    else allowed.addSubnet(address, Number(bits), type);
  }
  const token = settings.token ? Buffer.from(settings.token) : undefined;
  return (address, authorization) => {
    const presented = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
    if (presented !== undefined) {
      const bytes = Buffer.from(presented);
      return token && bytes.length === token.length && timingSafeEqual(bytes, token) ? 'allowed' : 'forbidden';
    }
    if (!address) return 'hidden';
    const plain = plainAddress(address);
    const version = isIP(plain);
    return version !== 0 && allowed.check(plain, version === 6 ? 'ipv6' : 'ipv4') ? 'allowed' : 'hidden';
  };
}
