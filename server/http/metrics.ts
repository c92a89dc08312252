/**
 * Prometheus metrics (prom-client), served on a listener of their own, never on the public port:
 * `METRICS_PORT` (off by default) on `METRICS_HOST` (127.0.0.1), `GET /metrics` and nothing else.
 * The public server has no /metrics route (404), so the TLS proxy cannot reach them whatever it
 * forwards (docs/deploy.md).
 *
 * - `loanmanager_http_requests_total` and `loanmanager_http_request_duration_seconds`: by method,
 *   route pattern (`/loanmanager/reset_password/:nonce/`, never the raw address: no nonce in a
 *   label, and a bounded number of series) and status; `unmatched` for the 404s of no route.
 * - `loanmanager_mail_queue_pending`, `…_retrying`, `loanmanager_mail_oldest_due_age_seconds`,
 *   `loanmanager_mail_abandoned_last_24h`: the outbox as readyz reports it, read at each scrape
 *   (one query per scrape); NaN when the database cannot be read.
 * - `loanmanager_password_hashing_queue_length`: the hashing pool's waiting tasks, read from
 *   the pool (`passwordHashingState`) at each scrape.
 * - Node's own (prom-client's default metrics: CPU, memory, event loop delay, GC), prefixed `loanmanager_`.
 *
 * Nothing is registered and prom-client is not even loaded when METRICS_PORT is unset.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { PortalContext } from './context';
import type { OutboxHealth } from '../db/records';
import { passwordHashingState } from '../auth/passwordHashing';

const PREFIX = 'loanmanager_';
const ABANDONED_WINDOW_MS = 24 * 3600_000;
/** One outbox query serves every mail gauge of a scrape. */
const OUTBOX_READ_REUSE_MS = 1000;
/** Seconds; from a static file's milliseconds to a slow sign-in's scrypt. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const METRICS_PATH = '/metrics';

let hashingQueueLength: () => number = () => passwordHashingState().waiting;

/**
 * What the hashing gauge reads (the pool's own count by default: server/auth/passwordHashing.ts, which
 * imports nothing of ours, so no cycle); tests give it a count of their own. Read at each scrape.
 */
export function setHashingQueueLength(queueLength: () => number): void {
  hashingQueueLength = queueLength;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the private metrics listener listens; null when METRICS_PORT is unset. */
    metricsAddress: () => AddressInfo | null;
  }
}

/** Registers the metrics on `app` and opens their private listener, when `METRICS_PORT` is set. */
export async function registerMetrics(app: FastifyInstance, ctx: PortalContext): Promise<void> {
  const { metricsPort, metricsHost } = ctx.options;
  if (metricsPort === null) {
    app.decorate('metricsAddress', () => null);
    return;
  }
  const client = await import('prom-client');
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: PREFIX });
  const registers = [registry];

  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new client.Counter({ name: `${PREFIX}http_requests_total`, help: 'Requests answered, by route pattern', labelNames, registers });
  const durations = new client.Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time from the request to its answer, by route pattern',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers,
  });
  app.addHook('onResponse', (request, reply, done) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: reply.statusCode };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  let outboxRead: { at: number; health: Promise<OutboxHealth | null> } | null = null;
  const outbox = () => {
    const now = Date.now();
    if (!outboxRead || now - outboxRead.at > OUTBOX_READ_REUSE_MS) {
      const nowMs = ctx.nowMs();
      const health = ctx.store.outboxHealth(nowMs, nowMs - ABANDONED_WINDOW_MS).catch((error: unknown) => {
        app.log.warn({ err: error }, 'metrics could not read the outbox');
        return null;
      });
      outboxRead = { at: now, health };
    }
    return outboxRead.health;
  };
  const mailGauge = (name: string, help: string, valueOf: (health: OutboxHealth) => number) =>
    new client.Gauge({
      name: `${PREFIX}${name}`,
      help,
      registers,
      async collect() {
        const health = await outbox();
        this.set(health ? valueOf(health) : Number.NaN);
      },
    });
  mailGauge('mail_queue_pending', 'Messages waiting for delivery', (health) => health.pending);
  mailGauge('mail_queue_retrying', 'Messages waiting for delivery after a failed attempt', (health) => health.retrying);
  mailGauge(
    'mail_oldest_due_age_seconds',
    'Age of the oldest message due for delivery and not delivered (0 when none)',
    (health) => (health.oldestDueAgeMs ?? 0) / 1000,
  );
  mailGauge('mail_abandoned_last_24h', 'Messages given up on in the last 24 hours', (health) => health.abandonedSince);
  new client.Gauge({
    name: `${PREFIX}password_hashing_queue_length`,
    help: 'Password hashes waiting for a worker of the hashing pool',
    registers,
    collect() {
      this.set(hashingQueueLength());
    },
  });

  const listener = http.createServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== METRICS_PATH) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text),
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(metricsPort, metricsHost, () => {
      listener.off('error', reject);
      resolve();
    });
  });
  app.log.info({ address: listener.address() }, 'metrics listening');
  app.decorate('metricsAddress', () => listener.address() as AddressInfo);
  app.addHook('onClose', async () => {
    listener.closeAllConnections();
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  });
}
