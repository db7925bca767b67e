import { isIPv4, isIPv6 } from "node:net";

/**
 * The unit a per-client limit counts (decision 019): one IPv4 address, or one IPv6 /64. An IPv6
 * subscriber is usually given a whole /64 (2^64 addresses), so counting single IPv6 addresses
 * would give one household endless fresh clients. An IPv4-mapped IPv6 address (`::ffff:1.2.3.4`,
 * what a dual-stack socket reports for an IPv4 peer) is that IPv4 address. Anything that is not
 * an IP address (a test's "local", a missing socket address) is its own group, as given.
 */
export function addressGroup(address: string): string {
  const bare = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address;
  if (isIPv4(bare)) return bare;
  // A zone (`fe80::1%eth0`) names the interface, not the peer.
  const withoutZone = bare.split("%")[0]!;
  if (!isIPv6(withoutZone)) return address;
  const groups = expandIPv6(withoutZone);
  if (groups.slice(0, 5).every((group) => group === "0") && groups[5] === "ffff") {
    const [high, low] = [Number.parseInt(groups[6]!, 16), Number.parseInt(groups[7]!, 16)];
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  return `${groups.slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, as lower-case hex without leading zeros. */
function expandIPv6(address: string): string[] {
  let text = address.toLowerCase();
  // A trailing dotted quad (`::1.2.3.4`) is the last two groups.
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...new Array<string>(missing).fill("0"), ...right].map((group) => Number.parseInt(group, 16).toString(16));
}
