import { describe, expect, it } from 'vitest';
import { addressKey } from '../../src/server/client-address.ts';

describe('the address a per-address limit counts', () => {
  it('counts IPv4 per address, IPv4 written as IPv6 too', () => {
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::ffff:c000:207')).toBe('192.0.2.7');
  });

  it('counts IPv6 per /64, however the address is written', () => {
    const key = '2001:db8:1:2::/64';
    for (const address of ['2001:db8:1:2::7', '2001:DB8:0001:0002:ffff:1:2:3', '2001:db8:1:2:0:0:0:1'])
      expect(addressKey(address)).toBe(key);
    expect(addressKey('2001:db8:1:3::7')).not.toBe(key);
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('leaves anything else as it is', () => {
    expect(addressKey('unknown')).toBe('unknown');
  });
});
