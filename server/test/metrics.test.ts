/**
 * Metrics (server/http/metrics.ts): prom-client's text on a private listener (METRICS_PORT, loopback),
 * requests by route pattern, the mail queue, the hashing pool's queue; never on the public server.
 */
import { ConfigError, metricsPortOf, optionsFromEnv } from '../config';
import { setHashingQueueLength } from '../http/metrics';
import { API, startTestServer, type TestServer } from './harness';

// a PostgreSQL test server on a loaded machine takes seconds to start

const servers: TestServer[] = [];
afterEach(async () => {
  setHashingQueueLength(() => 0);
  for (const server of servers.splice(0)) await server.close().catch(() => undefined);
});
async function server(overrides: Parameters<typeof startTestServer>[0] = {}) {
  const started = await startTestServer(overrides);
  servers.push(started);
  return started;
}

async function scrape(portal: TestServer): Promise<{ status: number; type: string | null; text: string }> {
  const address = portal.app.metricsAddress();
  if (!address) throw new Error('no metrics listener');
  const response = await fetch(`http://${address.address}:${address.port}/metrics`);
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics', () => {
  it('answer on a loopback listener of their own: requests by route pattern, never the raw address', async () => {
    const portal = await server({ metricsPort: 0 });
    expect(portal.app.metricsAddress()).toMatchObject({ address: '127.0.0.1' });
    for (let i = 0; i < 3; i++) await portal.app.inject({ method: 'GET', url: '/loanmanager/healthz' });
    const nonce = 'abcdefghijklmnopqrstuvwxyz012345';
    await portal.app.inject({ method: 'GET', url: `/loanmanager/reset_password/${nonce}/` });
    await portal.app.inject({ method: 'GET', url: '/loanmanager/no-such-page/' });

    const { status, type, text } = await scrape(portal);
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sample(text, 'loanmanager_http_requests_total{method="GET",route="/loanmanager/healthz",status_code="200"}')).toBe(3);
    expect(sample(text, 'loanmanager_http_request_duration_seconds_count{method="GET",route="/loanmanager/healthz",status_code="200"}')).toBe(3);
    expect(text).toContain('route="/loanmanager/reset_password/:nonce/"');
    expect(sample(text, 'loanmanager_http_requests_total{method="GET",route="unmatched",status_code="404"}')).toBe(1);
    expect(text).not.toContain(nonce);
    expect(text).not.toContain('no-such-page');
    // Node's own, prefixed
    expect(text).toContain('loanmanager_process_cpu_seconds_total');
  });

  it('report the mail queue: depth and the age of the oldest due message', async () => {
    const portal = await server({ metricsPort: 0 });
    let text = (await scrape(portal)).text;
    expect(sample(text, 'loanmanager_mail_queue_pending')).toBe(0);
    expect(sample(text, 'loanmanager_mail_oldest_due_age_seconds')).toBe(0);

    const client = portal.client();
    await client.visit();
    const reset = await client.post(`${API}account/request_password_reset/`, { username: 'dana.demo', recaptcha_response: 't' });
    expect(reset.statusCode).toBe(200);
    // the link is queued once the answer has gone (equal timing): wait for it before time moves on
    await portal.app.mailer.settled();
    portal.clock.advance(90_000);
    // a scrape within a second reuses the last read of the outbox
    await new Promise((resolve) => setTimeout(resolve, 1100));
    text = (await scrape(portal)).text;
    expect(sample(text, 'loanmanager_mail_queue_pending')).toBe(1);
    expect(sample(text, 'loanmanager_mail_queue_retrying')).toBe(0);
    expect(sample(text, 'loanmanager_mail_oldest_due_age_seconds')).toBe(90);
    expect(sample(text, 'loanmanager_mail_abandoned_last_24h')).toBe(0);
  });

  it('report the hashing pool queue through the function it registers (0 before)', async () => {
    const portal = await server({ metricsPort: 0 });
    expect(sample((await scrape(portal)).text, 'loanmanager_password_hashing_queue_length')).toBe(0);
    let waiting = 4;
    setHashingQueueLength(() => waiting);
    expect(sample((await scrape(portal)).text, 'loanmanager_password_hashing_queue_length')).toBe(4);
    waiting = 1;
    expect(sample((await scrape(portal)).text, 'loanmanager_password_hashing_queue_length')).toBe(1);
  });

  it('are not on the public server (404), and the private listener serves nothing else', async () => {
    const portal = await server({ metricsPort: 0 });
    for (const url of ['/metrics', '/loanmanager/metrics']) {
      expect((await portal.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    expect(portal.routes().some((route) => /metrics/.test(route.url))).toBe(false);
    const address = portal.app.metricsAddress()!;
    expect((await fetch(`http://127.0.0.1:${address.port}/loanmanager/healthz`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${address.port}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('are off without METRICS_PORT: no listener; the listener closes with the server', async () => {
    const off = await server();
    expect(off.app.metricsAddress()).toBeNull();
    const on = await server({ metricsPort: 0 });
    const { port } = on.app.metricsAddress()!;
    await on.app.close();
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });

  it('METRICS_PORT: a port number, METRICS_HOST loopback unless told', () => {
    expect(optionsFromEnv({})).toMatchObject({ metricsPort: null, metricsHost: '127.0.0.1' });
    expect(optionsFromEnv({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' })).toMatchObject({ metricsPort: 9464, metricsHost: '10.0.0.5' });
    expect(metricsPortOf('')).toBeNull();
    for (const wrong of ['0', 'abc', '70000', '1.5']) expect(() => metricsPortOf(wrong)).toThrow(ConfigError);
  });
});
