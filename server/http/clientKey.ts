/**
 * Who a request counts as, for every per-client limit (the rate limits; the password-hashing queue):
 * an IPv4 client by its address, an IPv6 client by its network (the first `ipv6Prefix` bits, /64 by
 * default: one subscriber line or host usually holds a whole /64, and picks any of its 2^64 addresses
 * at will). An IPv4-mapped IPv6 address (`::ffff:203.0.113.7`, what a dual-stack socket reports for an
 * IPv4 client) counts as that IPv4 address. Addresses are parsed by ipaddr.js (the library fastify's
 * own proxy-addr uses), so every spelling of one network gives one key.
 */
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** CLIENT_IPV6_PREFIX's default: the network size a provider gives one subscriber (RFC 6177). */
export const DEFAULT_IPV6_PREFIX = 64;

/**
 * The key of the client at `ip`: `203.0.113.7` for IPv4 (and IPv4-mapped IPv6), `2001:db8:1:2::/64`
 * for IPv6 with `ipv6Prefix` 64. Anything that does not parse (an injected test request's made-up
 * address) is its own key, unchanged.
 */
export function clientKeyOf(ip: string, ipv6Prefix: number = DEFAULT_IPV6_PREFIX): string {
  // a zone (fe80::1%eth0) names the interface, not another client
  const address = ip.replace(/%.*$/, '');
  if (net.isIP(address) === 0) return ip;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/${ipv6Prefix}`).toString()}/${ipv6Prefix}`;
}
