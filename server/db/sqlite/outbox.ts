/** The outbox of mail, in SQLite. */
import type { Database } from 'better-sqlite3';
import type { OutboxMessage, OutboxStore } from '../store';

export function sqliteOutbox(db: Database): OutboxStore {
  return {
    async addToOutbox(message) {
      const result = db
        .prepare(
          `INSERT INTO outbox (to_address, subject, body, links, sealed, created_at, purge_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(message.to, message.subject, message.body, message.links, message.sealed ? 1 : 0, message.now, message.purgeAt);
      return Number(result.lastInsertRowid);
    },

    async markOutboxSent(id: number, now: number, error: string | null, keepBody: boolean) {
      db
        .prepare(
          `UPDATE outbox SET sent_at = ?, send_error = ?,
             body = CASE WHEN ? THEN body ELSE NULL END, links = CASE WHEN ? THEN links ELSE NULL END
           WHERE id = ?`,
        )
        .run(error === null ? now : null, error, keepBody ? 1 : 0, keepBody ? 1 : 0, id);
    },

    async purgeOutbox(now: number) {
      return db.prepare('UPDATE outbox SET body = NULL, links = NULL WHERE body IS NOT NULL AND purge_at <= ?').run(now)
        .changes;
    },

    async listOutbox(limit: number): Promise<OutboxMessage[]> {
      const rows = db.prepare('SELECT * FROM outbox ORDER BY id DESC LIMIT ?').all(limit) as Array<{
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
      }>;
      return rows.map((row) => ({
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
      }));
    },
  };
}
