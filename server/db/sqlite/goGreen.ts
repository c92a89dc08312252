/** Paperless delivery and its append-only consent audit, in SQLite. */
import type { Database } from 'better-sqlite3';
import type { ConsentRecord, GoGreenStore } from '../store';

interface ConsentRow {
  borrower_id: number;
  user_id: number;
  action: 'opt_in' | 'opt_out';
  email_address: string | null;
  time_zone: string | null;
  browser: string | null;
  os: string | null;
  client_address: string;
  user_agent: string | null;
  created_at: number;
}

export function sqliteGoGreen(db: Database): GoGreenStore {
  return {
    async setElectdocs(borrowerId: number, electdocs: boolean, consent: ConsentRecord) {
      db.transaction(() => {
        db.prepare('UPDATE borrowers SET electdocs = ? WHERE id = ?').run(electdocs ? 1 : 0, borrowerId);
        db
          .prepare(
            `INSERT INTO consent_audit (borrower_id, user_id, action, email_address, time_zone, browser, os,
               client_address, user_agent, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            consent.borrowerId,
            consent.userId,
            consent.action,
            consent.emailAddress,
            consent.timeZone,
            consent.browser,
            consent.os,
            consent.clientAddress,
            consent.userAgent,
            consent.createdAt,
          );
      })();
    },

    async consentAudit(borrowerId: number): Promise<ConsentRecord[]> {
      const rows = db
        .prepare('SELECT * FROM consent_audit WHERE borrower_id = ? ORDER BY id')
        .all(borrowerId) as ConsentRow[];
      return rows.map((row) => ({
        borrowerId: row.borrower_id,
        userId: row.user_id,
        action: row.action,
        emailAddress: row.email_address,
        timeZone: row.time_zone,
        browser: row.browser,
        os: row.os,
        clientAddress: row.client_address,
        userAgent: row.user_agent,
        createdAt: row.created_at,
      }));
    },
  };
}
