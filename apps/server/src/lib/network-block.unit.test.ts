import { describe, expect, it } from 'vitest';
import { networkBlock } from './network-block.js';

// The network block a sign-up is compared by (docs/product/referral-rings.md): only the block, never the address.

describe('networkBlock', () => {
  it('answers the /24 of an IPv4 address, written plainly or as IPv6', () => {
    expect(networkBlock('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkBlock('203.0.113.250')).toBe('203.0.113.0/24');
    expect(networkBlock('::ffff:203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkBlock('198.51.100.7')).not.toBe(networkBlock('203.0.113.7'));
  });

  it('answers the /48 of an IPv6 address, however it is written', () => {
    expect(networkBlock('2001:db8:1:2::7')).toBe('2001:db8:1::/48');
    expect(networkBlock('2001:0DB8:0001:ffff:0:0:0:1')).toBe('2001:db8:1::/48');
    expect(networkBlock('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(networkBlock('64:ff9b::203.0.113.7')).toBe('64:ff9b:0::/48');
  });

  it('answers null for loopback, private and link-local addresses, and for what is no address', () => {
    for (const address of [
      '127.0.0.1',
      '::1',
      '::ffff:127.0.0.1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.9',
      '100.64.3.4',
      '169.254.0.1',
      'fd12:3456::1',
      'fe80::1%eth0',
      '',
      'not-an-address',
    ]) {
      expect(networkBlock(address), address).toBeNull();
    }
  });
});
