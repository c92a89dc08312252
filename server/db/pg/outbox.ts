/** The outbox of mail, in PostgreSQL: the durable queue described in `OutboxStore` (../store.ts).
 * Several instances claim from it at once; `FOR UPDATE SKIP LOCKED` gives each message to one. */
import type { Pool } from 'pg';
import type { OutboxHealth, OutboxMessage, OutboxStore } from '../store';
import { firstRow, rows } from './queries';

interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  body: string | null;
  links: string | null;
  sealed: boolean;
  created_at: number;
  purge_at: number;
  sent_at: number | null;
  send_error: string | null;
  attempts: number;
  next_attempt_at: number | null;
  abandoned_at: number | null;
}

const messageOf = (row: OutboxRow): OutboxMessage => ({
  id: row.id,
  to: row.to_address,
  subject: row.subject,
  body: row.body,
  links: row.links,
  sealed: row.sealed,
  createdAt: row.created_at,
  purgeAt: row.purge_at,
  sentAt: row.sent_at,
  sendError: row.send_error,
  attempts: row.attempts,
  nextAttemptAt: row.next_attempt_at,
  abandonedAt: row.abandoned_at,
});

const COLUMNS =
  'id, to_address, subject, body, links, sealed, created_at, purge_at, sent_at, send_error, attempts, next_attempt_at, abandoned_at';

export function pgOutbox(pool: Pool): OutboxStore {
  return {
    async addToOutbox(message) {
      const row = await firstRow<{ id: number }>(
        pool,
        `INSERT INTO outbox (to_address, subject, body, links, sealed, created_at, purge_at, next_attempt_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $6) RETURNING id`,
        [message.to, message.subject, message.body, message.links, message.sealed, message.now, message.purgeAt],
      );
      return row!.id;
    },

    async claimDueMessages(instanceId, now, limit, leaseMs) {
      // One statement: rows another instance is claiming right now are skipped, not waited for,
      // and a row claimed and committed meanwhile fails the re-checked lease condition.
      const claimed = await rows<OutboxRow>(
        pool,
        `UPDATE outbox SET claimed_by = $1, claimed_until = $2
         WHERE id IN (
           SELECT id FROM outbox
           WHERE next_attempt_at IS NOT NULL AND next_attempt_at <= $3 AND purge_at > $3 AND body IS NOT NULL
             AND (claimed_until IS NULL OR claimed_until <= $3)
           ORDER BY next_attempt_at, id LIMIT $4
           FOR UPDATE SKIP LOCKED
         )
         AND (claimed_until IS NULL OR claimed_until <= $3)
         RETURNING ${COLUMNS}`,
        [instanceId, now + leaseMs, now, limit],
      );
      return claimed.map(messageOf).sort((a, b) => (a.nextAttemptAt ?? 0) - (b.nextAttemptAt ?? 0) || a.id - b.id);
    },

    async markDelivered(id, now, keepBody) {
      await pool.query(
        `UPDATE outbox SET sent_at = $1, next_attempt_at = NULL, abandoned_at = NULL, send_error = NULL,
           claimed_by = NULL, claimed_until = NULL,
           body = CASE WHEN $2 THEN body ELSE NULL END, links = CASE WHEN $2 THEN links ELSE NULL END
         WHERE id = $3 AND sent_at IS NULL`,
        [now, keepBody, id],
      );
    },

    async markAttemptFailed(id, instanceId, _now, errorCode, nextAttemptAt) {
      const result = await pool.query(
        `UPDATE outbox SET attempts = attempts + 1, send_error = $1, next_attempt_at = $2,
           claimed_by = NULL, claimed_until = NULL
         WHERE id = $3 AND claimed_by = $4 AND sent_at IS NULL`,
        [errorCode, nextAttemptAt, id, instanceId],
      );
      return result.rowCount === 1;
    },

    async markAbandoned(id, instanceId, now, errorCode) {
      const result = await pool.query(
        `UPDATE outbox SET attempts = attempts + 1, abandoned_at = $1, send_error = $2, next_attempt_at = NULL,
           claimed_by = NULL, claimed_until = NULL, body = NULL, links = NULL
         WHERE id = $3 AND claimed_by = $4 AND sent_at IS NULL`,
        [now, errorCode, id, instanceId],
      );
      return result.rowCount === 1;
    },

    async abandonExpired(now) {
      const result = await pool.query(
        `UPDATE outbox SET abandoned_at = $1, send_error = COALESCE(send_error, 'expired'), next_attempt_at = NULL,
           claimed_by = NULL, claimed_until = NULL, body = NULL, links = NULL
         WHERE next_attempt_at IS NOT NULL AND purge_at <= $1 AND (claimed_until IS NULL OR claimed_until <= $1)`,
        [now],
      );
      return result.rowCount ?? 0;
    },

    async purgeOutbox(now: number) {
      const result = await pool.query('UPDATE outbox SET body = NULL, links = NULL WHERE body IS NOT NULL AND purge_at <= $1', [now]);
      return result.rowCount ?? 0;
    },

    async listOutbox(limit: number): Promise<OutboxMessage[]> {
      return (await rows<OutboxRow>(pool, `SELECT ${COLUMNS} FROM outbox ORDER BY id DESC LIMIT $1`, [limit])).map(messageOf);
    },

    async outboxHealth(now, since): Promise<OutboxHealth> {
      const row = await firstRow<{ pending: number; retrying: number; oldest_due: number | null; abandoned: number }>(
        pool,
        `SELECT
           COUNT(*) FILTER (WHERE next_attempt_at IS NOT NULL) AS pending,
           COUNT(*) FILTER (WHERE next_attempt_at IS NOT NULL AND attempts > 0) AS retrying,
           MIN(created_at) FILTER (WHERE next_attempt_at IS NOT NULL AND next_attempt_at <= $1) AS oldest_due,
           COUNT(*) FILTER (WHERE abandoned_at IS NOT NULL AND abandoned_at >= $2) AS abandoned
         FROM outbox WHERE next_attempt_at IS NOT NULL OR abandoned_at >= $2`,
        [now, since],
      );
      return {
        pending: row?.pending ?? 0,
        retrying: row?.retrying ?? 0,
        oldestDueAgeMs: row?.oldest_due == null ? null : now - row.oldest_due,
        abandonedSince: row?.abandoned ?? 0,
      };
    },
  };
}
