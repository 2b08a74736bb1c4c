// The one client address every per-address limit uses (docs/security.md "Client address"). Express works it
// out from the connection, believing X-Forwarded-For only from the proxies TRUST_PROXY names; this turns it
// into the key a limit counts by. An IPv6 client commonly holds a whole /64 and can rotate inside it at will,
// so IPv6 addresses count by their /64; IPv4-mapped IPv6 addresses count as the IPv4 address. One network (a /48:
// a site, or one cloud account) holds 65,536 of those /64s, so a limit also counts its /48 (networkKeyOf).
import { isIPv4, isIPv6 } from "node:net";

export function addressKey(ip: string | undefined): string {
  if (!ip) return "unknown";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return "unknown";
  return `${expandIPv6(ip).slice(0, 4).join(":")}::/64`;
}

const SIXTY_FOUR = /([0-9a-f]{1,4}):([0-9a-f]{1,4}):([0-9a-f]{1,4}):[0-9a-f]{1,4}::\/64$/;

/**
 * The /48 of an IPv6 address key (addressKey), or of a limit's key ending in one ("contact:ip:2001:db8:aa:bb::/64"
 * gives "contact:ip:2001:db8:aa::/48"); undefined for an IPv4 address and anything else.
 */
export function networkKeyOf(key: string): string | undefined {
  const match = SIXTY_FOUR.exec(key);
  if (!match) return undefined;
  return `${key.slice(0, match.index)}${match[1]}:${match[2]}:${match[3]}::/48`;
}

/** The eight 16-bit groups of an IPv6 address, without leading zeros ("::" expanded). */
function expandIPv6(ip: string): string[] {
  const zone = ip.indexOf("%");
  const address = (zone === -1 ? ip : ip.slice(0, zone)).toLowerCase();
  const [head, tail] = address.includes("::") ? address.split("::") : [address, undefined];
  const toGroups = (part: string | undefined) => (part ? part.split(":") : []);
  let left = toGroups(head);
  let right = toGroups(tail);
  // An embedded IPv4 tail (::ffff:1.2.3.4 style forms) is two groups.
  const last = (right.length ? right : left).at(-1);
  if (last && isIPv4(last)) {
    const [a, b, c, d] = last.split(".").map(Number) as [number, number, number, number];
    const groups = [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    if (right.length) right = [...right.slice(0, -1), ...groups];
    else left = [...left.slice(0, -1), ...groups];
  }
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill("0"), ...right].map((g) => g.replace(/^0+(?=.)/, ""));
}
