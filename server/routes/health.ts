/**
 * Probes for a load balancer or orchestrator, anonymous, which tell nothing and never lie (issue 38):
 *
 * - `healthz` (liveness): the process answers. It touches neither the database nor the rate-limit
 *   counters (which live in the database), so a database blip never makes an orchestrator restart
 *   every instance. Its answer is always `{"status":"ok"}`.
 * - `readyz` (readiness): the database is reachable, migrated **and takes writes** (a one-row
 *   heartbeat written on each check: the rate-limit counter `probe:readyz`), else 503, so the
 *   balancer stops sending borrowers here while every write would fail (a full disk, a read-only
 *   replica). Its answer is `{"status":"ready"}` or `{"status":"unavailable"}` and nothing else:
 *   the mail queue's counts told anyone whether a username had just been locked out (a notice
 *   queued), so they go to the log instead ("readiness", when they change; every check at debug).
 *   Mail that is stuck (due but undelivered for a while, or given up on) is logged as `degraded`
 *   but does not make the instance unready: taking it out of rotation would not bring the mail
 *   server back.
 *
 * Neither is rate limited: healthz costs nothing, and readyz's checks are shared by every request
 * that arrives while one is under way, so a flood of probes costs the database one check at a time.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { PortalContext } from '../http/context';
import { sendJson } from '../http/context';
import type { OutboxHealth } from '../db/records';

import { HEALTHZ_PATH, READYZ_PATH } from '../http/probePaths';

export { PROBE_PATHS } from '../http/probePaths';

/** Mail due this long ago and still not delivered counts as stuck. */
const STUCK_MAIL_MS = 10 * 60_000;
const ABANDONED_WINDOW_MS = 24 * 3600_000;
/** The heartbeat readiness writes: a rate-limit counter no request ever uses. */
const WRITE_PROBE_KEY = 'probe:readyz';
/** A write that has not answered in this time counts as refused. */
const WRITE_PROBE_TIMEOUT_MS = 2_000;

/** What readiness found, for the log only. */
export interface ReadinessDetail {
  ready: boolean;
  database: {
    engine: 'sqlite' | 'postgres';
    reachable: boolean;
    migrated: boolean;
    writable: boolean;
    schema_version: number | null;
    expected_schema_version: number;
  };
  mail: ReturnType<typeof mailReport>;
}

function mailReport(health: OutboxHealth | null, deliveryOn: boolean) {
  if (!health) return { delivery: deliveryOn ? 'smtp' : 'off', state: 'unknown' };
  const stuck = health.oldestDueAgeMs !== null && health.oldestDueAgeMs >= STUCK_MAIL_MS;
  return {
    delivery: deliveryOn ? 'smtp' : 'off',
    state: !deliveryOn ? 'off' : stuck || health.abandonedSince > 0 ? 'degraded' : 'ok',
    pending: health.pending,
    retrying: health.retrying,
    oldest_due_age_seconds: health.oldestDueAgeMs === null ? null : Math.floor(health.oldestDueAgeMs / 1000),
    abandoned_last_24h: health.abandonedSince,
  };
}

/** Whether the database takes a write now: the heartbeat row, within the time limit. */
async function writeProbe(ctx: PortalContext, log: FastifyBaseLogger): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('the write probe timed out')), WRITE_PROBE_TIMEOUT_MS);
    });
    await Promise.race([ctx.store.countRequests(WRITE_PROBE_KEY, 1, 60_000, ctx.nowMs()), timeout]);
    return true;
  } catch (error) {
    log.warn({ err: error }, 'readiness: the database refused a write');
    return false;
  } finally {
    clearTimeout(timer);
  }
}

async function checkReadiness(ctx: PortalContext, log: FastifyBaseLogger): Promise<ReadinessDetail> {
  const database = await ctx.store.readiness();
  const migrated = database.schemaVersion !== null && database.schemaVersion >= database.expectedSchemaVersion;
  const writable = database.reachable && migrated ? await writeProbe(ctx, log) : false;
  let outbox: OutboxHealth | null = null;
  if (database.reachable) {
    const now = ctx.nowMs();
    outbox = await ctx.store.outboxHealth(now, now - ABANDONED_WINDOW_MS).catch((error: unknown) => {
      log.warn({ err: error }, 'readiness could not read the outbox');
      return null;
    });
  }
  return {
    ready: database.reachable && migrated && writable,
    database: {
      engine: database.engine,
      reachable: database.reachable,
      migrated,
      writable,
      schema_version: database.schemaVersion,
      expected_schema_version: database.expectedSchemaVersion,
    },
    mail: mailReport(outbox, ctx.mailer.deliveryOn),
  };
}

export function healthRoutes(app: FastifyInstance, ctx: PortalContext) {
  const noRateLimit = { config: { rateLimit: false } } as const;

  app.get(HEALTHZ_PATH, noRateLimit, async (_request, reply) => sendJson(reply, 200, { status: 'ok' }));

  /** The check under way: requests arriving meanwhile share its answer. */
  let current: Promise<ReadinessDetail> | null = null;
  /** What was last logged at info or warn: a change is logged there, the rest at debug. */
  let lastLogged = '';

  app.get(READYZ_PATH, noRateLimit, async (request, reply) => {
    current ??= checkReadiness(ctx, request.log).finally(() => {
      current = null;
    });
    const detail = await current;
    const summary = `${detail.ready}:${detail.database.reachable}:${detail.database.migrated}:${detail.database.writable}:${detail.mail.state}`;
    if (summary !== lastLogged) {
      lastLogged = summary;
      const level = !detail.ready || detail.mail.state === 'degraded' ? 'warn' : 'info';
      request.log[level]({ readiness: detail }, 'readiness');
    } else {
      request.log.debug({ readiness: detail }, 'readiness');
    }
    return sendJson(reply, detail.ready ? 200 : 503, { status: detail.ready ? 'ready' : 'unavailable' });
  });
}
