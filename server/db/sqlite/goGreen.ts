/** Paperless delivery and its append-only consent audit, in SQLite. */
import type { Database } from 'better-sqlite3';
import { CONSENT_COLUMNS, CONSENT_SELECT, DISCLOSURES_INSERT, consentFromRow, consentValues, disclosuresValues, type ConsentRow } from '../consentRows';
import type { ConsentRecord, GoGreenStore } from '../store';

export function sqliteGoGreen(db: Database): GoGreenStore {
  return {
    async setElectdocs(borrowerId: number, electdocs: boolean, consent: ConsentRecord) {
      db.transaction(() => {
        db.prepare('UPDATE borrowers SET electdocs = ? WHERE id = ?').run(electdocs ? 1 : 0, borrowerId);
        const disclosures = disclosuresValues(consent);
        if (disclosures) db.prepare(DISCLOSURES_INSERT(['?', '?', '?'])).run(...disclosures);
        db
          .prepare(
            `INSERT INTO consent_audit (${CONSENT_COLUMNS})
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(...consentValues(consent));
      })();
    },

    async consentAudit(borrowerId: number): Promise<ConsentRecord[]> {
      const rows = db.prepare(CONSENT_SELECT('?')).all(borrowerId) as ConsentRow[];
      return rows.map(consentFromRow);
    },
  };
}
