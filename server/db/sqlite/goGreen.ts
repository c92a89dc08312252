/** Paperless delivery and its append-only consent audit, in SQLite. */
import type { Database } from 'better-sqlite3';
import { CONSENT_COLUMNS, consentFromRow, consentValues, type ConsentRow } from '../consentRows';
import type { ConsentRecord, GoGreenStore } from '../store';

export function sqliteGoGreen(db: Database): GoGreenStore {
  return {
    async setElectdocs(borrowerId: number, electdocs: boolean, consent: ConsentRecord) {
      db.transaction(() => {
        db.prepare('UPDATE borrowers SET electdocs = ? WHERE id = ?').run(electdocs ? 1 : 0, borrowerId);
        db
          .prepare(
            `INSERT INTO consent_audit (${CONSENT_COLUMNS})
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(...consentValues(consent));
      })();
    },

    async consentAudit(borrowerId: number): Promise<ConsentRecord[]> {
      const rows = db
        .prepare('SELECT * FROM consent_audit WHERE borrower_id = ? ORDER BY id')
        .all(borrowerId) as ConsentRow[];
      return rows.map(consentFromRow);
    },
  };
}
