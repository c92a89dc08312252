/** The outbox of mail, in PostgreSQL. */
import type { Pool } from 'pg';
import type { OutboxMessage, OutboxStore } from '../store';
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
}

const toMessage = (row: OutboxRow): OutboxMessage => ({
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
});

export function pgOutbox(pool: Pool): OutboxStore {
  return {
    async addToOutbox(message) {
      const row = await firstRow<{ id: number }>(
        pool,
        `INSERT INTO outbox (to_address, subject, body, links, sealed, created_at, purge_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [message.to, message.subject, message.body, message.links, message.sealed, message.now, message.purgeAt],
      );
      return row!.id;
    },

    async markOutboxSent(id: number, now: number, error: string | null, keepBody: boolean) {
      await pool.query(
        `UPDATE outbox SET sent_at = $1, send_error = $2,
           body = CASE WHEN $3 THEN body ELSE NULL END, links = CASE WHEN $3 THEN links ELSE NULL END
         WHERE id = $4`,
        [error === null ? now : null, error, keepBody, id],
      );
    },

    async purgeOutbox(now: number) {
      const result = await pool.query('UPDATE outbox SET body = NULL, links = NULL WHERE body IS NOT NULL AND purge_at <= $1', [now]);
      return result.rowCount ?? 0;
    },

    async listOutbox(limit: number): Promise<OutboxMessage[]> {
      return (await rows<OutboxRow>(pool, 'SELECT * FROM outbox ORDER BY id DESC LIMIT $1', [limit])).map(toMessage);
    },
  };
}
