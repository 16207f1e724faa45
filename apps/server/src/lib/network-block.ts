import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Addresses that name no network of a user's own: loopback, private, link-local, carrier-grade NAT, unique local. Behind
 * a reverse proxy that is not trusted (TRUST_PROXY) every request comes from one of these, so none makes a block.
 */
const NOT_A_USERS_NETWORK = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  NOT_A_USERS_NETWORK.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  NOT_A_USERS_NETWORK.addSubnet(network, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail counts as two). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (value: string) => (value ? value.split(':').map((group) => parseInt(group, 16)) : []);
  const first = part(head);
  const last = tail === undefined ? [] : part(tail);
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}

/**
 * The network block an address belongs to, as the referral-ring check compares sign-ups (docs/product/referral-rings.md):
 * its /24 for IPv4 (`203.0.113.0/24`), its /48 for IPv6 (`2001:db8:1::/48`); an IPv4 address written as IPv6
 * (`::ffff:203.0.113.7`) is the IPv4 one. Null for anything that names no user's own network (loopback, private
 * ranges) or is no address.
 */
export function networkBlock(address: string): string | null {
  const plain = address
    .trim()
    .replace(/%.*$/, '')
    .replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (isIPv4(plain)) {
    if (NOT_A_USERS_NETWORK.check(plain, 'ipv4')) return null;
    return `${plain.split('.').slice(0, 3).join('.')}.0/24`;
  }
  if (isIPv6(plain)) {
    if (NOT_A_USERS_NETWORK.check(plain, 'ipv6')) return null;
    const [a = 0, b = 0, c = 0] = ipv6Groups(plain);
    return `${[a, b, c].map((group) => group.toString(16)).join(':')}::/48`;
  }
  return null;
}
