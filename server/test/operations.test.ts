/**
 * Operations: the probes (healthz, readyz), graceful shutdown on a real socket, TRUST_PROXY, and
 * the instance field of every log line.
 */
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { ConfigError, instanceIdOf, optionsFromEnv, trustProxyOf } from '../config';
import { shutDown } from '../main';
import { LATEST_VERSION } from '../db/migrations';
import { DEMO_API_TOKEN } from '../db/seed';
import { API, TEST_ENGINE, lastReadiness, startTestServer, type TestServer } from './harness';
import { startSmtpServer } from './smtp';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close().catch(() => undefined);
});
async function server(overrides: Parameters<typeof startTestServer>[0] = {}) {
  const started = await startTestServer(overrides);
  servers.push(started);
  return started;
}

async function alterDatabase(server: TestServer, sql: string) {
  await server.query(sql);
}

describe('probes', () => {
  it('healthz answers without a cookie or the database, and says nothing more than ok', async () => {
    const portal = await server({ instanceId: 'probe-1' });
    const response = await portal.app.inject({ method: 'GET', url: '/loanmanager/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('readyz: ready when the database answers, is migrated and takes writes; the detail goes to the log', async () => {
    const portal = await server({ instanceId: 'probe-1' });
    const response = await portal.app.inject({ method: 'GET', url: '/loanmanager/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.json()).toEqual({ status: 'ready' });
    expect(lastReadiness(portal)).toEqual({
      ready: true,
      database: {
        engine: TEST_ENGINE,
        reachable: true,
        migrated: true,
        writable: true,
        schema_version: LATEST_VERSION,
        expected_schema_version: LATEST_VERSION,
      },
      mail: { delivery: 'off', state: 'off', pending: 0, retrying: 0, oldest_due_age_seconds: null, abandoned_last_24h: 0 },
    });
  });

  it('readyz: 503 when a migration is missing or the database does not answer; healthz still 200', async () => {
    const portal = await server();
    await alterDatabase(portal, `DELETE FROM schema_migrations WHERE version = ${LATEST_VERSION}`);
    let response = await portal.app.inject({ method: 'GET', url: '/loanmanager/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable' });
    expect(lastReadiness(portal)).toMatchObject({ database: { reachable: true, migrated: false, schema_version: LATEST_VERSION > 1 ? LATEST_VERSION - 1 : null } });

    await alterDatabase(portal, 'DROP TABLE schema_migrations');
    response = await portal.app.inject({ method: 'GET', url: '/loanmanager/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable' });
    expect(lastReadiness(portal)).toMatchObject({ database: { reachable: false, migrated: false } });
    expect((await portal.app.inject({ method: 'GET', url: '/loanmanager/healthz' })).statusCode).toBe(200);
  });

  it('readyz logs mail due long ago as degraded without making the instance unready', async () => {
    const failing = { sendMail: async () => Promise.reject(Object.assign(new Error('down'), { code: 'ECONNECTION' })) };
    const portal = await server({ mailTransport: failing });
    const client = portal.client();
    await client.visit();
    await client.post(`${API}account/request_password_reset/`, { username: 'dana.demo', recaptcha_response: 't' });
    await portal.app.mailer.deliverDue();
    portal.clock.advance(20 * 60_000);
    const response = await portal.app.inject({ method: 'GET', url: '/loanmanager/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
    expect(lastReadiness(portal)).toMatchObject({ ready: true, mail: { delivery: 'smtp', state: 'degraded', pending: 1, retrying: 1, oldest_due_age_seconds: 1200 } });
  });
});

describe('logs', () => {
  it('every line names the instance that wrote it', async () => {
    const portal = await server({ instanceId: 'web-7' });
    await portal.client().get('/loanmanager/login/');
    const lines = portal.logs().trim().split('\n').map((line) => JSON.parse(line) as { instance?: string });
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.every((line) => line.instance === 'web-7')).toBe(true);
  });

  type Line = { msg?: string; level?: number; reqId?: string; req?: { method?: string; url?: string }; res?: { statusCode?: number }; responseTime?: number };
  const linesOf = (portal: TestServer) =>
    portal.logs().trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Line);

  it('writes one access-log line per request, on completion, with the request, its status and its time', async () => {
    const portal = await server({ logLevel: 'info' });
    const before = linesOf(portal).length;
    await portal.app.inject({ method: 'GET', url: '/loanmanager/reset_password/abcdefabcdefabcdef/?email_address=a%40b.example' });
    const lines = linesOf(portal).slice(before);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({ msg: 'request completed', req: { method: 'GET' }, res: { statusCode: expect.any(Number) } });
    expect(line?.req?.url).toBe('/loanmanager/reset_password/[redacted]/?email_address=[redacted]');
    expect(typeof line?.responseTime).toBe('number');
    expect(typeof line?.reqId).toBe('string');
  });

  it('logs the arrival of each request too at debug level', async () => {
    const portal = await server({ logLevel: 'debug' });
    const before = linesOf(portal).length;
    await portal.app.inject({ method: 'GET', url: '/loanmanager/healthz' });
    const lines = linesOf(portal).slice(before);
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(lines[0]?.reqId).toBe(lines[1]?.reqId);
  });

  it('logs a request whose client leaves before the answer (no completed line for it)', async () => {
    const portal = await server({ logLevel: 'info' });
    await portal.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = portal.app.server.address() as AddressInfo;
    const before = linesOf(portal).length;
    // a body announced and never sent in full: the request never completes (a token: no CSRF refusal first)
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(
        `POST ${API}go-green/opt_out/ HTTP/1.1\r\nHost: portal.test\r\nauthorization: Token ${DEMO_API_TOKEN}\r\n` +
          'content-type: application/json\r\ncontent-length: 100\r\n\r\n{"',
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    for (let waited = 0; waited < 2000 && !linesOf(portal).slice(before).some((line) => line.msg === 'request aborted'); waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const lines = linesOf(portal).slice(before);
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'request aborted', req: expect.objectContaining({ method: 'POST', url: `${API}go-green/opt_out/` }) }));
    expect(lines.some((line) => line.msg === 'request completed')).toBe(false);
  });

  it('INSTANCE_ID defaults to the host name and process id', () => {
    expect(optionsFromEnv({}).instanceId).toMatch(new RegExp(`-${process.pid}$`));
    expect(instanceIdOf(' web-1 ')).toBe('web-1');
    expect(() => instanceIdOf('a b')).toThrow(ConfigError);
  });
});

describe('TRUST_PROXY', () => {
  it('parses off, true, a hop count and a list of addresses or CIDRs', () => {
    expect(trustProxyOf(undefined)).toBe(false);
    expect(trustProxyOf('0')).toBe(false);
    expect(trustProxyOf('false')).toBe(false);
    expect(trustProxyOf('1')).toBe(true);
    expect(trustProxyOf('true')).toBe(true);
    expect(trustProxyOf('2')).toBe(2);
    expect(trustProxyOf('10.0.0.0/8, 127.0.0.1,::1')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
    expect(() => trustProxyOf('loadbalancer.internal')).toThrow(ConfigError);
  });

  // a page (the probes are not rate limited)
  const fromBalancer = (portal: TestServer, client: string) =>
    portal.app.inject({
      method: 'GET',
      url: '/loanmanager/login/',
      remoteAddress: '10.1.2.3',
      headers: { 'x-forwarded-for': client, 'x-forwarded-proto': 'https' },
    });

  it('off: X-Forwarded-For is ignored, so every client behind one address shares its rate limit', async () => {
    const portal = await server({ routeRateLimitMax: 2 });
    const statuses = [];
    for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) statuses.push((await fromBalancer(portal, client)).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    expect((await fromBalancer(portal, '203.0.113.9')).headers['strict-transport-security']).toBeUndefined();
  });

  it.each([
    ['the balancer address', ['10.1.2.3']],
    ['a CIDR', ['10.0.0.0/8']],
    ['a hop count', 1],
    ['any proxy', true],
  ])('trusting %s: the forwarded client address keys the rate limit and the scheme comes from the balancer', async (_name, trustProxy) => {
    const portal = await server({ routeRateLimitMax: 2, trustProxy });
    const statuses = [];
    for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) statuses.push((await fromBalancer(portal, client)).statusCode);
    expect(statuses).toEqual([200, 200, 200]);
    const same = [];
    for (let i = 0; i < 3; i += 1) same.push((await fromBalancer(portal, '198.51.100.7')).statusCode);
    expect(same).toEqual([200, 200, 429]);
    expect((await fromBalancer(portal, '203.0.113.9')).headers['strict-transport-security']).toMatch(/^max-age=/);
  });

  it('a list does not trust a peer outside it', async () => {
    const portal = await server({ routeRateLimitMax: 2, trustProxy: ['192.168.0.0/16'] });
    const statuses = [];
    for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) statuses.push((await fromBalancer(portal, client)).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
  });
});

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

describe('graceful shutdown', () => {
  it('stops accepting, finishes the request in flight and the send in flight, then closes the store', async () => {
    const smtp = await startSmtpServer();
    try {
      const portal = await startTestServer({ smtpUrl: smtp.url });
      let slowStarted!: () => void;
      const started = new Promise<void>((resolve) => (slowStarted = resolve));
      let releaseSlow!: () => void;
      const slow = new Promise<void>((resolve) => (releaseSlow = resolve));
      portal.app.get('/loanmanager/test/slow', async () => {
        slowStarted();
        await slow;
        return { finished: true };
      });
      await portal.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = portal.app.server.address() as AddressInfo;

      // a mail whose SMTP acceptance is slow, in flight when the shutdown begins
      smtp.setAcceptDelay(300);
      const arrived = smtp.nextData();
      await portal.app.mailer.send({ to: 'borrower@example.com', subject: 'Notice', body: 'text', links: [] });
      await arrived;

      const inFlight = get(port, '/loanmanager/test/slow');
      await started;
      const closing = shutDown(portal.app, 5000);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await expect(get(port, '/loanmanager/healthz')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
      releaseSlow();
      expect(await inFlight).toEqual({ status: 200, body: '{"finished":true}' });
      expect(await closing).toBe(true);

      expect(smtp.received).toHaveLength(1);
      // the store was closed: closing the last connection checkpoints and removes the WAL file
      if (!portal.schema) expect(fs.existsSync(`${portal.databasePath}-wal`)).toBe(false);
      const [row] = await portal.query<{ sent_at: number | null; claimed_by: string | null }>('SELECT sent_at, claimed_by FROM outbox');
      expect(row).toEqual({ sent_at: portal.clock.now().getTime(), claimed_by: null });
      expect(portal.logs()).toContain('mail sent');
      fs.rmSync(portal.dir, { recursive: true, force: true });
    } finally {
      await smtp.stop();
    }
  });

  it('gives up waiting after the time limit', async () => {
    const portal = await server();
    let releaseSlow!: () => void;
    const slow = new Promise<void>((resolve) => (releaseSlow = resolve));
    let slowStarted!: () => void;
    const started = new Promise<void>((resolve) => (slowStarted = resolve));
    portal.app.get('/loanmanager/test/slow', async () => {
      slowStarted();
      await slow;
      return {};
    });
    await portal.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = portal.app.server.address() as AddressInfo;
    const inFlight = get(port, '/loanmanager/test/slow');
    await started;
    expect(await shutDown(portal.app, 100)).toBe(false);
    releaseSlow();
    await inFlight;
  });
});
