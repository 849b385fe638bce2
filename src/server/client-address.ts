import { isIPv4, isIPv6 } from 'node:net';

// The address a per-address rate limit counts (docs/decisions/008). One IPv6 customer usually holds a
// whole /64 (2^64 addresses), so counting single IPv6 addresses would give one client endless fresh
// allowances: IPv6 clients are counted per /64. IPv4, and IPv4 written as IPv6 (::ffff:a.b.c.d), count
// per address.

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  const plain = address.split('%')[0] ?? '';
  if (!isIPv6(plain)) return undefined;
  // A trailing dotted IPv4 part stands for the last two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(plain)?.[1];
  let text = plain;
  if (dotted && isIPv4(dotted)) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.split('.').map(Number);
    text = `${plain.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const middle = tail === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  const groups = [...left, ...middle, ...right];
  return groups.length === 8 ? groups : undefined;
}

/** The key a per-address limit counts `ip` under: the IPv4 address, or the IPv6 address's /64. */
export function addressKey(ip: string): string {
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) {
    return [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The client address of a request as the per-address limits count it (behind TRUST_PROXY_HOPS proxies). */
export const clientAddress = (request: { ip: string }): string => addressKey(request.ip);
