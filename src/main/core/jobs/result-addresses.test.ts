import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './result-addresses';

describe('isPublicAddress', () => {
  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::1111', '[2a00:1450:4001:82b::200e]', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'])(
    '%s is public',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it.each([
    '127.0.0.1',
    '127.9.9.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:192.168.0.1',
    '[::1]',
    'localhost',
    'not an address',
    // IPv4 inside IPv6: mapped, translated (RFC 6145), NAT64 (RFC 6052), 6to4 and the deprecated compatible form.
    '0:0:0:0:0:ffff:7f00:1',
    '::ffff:0:7f00:1',
    '64:ff9b::7f00:1',
    '64:ff9b::a00:1',
    '64:ff9b::127.0.0.1',
    '2002:7f00:1::1',
    '2002:c0a8:101::1',
    '::7f00:1',
    // Site-local (RFC 3879, deprecated but still routed by some networks).
    'fec0::1',
    'feff::1',
  ])('%s is not', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});
