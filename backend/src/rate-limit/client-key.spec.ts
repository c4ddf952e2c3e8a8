import { clientKey } from './client-key.js';

describe('the key every per-client limit counts on', () => {
  it('keys an IPv6 client on its /64, however the address is written', () => {
    const key = clientKey('2001:db8:85a3:12::1');
    expect(key).toBe('2001:db8:85a3:12::/64');
    for (const sameSubnet of ['2001:db8:85a3:12:ffff:ffff:ffff:ffff', '2001:0db8:85a3:0012:0:0:0:2', '2001:DB8:85A3:12::abcd', '2001:db8:85a3:12::9%eth0']) {
      expect(clientKey(sameSubnet)).toBe(key);
    }
    expect(clientKey('2001:db8:85a3:13::1')).not.toBe(key);
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(clientKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('keeps an IPv4 client whole, also when it reaches an IPv6 socket', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('203.0.113.8')).not.toBe(clientKey('203.0.113.7'));
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('answers something for a request without an address', () => {
    expect(clientKey(undefined)).toBe('unknown');
  });
});
