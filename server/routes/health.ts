/**
 * Probes for a load balancer or orchestrator. `healthz`: the process answers (no database).
 * `readyz`: the database is reachable and migrated; 503 otherwise, so the balancer stops
 * sending borrowers here. Mail that is stuck (due but undelivered for a while, or given up on)
 * is reported in the JSON but does not make the instance unready: taking it out of rotation
 * would not bring the mail server back.
 */
import type { FastifyInstance } from 'fastify';
import type { PortalContext } from '../context';
import { sendJson } from '../context';
import type { OutboxHealth } from '../db/store';

import { HEALTHZ_PATH, READYZ_PATH } from '../probePaths';

export { HEALTHZ_PATH, PROBE_PATHS, READYZ_PATH } from '../probePaths';

/** Mail due this long ago and still not delivered counts as stuck. */
export const STUCK_MAIL_MS = 10 * 60_000;
const ABANDONED_WINDOW_MS = 24 * 3600_000;

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

export function healthRoutes(app: FastifyInstance, ctx: PortalContext) {
  app.get(HEALTHZ_PATH, async (_request, reply) => {
    return sendJson(reply, 200, { status: 'ok', instance: ctx.options.instanceId });
  });

  app.get(READYZ_PATH, async (request, reply) => {
    const database = await ctx.store.readiness();
    const migrated = database.schemaVersion !== null && database.schemaVersion >= database.expectedSchemaVersion;
    const ready = database.reachable && migrated;
    let outbox: OutboxHealth | null = null;
    if (database.reachable) {
      const now = ctx.nowMs();
      outbox = await ctx.store.outboxHealth(now, now - ABANDONED_WINDOW_MS).catch((error: unknown) => {
        request.log.warn({ err: error }, 'readiness could not read the outbox');
        return null;
      });
    }
    if (!ready) request.log.warn({ database }, 'not ready');
    return sendJson(reply, ready ? 200 : 503, {
      status: ready ? 'ready' : 'unavailable',
      instance: ctx.options.instanceId,
      database: {
        engine: database.engine,
        reachable: database.reachable,
        migrated,
        schema_version: database.schemaVersion,
        expected_schema_version: database.expectedSchemaVersion,
      },
      mail: mailReport(outbox, ctx.mailer.deliveryOn),
    });
  });
}
