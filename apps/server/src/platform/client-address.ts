import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a per-address limit counts a client's requests under. One IPv6 subscriber is handed a
 * whole /64 (2^64 addresses to rotate through at no cost), so an IPv6 address is counted by its
 * /64, as one IPv4 address is; an IPv4 address written as IPv6 (`::ffff:a.b.c.d`, what a dual-stack
 * socket reports) is counted as that IPv4 address. Every spelling of one address (compressed or
 * not, upper or lower case, a zone suffix) gives one key. Anything that is not an address (it never
 * comes from the socket) is its own key, so it can only be counted, never merged with another.
 */
export function addressLimitKey(ip: string): string {
  const address = ip.trim().toLowerCase();
  if (isIPv4(address)) return address;
  // A zone (`fe80::1%eth0`) names the interface, not the host.
  const bare = address.replace(/%.*$/, '');
  if (!isIPv6(bare)) return address;
  const groups = ipv6Groups(bare);
  const isMappedIpv4 = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (isMappedIpv4) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail read as two). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const first = parse(head);
  if (tail === undefined) return first;
  const last = parse(tail);
  return [...first, ...new Array<number>(8 - first.length - last.length).fill(0), ...last];
}
