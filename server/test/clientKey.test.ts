/**
 * Every per-client limit counts an IPv6 client by its network, not its address (issue 46 item 5):
 * behind the trusted proxy, one /64's 2^64 addresses are one client; IPv4 stays one address.
 */
import { clientKeyOf } from '../http/clientKey';
import { ConfigError, clientIpv6PrefixOf } from '../config';
import type { BuildOptions } from '../http/app';
import { API, serversClosedAfterEach } from './harness';

describe('clientKeyOf', () => {
  it('keys IPv4 by address, IPv4-mapped IPv6 as that IPv4 address, and IPv6 by its /64', () => {
    expect(clientKeyOf('203.0.113.7', 64)).toBe('203.0.113.7');
    expect(clientKeyOf('::ffff:203.0.113.7', 64)).toBe('203.0.113.7');
    expect(clientKeyOf('::ffff:cb00:7107', 64)).toBe('203.0.113.7');
    expect(clientKeyOf('2001:db8:1:2:3:4:5:6', 64)).toBe('2001:db8:1:2::/64');
    // another spelling of the same network
    expect(clientKeyOf('2001:0DB8:0001:0002::9', 64)).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('fe80::1%eth0', 64)).toBe('fe80::/64');
    expect(clientKeyOf('2001:db8:1:3::1', 64)).not.toBe(clientKeyOf('2001:db8:1:2::1', 64));
  });

  it('takes the prefix given, and leaves what is no address as it is', () => {
    expect(clientKeyOf('2001:db8:1:2:3:4:5:6', 48)).toBe('2001:db8:1::/48');
    expect(clientKeyOf('2001:db8:1:2:3:4:5:6', 128)).toBe('2001:db8:1:2:3:4:5:6/128');
    expect(clientKeyOf('203.0.113.7', 48)).toBe('203.0.113.7');
    expect(clientKeyOf('not-an-address', 64)).toBe('not-an-address');
  });

  it('CLIENT_IPV6_PREFIX is 64 unless set, and 1 to 128', () => {
    expect(clientIpv6PrefixOf({})).toBe(64);
    expect(clientIpv6PrefixOf({ CLIENT_IPV6_PREFIX: '56' })).toBe(56);
    expect(() => clientIpv6PrefixOf({ CLIENT_IPV6_PREFIX: '129' })).toThrow(ConfigError);
    expect(() => clientIpv6PrefixOf({ CLIENT_IPV6_PREFIX: '0' })).toThrow(ConfigError);
  });
});

describe('rate limits behind the trusted proxy', () => {
  const server = serversClosedAfterEach();

  /** The statuses of one reset request from each address, through the balancer (TRUST_PROXY). */
  async function resetRequestsFrom(addresses: string[], overrides: Partial<BuildOptions> = {}) {
    // the anonymous endpoints' limit in production (RATE_LIMIT_MAX's default; the harness raises it)
    const portal = await server({ trustProxy: ['127.0.0.1'], rateLimitMax: 30, ...overrides });
    const client = portal.client();
    await client.visit('/loanmanager/request_password_reset/');
    const statuses: number[] = [];
    for (const address of addresses) {
      const response = await client.post(
        `${API}account/request_password_reset/`,
        { username: 'nobody.here', recaptcha_response: 'dummy-token' },
        { headers: { 'x-forwarded-for': address } },
      );
      statuses.push(response.statusCode);
    }
    return { allowed: statuses.filter((status) => status === 200).length, refused: statuses.filter((status) => status === 429).length };
  }

  const ADDRESSES = 45;
  const oneNetwork = Array.from({ length: ADDRESSES }, (_, i) => `2001:db8:ab:cd:${(i + 1).toString(16)}:0:0:${(i * 7 + 1).toString(16)}`);

  it('45 addresses of one /64 share one limit: the 30 allowed a minute, then 429', async () => {
    expect(await resetRequestsFrom(oneNetwork)).toEqual({ allowed: 30, refused: 15 });
  });

  it('addresses of different /64s do not share it', async () => {
    const networks = Array.from({ length: ADDRESSES }, (_, i) => `2001:db8:ab:${(i + 1).toString(16)}::1`);
    expect(await resetRequestsFrom(networks)).toEqual({ allowed: ADDRESSES, refused: 0 });
  });

  it('an IPv4 client counts as one address however it is written', async () => {
    const mixed = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? '198.51.100.7' : '::ffff:198.51.100.7'));
    expect(await resetRequestsFrom(mixed)).toEqual({ allowed: 30, refused: 10 });
  });

  it('CLIENT_IPV6_PREFIX 128 counts each IPv6 address apart', async () => {
    expect(await resetRequestsFrom(oneNetwork, { clientIpv6Prefix: 128 })).toEqual({ allowed: ADDRESSES, refused: 0 });
  });
});
