import { isIPv4, isIPv6 } from 'node:net';

/**
 * Who a per-client limit counts: the request's address (request.ip, which names the client a
 * trusted proxy reports, TRUST_PROXY), with an IPv6 address cut to its /64. One subscriber or
 * host is handed a whole /64, so keying the full address would give it 2^64 fresh allowances.
 * An IPv4 client reached over an IPv6 socket (::ffff:a.b.c.d) is that IPv4 address.
 */
export function clientKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const bare = address.split('%')[0]!;
  if (isIPv4(bare) || !isIPv6(bare)) return bare;
  const groups = ipv6Groups(bare);
  const mappedIPv4 = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mappedIPv4) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups.slice(0, 4).map((group) => group.toString(16)).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address ("::" expanded, a dotted IPv4 tail as two groups). */
function ipv6Groups(address: string): number[] {
  const side = (text: string) =>
    text === ''
      ? []
      : text.split(':').flatMap((part) => {
          if (!part.includes('.')) return [parseInt(part, 16)];
          const [a, b, c, d] = part.split('.').map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = '', tail] = address.split('::');
  const front = side(head);
  const back = tail === undefined ? [] : side(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}
