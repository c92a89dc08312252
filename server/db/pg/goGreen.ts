/** Paperless delivery and its append-only consent audit, in PostgreSQL. */
import type { Pool } from 'pg';
import type { ConsentRecord, GoGreenStore } from '../store';
import { inTransaction, rows } from './queries';

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

export function pgGoGreen(pool: Pool): GoGreenStore {
  return {
    async setElectdocs(borrowerId: number, electdocs: boolean, consent: ConsentRecord) {
      await inTransaction(pool, async (client) => {
        await client.query('UPDATE borrowers SET electdocs = $1 WHERE id = $2', [electdocs, borrowerId]);
        await client.query(
          `INSERT INTO consent_audit (borrower_id, user_id, action, email_address, time_zone, browser, os,
             client_address, user_agent, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          [
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
          ],
        );
      });
    },

    async consentAudit(borrowerId: number): Promise<ConsentRecord[]> {
      const found = await rows<ConsentRow>(pool, 'SELECT * FROM consent_audit WHERE borrower_id = $1 ORDER BY id', [borrowerId]);
      return found.map((row) => ({
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
