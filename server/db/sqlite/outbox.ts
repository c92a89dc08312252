/** The outbox of mail, in SQLite: the durable queue described in `OutboxStore` (../store.ts). */
import type { Database } from 'better-sqlite3';
import type { OutboxHealth, OutboxMessage, OutboxStore } from '../store';

interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  body: string | null;
  links: string | null;
  sealed: number;
  created_at: number;
  purge_at: number;
  sent_at: number | null;
  send_error: string | null;
  attempts: number;
  next_attempt_at: number | null;
  abandoned_at: number | null;
}

function messageOf(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    body: row.body,
    links: row.links,
    sealed: row.sealed === 1,
    createdAt: row.created_at,
    purgeAt: row.purge_at,
    sentAt: row.sent_at,
    sendError: row.send_error,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    abandonedAt: row.abandoned_at,
  };
}

const COLUMNS =
  'id, to_address, subject, body, links, sealed, created_at, purge_at, sent_at, send_error, attempts, next_attempt_at, abandoned_at';

export function sqliteOutbox(db: Database): OutboxStore {
  const claimable = db.prepare(
    `SELECT id FROM outbox
     WHERE next_attempt_at IS NOT NULL AND next_attempt_at <= ? AND purge_at > ? AND body IS NOT NULL
       AND (claimed_until IS NULL OR claimed_until <= ?)
     ORDER BY next_attempt_at, id LIMIT ?`,
  );
  const claim = db.prepare(
    `UPDATE outbox SET claimed_by = ?, claimed_until = ? WHERE id = ? RETURNING ${COLUMNS}`,
  );
  // IMMEDIATE takes the write lock before the SELECT: another connection cannot pick the same
  // rows between this one's SELECT and UPDATE.
  const claimDue = db.transaction((instanceId: string, now: number, limit: number, leaseMs: number) => {
    const ids = claimable.all(now, now, now, limit) as Array<{ id: number }>;
    return ids.map(({ id }) => messageOf(claim.get(instanceId, now + leaseMs, id) as OutboxRow));
  });

  return {
    async addToOutbox(message) {
      const result = db
        .prepare(
          `INSERT INTO outbox (to_address, subject, body, links, sealed, created_at, purge_at, next_attempt_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          message.to,
          message.subject,
          message.body,
          message.links,
          message.sealed ? 1 : 0,
          message.now,
          message.purgeAt,
          message.now,
        );
      return Number(result.lastInsertRowid);
    },

    async claimDueMessages(instanceId, now, limit, leaseMs) {
      return claimDue.immediate(instanceId, now, limit, leaseMs);
    },

    async markDelivered(id, now, keepBody) {
      db.prepare(
        `UPDATE outbox SET sent_at = ?, next_attempt_at = NULL, abandoned_at = NULL, send_error = NULL,
           claimed_by = NULL, claimed_until = NULL,
           body = CASE WHEN ? THEN body ELSE NULL END, links = CASE WHEN ? THEN links ELSE NULL END
         WHERE id = ? AND sent_at IS NULL`,
      ).run(now, keepBody ? 1 : 0, keepBody ? 1 : 0, id);
    },

    async markAttemptFailed(id, instanceId, _now, errorCode, nextAttemptAt) {
      return (
        db
          .prepare(
            `UPDATE outbox SET attempts = attempts + 1, send_error = ?, next_attempt_at = ?,
               claimed_by = NULL, claimed_until = NULL
             WHERE id = ? AND claimed_by = ? AND sent_at IS NULL`,
          )
          .run(errorCode, nextAttemptAt, id, instanceId).changes === 1
      );
    },

    async markAbandoned(id, instanceId, now, errorCode) {
      return (
        db
          .prepare(
            `UPDATE outbox SET attempts = attempts + 1, abandoned_at = ?, send_error = ?, next_attempt_at = NULL,
               claimed_by = NULL, claimed_until = NULL, body = NULL, links = NULL
             WHERE id = ? AND claimed_by = ? AND sent_at IS NULL`,
          )
          .run(now, errorCode, id, instanceId).changes === 1
      );
    },

    async abandonExpired(now) {
      return db
        .prepare(
          `UPDATE outbox SET abandoned_at = ?, send_error = COALESCE(send_error, 'expired'), next_attempt_at = NULL,
             claimed_by = NULL, claimed_until = NULL, body = NULL, links = NULL
           WHERE next_attempt_at IS NOT NULL AND purge_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?)`,
        )
        .run(now, now, now).changes;
    },

    async purgeOutbox(now: number) {
      return db.prepare('UPDATE outbox SET body = NULL, links = NULL WHERE body IS NOT NULL AND purge_at <= ?').run(now)
        .changes;
    },

    async listOutbox(limit: number): Promise<OutboxMessage[]> {
      const rows = db.prepare(`SELECT ${COLUMNS} FROM outbox ORDER BY id DESC LIMIT ?`).all(limit) as OutboxRow[];
      return rows.map(messageOf);
    },

    async outboxHealth(now, since): Promise<OutboxHealth> {
      const row = db
        .prepare(
          `SELECT
             COUNT(*) FILTER (WHERE next_attempt_at IS NOT NULL) AS pending,
             COUNT(*) FILTER (WHERE next_attempt_at IS NOT NULL AND attempts > 0) AS retrying,
             MIN(created_at) FILTER (WHERE next_attempt_at IS NOT NULL AND next_attempt_at <= ?) AS oldest_due,
             COUNT(*) FILTER (WHERE abandoned_at IS NOT NULL AND abandoned_at >= ?) AS abandoned
           FROM outbox WHERE next_attempt_at IS NOT NULL OR abandoned_at >= ?`,
        )
        .get(now, since, since) as { pending: number; retrying: number; oldest_due: number | null; abandoned: number };
      return {
        pending: row.pending,
        retrying: row.retrying,
        oldestDueAgeMs: row.oldest_due === null ? null : now - row.oldest_due,
        abandonedSince: row.abandoned,
      };
    },
  };
}
